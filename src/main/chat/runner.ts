import { fitSettings, type ChatMessageView, type ConversationView } from '../../shared/schemas/chat'
import type { AppError } from '../../shared/result'
import type { EventBus } from '../contract/events'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import type { CrashProbe } from '../crashPoints'
import { isGatewayError, type GatewayStream, type PostOptions } from '../gateway'
import { toAppFailure } from '../gateway/failure'
import { ReplyAssembly } from './assembly'
import type { ChatRepository } from './repository'
import type { ConversationRecord, MessageRecord } from './rows'
import type { HistoryTurn, TurnImage } from './requests'
import { buildRequest, styleRun, type ChatClient, type StyledRequest } from './styles'
import { messageView } from './views'

export type { ChatClient } from './styles'

export interface ChatRunnerDeps {
  repo: ChatRepository
  bus: EventBus
  clientFor: (profileId: string) => Promise<ChatClient>
  loadImage: (mediaId: string) => Promise<TurnImage | null>
  conversationView: (record: ConversationRecord) => ConversationView
  /** False once the database is closed (backend shut down): running replies then end quietly. */
  alive: () => boolean
  onError?: (message: string, error: unknown) => void
  now: () => number
  /** How often a streaming reply's row is rewritten (its final state is always written). */
  persistEveryMs?: number
  /** How long deltas are gathered before one `chat.delta` event goes out. */
  deltaEveryMs?: number
  /** Test-only crash points (`crashPoints.ts`); production passes none. */
  probe?: CrashProbe
}

interface LiveReply {
  messageId: string
  conversationId: string
  controller: AbortController
  assembly: ReplyAssembly
  finalized: boolean
  /** Headers arrived (the request was accepted and the answer is coming). */
  opened: boolean
  streamed: boolean
  sentText: number
  sentReasoning: number
  sentToolCalls: number
  deltaTimer: ReturnType<typeof setTimeout> | null
  lastPersistAt: number
}

/**
 * A 400 that says the model does not stream (docs/GATEWAY.md §1: "a stream request to a model without
 * streaming").
 */
export function refusedStreaming(error: unknown): boolean {
  return (
    isGatewayError(error) &&
    error.reason === 'http' &&
    error.status === 400 &&
    /stream/i.test(`${error.code ?? ''} ${error.type ?? ''} ${error.message}`)
  )
}

const INTERNAL: AppError = {
  code: 'internal',
  message: 'Something went wrong inside the app. The error has been logged.'
}

/**
 * Runs replies: one gateway request per reply, streamed (or whole, for a model that will not stream),
 * assembled in memory, sent to the renderer as `chat.delta` events gathered over a few milliseconds, and
 * written to the reply's row as it grows (throttled) and always in its final state. Stop aborts the request
 * at once and keeps what arrived.
 */
export class ChatRunner {
  private readonly live = new Map<string, LiveReply>()
  private readonly running = new Set<Promise<void>>()
  private readonly now: () => number
  private readonly persistEveryMs: number
  private readonly deltaEveryMs: number

  constructor(private readonly deps: ChatRunnerDeps) {
    this.now = deps.now
    this.persistEveryMs = deps.persistEveryMs ?? 400
    this.deltaEveryMs = deps.deltaEveryMs ?? 24
  }

  isLive(messageId: string): boolean {
    return this.live.has(messageId)
  }

  hasLiveReply(conversationId: string): boolean {
    return [...this.live.values()].some((reply) => reply.conversationId === conversationId)
  }

  /** Starts the reply whose row (`pending`) is already written; returns at once. */
  start(messageId: string, conversationId: string, idempotencyKey: string): void {
    this.deps.probe?.('chat.committed')
    const reply: LiveReply = {
      messageId,
      conversationId,
      controller: new AbortController(),
      assembly: new ReplyAssembly(),
      finalized: false,
      opened: false,
      streamed: true,
      sentText: 0,
      sentReasoning: 0,
      sentToolCalls: 0,
      deltaTimer: null,
      lastPersistAt: this.now()
    }
    this.live.set(messageId, reply)
    const run = this.run(reply, idempotencyKey).finally(() => {
      if (this.live.get(messageId) === reply) this.live.delete(messageId)
      this.running.delete(run)
    })
    this.running.add(run)
  }

  /** Aborts the request and writes the reply as stopped with what arrived; false when it was not running. */
  stop(messageId: string): boolean {
    const reply = this.live.get(messageId)
    if (!reply || reply.finalized) return false
    reply.controller.abort()
    this.finish(reply, 'stopped', null)
    return true
  }

  stopConversation(conversationId: string): void {
    for (const reply of [...this.live.values()])
      if (reply.conversationId === conversationId) this.stop(reply.messageId)
  }

  /** A stored reply with the text that has arrived since its row was last written. */
  withLiveText(record: MessageRecord): MessageRecord {
    const reply = this.live.get(record.id)
    if (!reply || reply.finalized) return record
    const a = reply.assembly
    return { ...record, text: a.text, reasoning: a.reasoning, toolCalls: a.toolCalls }
  }

  /** Resolves when every reply started so far has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running])
  }

  private async run(reply: LiveReply, idempotencyKey: string): Promise<void> {
    try {
      const conversation = this.deps.repo.getConversation(reply.conversationId)
      const message = this.deps.repo.getMessage(reply.messageId)
      if (!conversation || !message) throw new AppFailure('not_found', say('conversationGone'))
      const history = await this.history(message)
      const client = await this.deps.clientFor(conversation.profileId)
      // A reply carries its own model and style: another reply may be asked of another model.
      const style = message.style ?? conversation.style
      const request = buildRequest(
        style,
        {
          model: message.model ?? conversation.model,
          systemPrompt: conversation.systemPrompt,
          settings: fitSettings(style, conversation.settings)
        },
        history
      )
      if (reply.finalized) return
      let whole = !conversation.settings.stream
      if (!whole) {
        try {
          await this.streamReply(reply, client, request, idempotencyKey)
        } catch (error) {
          if (reply.finalized || reply.opened || !refusedStreaming(error)) throw error
          // Refused before anything ran: ask for the whole answer, under its own key (a different body).
          whole = true
          this.streamingRefused(conversation)
        }
      }
      if (whole && !reply.finalized) {
        reply.streamed = false
        await this.wholeReply(reply, client, request, `${idempotencyKey}-whole`)
      }
      this.deps.probe?.('chat.answered')
      this.finish(reply, 'complete', null)
    } catch (error) {
      if (reply.finalized) return
      if (reply.controller.signal.aborted) this.finish(reply, 'stopped', null)
      else this.finish(reply, 'error', this.appError(error))
    }
  }

  /** What the reply answers: every message before it on its own branch (not the branch shown). */
  private async history(reply: MessageRecord): Promise<HistoryTurn[]> {
    const earlier = reply.parentId ? this.deps.repo.pathTo(reply.parentId) : []
    return Promise.all(
      earlier.map(async (m) => ({
        role: m.role,
        text: m.text,
        toolCalls: m.toolCalls,
        images: (await Promise.all(m.attachments.map((a) => this.deps.loadImage(a.mediaId)))).filter(
          (image): image is TurnImage => image !== null
        )
      }))
    )
  }

  private async streamReply(
    reply: LiveReply,
    client: ChatClient,
    request: StyledRequest,
    idempotencyKey: string
  ): Promise<void> {
    const options: PostOptions = { signal: reply.controller.signal, idempotencyKey }
    const run = styleRun(request.style)
    return this.consume(reply, run.open(client, request.body, options), (event) =>
      run.apply(reply.assembly, event)
    )
  }

  private async consume<E>(
    reply: LiveReply,
    opening: Promise<GatewayStream<E>>,
    apply: (event: E) => void
  ): Promise<void> {
    const stream = await opening
    if (reply.finalized) {
      await stream.events.return(undefined)
      return
    }
    this.opened(reply)
    for await (const event of stream.events) {
      if (reply.finalized) break
      apply(event)
      this.deps.probe?.('chat.delta')
      this.progress(reply)
    }
  }

  private async wholeReply(
    reply: LiveReply,
    client: ChatClient,
    request: StyledRequest,
    idempotencyKey: string
  ): Promise<void> {
    const options: PostOptions = { signal: reply.controller.signal, idempotencyKey }
    await styleRun(request.style).whole(client, request.body, options, reply.assembly)
  }

  private opened(reply: LiveReply): void {
    reply.opened = true
    this.safely(reply, () => {
      this.deps.repo.updateReply(reply.messageId, { status: 'streaming' })
      this.emitMessage(reply.messageId)
    })
  }

  private progress(reply: LiveReply): void {
    reply.deltaTimer ??= setTimeout(() => this.flushDelta(reply), this.deltaEveryMs)
    const now = this.now()
    if (now - reply.lastPersistAt < this.persistEveryMs) return
    reply.lastPersistAt = now
    const a = reply.assembly
    this.safely(reply, () =>
      this.deps.repo.updateReply(reply.messageId, {
        text: a.text,
        reasoning: a.reasoning,
        toolCalls: a.toolCalls
      })
    )
  }

  private flushDelta(reply: LiveReply): void {
    if (reply.deltaTimer) clearTimeout(reply.deltaTimer)
    reply.deltaTimer = null
    const a = reply.assembly
    const toolsChanged = a.toolCallsVersion !== reply.sentToolCalls
    if (a.text.length === reply.sentText && a.reasoning.length === reply.sentReasoning && !toolsChanged)
      return
    this.deps.bus.emit('chat.delta', {
      conversationId: reply.conversationId,
      messageId: reply.messageId,
      textOffset: reply.sentText,
      text: a.text.slice(reply.sentText),
      reasoningOffset: reply.sentReasoning,
      reasoning: a.reasoning.slice(reply.sentReasoning),
      ...(toolsChanged ? { toolCalls: a.toolCalls } : {})
    })
    reply.sentText = a.text.length
    reply.sentReasoning = a.reasoning.length
    reply.sentToolCalls = a.toolCallsVersion
  }

  /** The one place a reply ends: its last delta, its final row, then its final state as an event. */
  private finish(reply: LiveReply, status: 'complete' | 'stopped' | 'error', error: AppError | null): void {
    if (reply.finalized) return
    reply.finalized = true
    // From here the reply is settled: a new send or a retry may start while the request winds down.
    if (this.live.get(reply.messageId) === reply) this.live.delete(reply.messageId)
    this.flushDelta(reply)
    const a = reply.assembly
    this.safely(reply, () => {
      this.deps.repo.updateReply(reply.messageId, {
        status,
        text: a.text,
        reasoning: a.reasoning,
        toolCalls: a.toolCalls,
        usage: a.usage,
        finishReason: a.finishReason,
        error,
        streamed: reply.streamed
      })
      const conversation = this.deps.repo.updateConversation(reply.conversationId, {})
      this.emitMessage(reply.messageId)
      this.deps.bus.emit('chat.conversationUpdated', this.deps.conversationView(conversation))
    })
  }

  private streamingRefused(conversation: ConversationRecord): void {
    const updated = this.deps.repo.updateConversation(
      conversation.id,
      { settings: { ...conversation.settings, stream: false } },
      false
    )
    this.deps.bus.emit('chat.conversationUpdated', this.deps.conversationView(updated))
  }

  private emitMessage(messageId: string): void {
    const record = this.deps.repo.getMessage(messageId)
    if (record) this.deps.bus.emit('chat.messageUpdated', messageView(record) satisfies ChatMessageView)
  }

  private appError(error: unknown): AppError {
    const failure = toAppFailure(error)
    if (failure instanceof AppFailure) return failure.toAppError()
    this.deps.onError?.('chat reply failed', error)
    return INTERNAL
  }

  /** Store writes after shutdown would throw: the reply is then abandoned quietly. */
  private safely(reply: LiveReply, write: () => void): void {
    if (!this.deps.alive()) {
      reply.controller.abort()
      return
    }
    try {
      write()
    } catch (error) {
      this.deps.onError?.('chat reply could not be saved', error)
    }
  }
}
