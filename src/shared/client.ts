import {
  commands,
  events,
  isEventName,
  type CommandInput,
  type CommandName,
  type CommandOutput,
  type EventName,
  type EventPayload
} from './contract'
import { ContractErrorCode, ResultEnvelopeSchema, type AppError, type Result } from './result'

/** What a shell must provide: send one command, and deliver events. Nothing else is assumed. */
export interface Transport {
  invoke(name: CommandName, input: unknown): Promise<unknown>
  subscribe(listener: (name: string, payload: unknown) => void): () => void
}

export class ApiError extends Error {
  readonly code: string
  readonly details: unknown
  constructor(error: AppError) {
    super(error.message)
    this.name = 'ApiError'
    this.code = error.code
    this.details = error.details
  }
}

export interface ApiClient {
  /** Resolves with the value, or rejects with an `ApiError` carrying the backend's code and message. */
  invoke<K extends CommandName>(name: K, input: CommandInput<K>): Promise<CommandOutput<K>>
  /** Like `invoke` but never rejects: for callers that render errors inline. */
  call<K extends CommandName>(name: K, input: CommandInput<K>): Promise<Result<CommandOutput<K>>>
  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void
}

export function createApiClient(transport: Transport): ApiClient {
  type Listener = (payload: unknown) => void
  const listeners = new Map<EventName, Set<Listener>>()
  let unsubscribeTransport: (() => void) | null = null

  const ensureSubscribed = (): void => {
    if (unsubscribeTransport) return
    unsubscribeTransport = transport.subscribe((name, payload) => {
      if (!isEventName(name)) return
      const set = listeners.get(name)
      if (!set || set.size === 0) return
      const parsed = events[name].safeParse(payload)
      // A payload that breaks the contract is dropped rather than handed to a store that trusts its types.
      if (!parsed.success) return
      for (const listener of set) listener(parsed.data)
    })
  }

  async function call<K extends CommandName>(
    name: K,
    input: CommandInput<K>
  ): Promise<Result<CommandOutput<K>>> {
    let raw: unknown
    try {
      raw = await transport.invoke(name, input)
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : String(cause)
      return { ok: false, error: { code: ContractErrorCode.transport, message } }
    }
    const envelope = ResultEnvelopeSchema.safeParse(raw)
    if (!envelope.success) {
      return {
        ok: false,
        error: { code: ContractErrorCode.invalidOutput, message: `Malformed reply to ${name}` }
      }
    }
    if (!envelope.data.ok) return { ok: false, error: envelope.data.error }
    const value = commands[name].output.safeParse(envelope.data.value)
    if (!value.success) {
      return {
        ok: false,
        error: { code: ContractErrorCode.invalidOutput, message: `Unexpected reply to ${name}` }
      }
    }
    return { ok: true, value: value.data as CommandOutput<K> }
  }

  return {
    call,
    async invoke(name, input) {
      const result = await call(name, input)
      if (!result.ok) throw new ApiError(result.error)
      return result.value
    },
    on(name, listener) {
      ensureSubscribed()
      let set = listeners.get(name)
      if (!set) {
        set = new Set()
        listeners.set(name, set)
      }
      const wrapped = listener as Listener
      set.add(wrapped)
      return () => {
        set.delete(wrapped)
      }
    }
  }
}
