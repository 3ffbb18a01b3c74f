import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ChatRepository } from '../../../../src/main/chat/repository'
import { ChatRunner, type ChatClient } from '../../../../src/main/chat/runner'
import { conversationView } from '../../../../src/main/chat/views'
import { createEventBus } from '../../../../src/main/contract/events'
import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import type { ChatStreamEvent, GatewayStream } from '../../../../src/main/gateway'
import {
  defaultChatSettings,
  type ChatDelta,
  type ChatMessageView
} from '../../../../src/shared/schemas/chat'
import { makeTempDir } from '../../../helpers/tempDir'

/** A chat stream that yields the given events, then waits until aborted (like a slow model). */
function hangingStream(
  events: ChatStreamEvent[],
  signal: AbortSignal,
  seen: { closed: boolean }
): GatewayStream<ChatStreamEvent> {
  async function* generate(): AsyncGenerator<ChatStreamEvent, void, undefined> {
    try {
      for (const event of events) yield event
      await new Promise<void>((_, reject) => {
        if (signal.aborted) reject(new Error('aborted'))
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true })
      })
    } finally {
      seen.closed = true
    }
  }
  return { requestId: undefined, events: generate() }
}

describe('chat runner', () => {
  const temp = makeTempDir()
  let db: Db
  let repo: ChatRepository
  let run = 0
  const updates: ChatMessageView[] = []
  const deltas: ChatDelta[] = []

  beforeEach(() => {
    db = openDatabase(`${temp.dir}/runner-${run++}.db`)
    migrate(db, migrations)
    repo = new ChatRepository(db, Date.now)
    updates.length = 0
    deltas.length = 0
  })
  afterEach(() => db.close())
  afterAll(() => temp.cleanup())

  const setup = (client: Partial<ChatClient>, persistEveryMs = 60_000) => {
    const bus = createEventBus()
    bus.subscribe((name, payload) => {
      if (name === 'chat.messageUpdated') updates.push(payload as ChatMessageView)
      if (name === 'chat.delta') deltas.push(payload as ChatDelta)
    })
    const runner = new ChatRunner({
      repo,
      bus,
      clientFor: () => Promise.resolve(client as ChatClient),
      loadImage: () => Promise.resolve(null),
      conversationView: (record) => conversationView(record, 'Demo'),
      alive: () => db.open,
      persistEveryMs,
      deltaEveryMs: 1,
      now: Date.now
    })
    const conversation = repo.createConversation({
      profileId: 'demo',
      model: 'studio-chat',
      style: 'chat',
      systemPrompt: '',
      settings: defaultChatSettings(),
      title: 't'
    })
    const { assistant } = repo.insertExchange({
      conversationId: conversation.id,
      text: 'Tell me a story',
      attachments: [],
      model: 'studio-chat',
      style: 'chat',
      requestKey: 'chat-key-1',
      title: null
    })
    return { runner, conversation, assistant }
  }

  const waitFor = async <T>(find: () => T | undefined): Promise<T> => {
    for (let i = 0; i < 500; i++) {
      const found = find()
      if (found !== undefined) return found
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    throw new Error('timed out')
  }

  it('Stop aborts the request at once, closes the stream and keeps the partial reply as stopped [P16]', async () => {
    const seen = { closed: false, signal: null as AbortSignal | null, key: '' }
    const { runner, assistant } = setup({
      streamChatCompletion: (_body, options) => {
        seen.signal = options.signal
        seen.key = options.idempotencyKey
        return Promise.resolve(
          hangingStream(
            [
              { type: 'start', id: 'c', model: 'm' },
              { type: 'text', choice: 0, text: 'Once upon ' },
              { type: 'text', choice: 0, text: 'a time' }
            ],
            options.signal,
            seen
          )
        )
      }
    })
    runner.start(assistant.id, assistant.conversationId, 'chat-key-1')
    await waitFor(() => (deltas.map((d) => d.text).join('') === 'Once upon a time' ? true : undefined))
    expect(runner.isLive(assistant.id)).toBe(true)

    expect(runner.stop(assistant.id)).toBe(true)
    // Written and announced synchronously by stop itself: nothing waits for the stream to notice.
    expect(repo.getMessage(assistant.id)).toMatchObject({ status: 'stopped', text: 'Once upon a time' })
    expect(updates.at(-1)).toMatchObject({ id: assistant.id, status: 'stopped', text: 'Once upon a time' })
    expect(seen.signal?.aborted).toBe(true)
    expect(seen.key).toBe('chat-key-1')
    expect(runner.isLive(assistant.id)).toBe(false)
    expect(runner.stop(assistant.id)).toBe(false)

    await runner.idle()
    expect(seen.closed).toBe(true)
    // Nothing overwrote the stopped state when the aborted request wound down.
    expect(repo.getMessage(assistant.id)?.status).toBe('stopped')
    expect(updates.filter((u) => u.status === 'stopped')).toHaveLength(1)
  })

  it('sends deltas with offsets that add up to the reply, and always writes the final state', async () => {
    const pieces = ['Al', 'pha ', 'be', 'ta']
    const { runner, assistant } = setup({
      streamChatCompletion: () => {
        async function* generate(): AsyncGenerator<ChatStreamEvent, void, undefined> {
          yield { type: 'start', id: 'c', model: 'm' }
          for (const text of pieces) {
            yield { type: 'text', choice: 0, text }
            await new Promise((resolve) => setTimeout(resolve, 3))
          }
          yield { type: 'finish', choice: 0, reason: 'stop' }
          yield { type: 'usage', usage: { prompt_tokens: 4, completion_tokens: 4, total_tokens: 8 } }
          yield { type: 'done' }
        }
        return Promise.resolve({ requestId: undefined, events: generate() })
      }
    })
    runner.start(assistant.id, assistant.conversationId, 'chat-key-1')
    const final = await waitFor(() => updates.find((u) => u.status === 'complete'))
    await runner.idle()
    expect(final.text).toBe('Alpha beta')
    expect(final.usage).toMatchObject({ inputTokens: 4, outputTokens: 4, totalTokens: 8 })
    let text = ''
    for (const d of deltas) {
      expect(d.textOffset).toBe(text.length)
      text += d.text
    }
    expect(text).toBe('Alpha beta')
    // The row was never rewritten while streaming (persistEveryMs is huge), yet the final text is stored.
    expect(repo.getMessage(assistant.id)).toMatchObject({
      status: 'complete',
      text: 'Alpha beta',
      finishReason: 'stop'
    })
  })

  it('a failure before the answer starts keeps no text and stores the mapped error', async () => {
    const { runner, assistant } = setup({
      streamChatCompletion: () => Promise.reject(new Error('socket hang up'))
    })
    runner.start(assistant.id, assistant.conversationId, 'chat-key-1')
    await runner.idle()
    expect(repo.getMessage(assistant.id)).toMatchObject({
      status: 'error',
      text: '',
      error: { code: 'internal' }
    })
  })
})
