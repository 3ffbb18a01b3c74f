import { randomUUID } from 'node:crypto'
import { Agent } from 'undici'
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../src/emulator'
import {
  createGatewayClient,
  GatewayError,
  type GatewayClient,
  type GatewayClientOptions
} from '../../../src/main/gateway'
import type { Clock } from '../../../src/main/time/clock'
import { FieldMap, type ExtraFields, type FieldMapInput } from '../../../src/shared/gateway/fieldMap'

/** Shared plumbing of the gateway integration tests: the emulator, a client per key, and no real waiting. */

export function noWaitClock(): Clock & { slept: number[] } {
  const slept: number[] = []
  return {
    slept,
    now: () => Date.now(),
    monotonic: () => performance.now(),
    random: () => 0.5,
    sleep: (ms, signal) => {
      if (signal.aborted) return Promise.reject(new Error('aborted'))
      slept.push(ms)
      return Promise.resolve()
    }
  }
}

export interface Rig {
  emu: RunningEmulator
  agent: Agent
  client(options?: ClientOptions): GatewayClient
  /** Requests the emulator logged for a path (tenant-relative), in order. */
  logFor(path: string): RunningEmulator['requestLog']
  stop(): Promise<void>
}

export type ClientOptions = GatewayClientOptions & {
  key?: string | null
  fieldMap?: FieldMapInput
  extraFields?: ExtraFields
}

export async function startRig(options: EmulatorOptions = {}): Promise<Rig> {
  const emu = await startEmulator({ port: 0, ...options })
  const agent = new Agent({ connect: { timeout: 2000 } })
  return {
    emu,
    agent,
    client: ({ key, fieldMap, extraFields, ...rest } = {}) => {
      const k = key === undefined ? emu.keys.ordinary : key
      return createGatewayClient(
        {
          baseUrl: emu.baseUrl,
          authorization: () => Promise.resolve(k === null ? null : `Bearer ${k}`),
          fieldMap: FieldMap.parse(fieldMap ?? {}),
          extraFields
        },
        { allowLoopbackHttp: true, dispatcher: agent, clock: noWaitClock(), ...rest }
      )
    },
    logFor: (path) => emu.requestLog.filter((e) => e.path === path),
    stop: async () => {
      await emu.stop()
      await agent.close()
    }
  }
}

export const post = (signal: AbortSignal = new AbortController().signal) => ({
  signal,
  idempotencyKey: randomUUID()
})
export const get = () => ({ signal: new AbortController().signal })

export async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise
  } catch (err) {
    if (err instanceof GatewayError) return err
    throw err
  }
  throw new Error('expected a GatewayError, got success')
}

export async function collect<E>(stream: {
  events: AsyncIterable<E>
}): Promise<{ events: E[]; error?: GatewayError }> {
  const events: E[] = []
  try {
    for await (const event of stream.events) events.push(event)
    return { events }
  } catch (err) {
    if (err instanceof GatewayError) return { events, error: err }
    throw err
  }
}

/** A catalog lookup backed by one listing call, as the model catalog will provide. */
export async function catalogOf(client: GatewayClient): Promise<GatewayClientOptions['lookupModel']> {
  const listing = await client.listModels(get())
  const byId = new Map(listing.data.data.map((m) => [m.id, m]))
  return (id) => byId.get(id)
}
