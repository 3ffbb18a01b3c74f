import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import type {
  ChatMessageView,
  ChatSettingsInput,
  ChatStyle,
  ConversationDraft
} from '../../../src/shared/schemas/chat'
import type { CommandOutput } from '../../../src/shared/contract'
import { connectToEmulator, startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

const PATHS: Record<ChatStyle, string> = {
  chat: '/v1/chat/completions',
  messages: '/v1/messages',
  responses: '/v1/responses'
}
const MODELS: Record<ChatStyle, string> = {
  chat: 'studio-chat',
  messages: 'studio-messages',
  responses: 'studio-responses'
}
const STYLES: ChatStyle[] = ['chat', 'messages', 'responses']
const FINAL = new Set(['complete', 'stopped', 'error', 'interrupted'])

let clicks = 0
const click = (): string => `click-${Date.now()}-${++clicks}`

/** Records every chat event from the start, so a reply that ends quickly is never missed. */
function recorder(studio: TestBackend) {
  const updates: ChatMessageView[] = []
  const deltas: { messageId: string; textOffset: number; text: string; toolCalls?: unknown }[] = []
  const waiters: (() => void)[] = []
  const wake = (): void => waiters.splice(0).forEach((w) => w())
  studio.api.on('chat.messageUpdated', (m) => {
    updates.push(m)
    wake()
  })
  studio.api.on('chat.delta', (d) => {
    deltas.push(d)
    wake()
  })
  const until = async <T>(find: () => T | undefined): Promise<T> => {
    for (;;) {
      const found = find()
      if (found !== undefined) return found
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  return {
    updates,
    deltas,
    until,
    final: (messageId: string) => until(() => updates.find((m) => m.id === messageId && FINAL.has(m.status))),
    firstDelta: (messageId: string) => until(() => deltas.find((d) => d.messageId === messageId)),
    streamedText: (messageId: string) =>
      deltas
        .filter((d) => d.messageId === messageId)
        .map((d) => d.text)
        .join('')
  }
}

describe('chat service against the emulator', () => {
  const temp = makeTempDir()
  let emulator: RunningEmulator
  let studio: TestBackend
  let events: ReturnType<typeof recorder>
  let run = 0

  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.stop()
    temp.cleanup()
  })
  beforeEach(async () => {
    studio = startTestBackend(temp.dir, `data-${run++}`)
    events = recorder(studio)
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    emulator.faults.clear()
    emulator.clearLog()
  })
  afterEach(async () => {
    await studio.backend.close()
  })

  const posts = (style: ChatStyle) =>
    emulator.requestLog.filter((entry) => entry.method === 'POST' && entry.path === PATHS[style])

  const draft = (style: ChatStyle, settings: ChatSettingsInput = {}): ConversationDraft => ({
    model: MODELS[style],
    style,
    settings
  })

  const send = async (
    input: { conversationId?: string; draft?: ConversationDraft; text: string; requestId?: string },
    attachments: { mime: 'image/png'; data: string }[] = []
  ): Promise<CommandOutput<'chat.send'> & { reply: ChatMessageView }> => {
    const sent = await studio.api.invoke('chat.send', {
      ...input,
      attachments,
      requestId: input.requestId ?? click()
    })
    return { ...sent, reply: await events.final(sent.assistantMessage.id) }
  }

  it.each(STYLES)(
    'streams a reply in the %s style, keeps it, and sends one POST per click',
    async (style) => {
      const sent = await send({ draft: draft(style), text: 'Hello there, lighthouse keeper' })
      const { reply } = sent
      expect(reply.status).toBe('complete')
      expect(reply.text).toBe(
        `Emulated reply from ${MODELS[style]}. You said: "Hello there, lighthouse keeper". ✓`
      )
      expect(reply.streamed).toBe(true)
      // What streamed as deltas is exactly the stored reply.
      expect(events.streamedText(reply.id)).toBe(reply.text)
      expect(reply.usage?.inputTokens).toBeGreaterThan(0)
      expect(reply.usage?.outputTokens).toBeGreaterThan(0)
      expect(reply.usage?.totalTokens).toBe(
        (reply.usage?.inputTokens ?? 0) +
          (reply.usage?.outputTokens ?? 0) +
          (reply.usage?.cacheCreationTokens ?? 0) +
          (reply.usage?.cacheReadTokens ?? 0)
      )
      if (style === 'messages') {
        expect(reply.usage?.cacheCreationTokens).toBe(0)
        expect(reply.usage?.cacheReadTokens).toBe(0)
      } else expect(reply.usage?.cachedTokens).toBe(0)

      const calls = posts(style)
      expect(calls).toHaveLength(1)
      expect(calls[0]?.idempotencyKey).toMatch(/^chat-click-/)
      expect(calls[0]?.bodySummary.stream).toBe(true)

      const detail = await studio.api.invoke('chat.get', { id: sent.conversation.id })
      expect(detail.conversation.title).toBe('Hello there, lighthouse keeper')
      expect(detail.conversation.style).toBe(style)
      expect(detail.messages.map((m) => [m.role, m.status])).toEqual([
        ['user', 'complete'],
        ['assistant', 'complete']
      ])
      expect(detail.messages[1]?.text).toBe(reply.text)
    }
  )

  it.each(STYLES)(
    'sends the whole history in the %s style (the second turn finds its prefix cached)',
    async (style) => {
      const first = await send({ draft: draft(style), text: 'First question' })
      const second = await send({ conversationId: first.conversation.id, text: 'Second question' })
      expect(second.reply.status).toBe('complete')
      expect(second.reply.text).toContain('You said: "Second question"')
      expect(second.reply.usage?.inputTokens).toBeGreaterThan(first.reply.usage?.inputTokens ?? 0)
      // chat and responses report the repeated prefix as cached; messages only with cache_control.
      if (style !== 'messages') expect(second.reply.usage?.cachedTokens).toBeGreaterThan(0)
      expect(posts(style)).toHaveLength(2)
      expect(new Set(posts(style).map((p) => p.idempotencyKey)).size).toBe(2)
    }
  )

  it('the same click arriving twice sends once', async () => {
    const requestId = click()
    const first = await send({ draft: draft('chat'), text: 'Only once', requestId })
    const again = await studio.api.invoke('chat.send', {
      draft: draft('chat'),
      text: 'Only once',
      attachments: [],
      requestId
    })
    expect(again.assistantMessage.id).toBe(first.reply.id)
    expect(posts('chat')).toHaveLength(1)
    expect(await studio.api.invoke('chat.list', {})).toHaveLength(1)
  })

  it.each(STYLES)('Stop in the %s style aborts at once and keeps the partial reply [P16]', async (style) => {
    emulator.faults.script(PATHS[style], [{ stallAfterBytes: 1500 }])
    const sent = await studio.api.invoke('chat.send', {
      draft: draft(style),
      text: 'Tell me a long story [[tokens=400]]',
      attachments: [],
      requestId: click()
    })
    const id = sent.assistantMessage.id
    await events.firstDelta(id)
    const stopped = await studio.api.invoke('chat.stop', { messageId: id })
    expect(stopped.stopped).toBe(true)
    expect(stopped.message?.status).toBe('stopped')
    const partial = stopped.message?.text ?? ''
    expect(partial.length).toBeGreaterThan(0)
    expect(partial.split(' ').length).toBeLessThan(400)
    // The stop is final: nothing more is written, and a reload shows the same partial reply.
    const detail = await studio.api.invoke('chat.get', { id: sent.conversation.id })
    expect(detail.messages[1]).toMatchObject({ status: 'stopped', text: partial })
    expect((await studio.api.invoke('chat.stop', { messageId: id })).stopped).toBe(false)
    // The conversation is free again.
    const next = await send({ conversationId: sent.conversation.id, text: 'Shorter please' })
    expect(next.reply.status).toBe('complete')
    expect(posts(style)).toHaveLength(2)
  })

  it('keeps what arrived when the stream breaks with an in-stream error [P22]', async () => {
    emulator.faults.script(PATHS.chat, [{ errorEvent: { afterEvents: 4 } }])
    const { reply } = await send({ draft: draft('chat'), text: 'Break midway [[tokens=50]]' })
    expect(reply.status).toBe('error')
    expect(reply.text.length).toBeGreaterThan(0)
    expect(reply.error?.code).toMatch(/^gateway\./)
    expect(posts('chat')).toHaveLength(1)
  })

  describe('branches: edit and send again, another reply, presets (issue 15)', () => {
    const replyTo = async (
      result: Promise<CommandOutput<'chat.send'>>
    ): Promise<CommandOutput<'chat.send'> & { reply: ChatMessageView }> => {
      const sent = await result
      return { ...sent, reply: await events.final(sent.assistantMessage.id) }
    }

    it('an edited message starts a new branch; the old one is kept and can be shown again', async () => {
      const first = await send({ draft: draft('chat'), text: 'Name a lighthouse' })
      const id = first.conversation.id
      await send({ conversationId: id, text: 'And its height?' })
      const edited = await replyTo(
        studio.api.invoke('chat.edit', {
          messageId: first.userMessage.id,
          text: 'Name a windmill',
          requestId: click()
        })
      )
      expect(edited.reply.status).toBe('complete')
      // The reply answers the edited text, with nothing of the other branch before it.
      expect(edited.reply.text).toBe('Emulated reply from studio-chat. You said: "Name a windmill". ✓')

      const shown = await studio.api.invoke('chat.get', { id })
      expect(shown.messages.map((m) => m.text)).toEqual(['Name a windmill', edited.reply.text])
      expect(shown.branches[edited.userMessage.id]).toEqual({
        index: 2,
        count: 2,
        previousId: first.userMessage.id,
        nextId: null
      })

      // Back to the first branch: it comes back whole, down to its latest reply.
      const back = await studio.api.invoke('chat.branch', { messageId: first.userMessage.id })
      expect(back.messages.map((m) => m.text.slice(0, 24))).toEqual([
        'Name a lighthouse',
        'Emulated reply from stud',
        'And its height?',
        'Emulated reply from stud'
      ])
      expect(back.branches[first.userMessage.id]).toMatchObject({ index: 1, count: 2 })
      // A new message continues the branch shown.
      const next = await send({ conversationId: id, text: 'Thanks' })
      expect(next.userMessage.id).not.toBe(edited.userMessage.id)
      const whole = await studio.api.invoke('chat.get', { id })
      expect(whole.messages).toHaveLength(6)
      expect(whole.earlier).toBe(0)
      // Read by its tail (how a long conversation first opens): the last messages, and how many came before.
      const tail = await studio.api.invoke('chat.get', { id, tail: 5 })
      expect(tail.messages.map((m) => m.id)).toEqual(whole.messages.slice(1).map((m) => m.id))
      expect([tail.earlier, tail.later]).toEqual([1, 0])
      // The branch point is among the messages left out, so no branch is told for them.
      expect(tail.branches).toEqual({})
      expect((await studio.api.invoke('chat.get', { id, tail: 200 })).earlier).toBe(0)
      // The part before a message of the branch, as the rest of a long conversation is read.
      const part = await studio.api.invoke('chat.get', { id, tail: 2, before: whole.messages[3]?.id })
      expect(part.messages.map((m) => m.id)).toEqual(whole.messages.slice(1, 3).map((m) => m.id))
      expect([part.earlier, part.later]).toEqual([1, 3])
      const start = await studio.api.invoke('chat.get', { id, tail: 5, before: whole.messages[1]?.id })
      expect(start.messages.map((m) => m.id)).toEqual([whole.messages[0]?.id])
      expect(start.branches[first.userMessage.id]).toMatchObject({ index: 1, count: 2 })
      // A message of another branch is not on the one shown: read as if not given.
      const elsewhere = await studio.api.invoke('chat.get', { id, tail: 2, before: edited.userMessage.id })
      expect([elsewhere.earlier, elsewhere.later]).toEqual([4, 0])
      // Every message of every branch is still stored.
      expect((await studio.api.invoke('chat.list', {})).find((c) => c.id === id)?.messageCount).toBe(8)
    })

    it('regenerates a reply with another model, keeping the first reply beside it', async () => {
      const first = await send({ draft: draft('chat'), text: 'Describe the sea' })
      const again = await replyTo(
        studio.api.invoke('chat.regenerate', {
          messageId: first.reply.id,
          model: 'studio-responses',
          requestId: click()
        })
      )
      expect(again.assistantMessage).toMatchObject({ model: 'studio-responses', style: 'responses' })
      expect(again.reply.text).toBe('Emulated reply from studio-responses. You said: "Describe the sea". ✓')
      expect(posts('responses')).toHaveLength(1)
      const shown = await studio.api.invoke('chat.get', { id: first.conversation.id })
      expect(shown.messages.map((m) => m.id)).toEqual([first.userMessage.id, again.reply.id])
      expect(shown.branches[again.reply.id]).toMatchObject({ index: 2, count: 2, previousId: first.reply.id })
      // The conversation keeps its own model for what comes next.
      expect(shown.conversation.model).toBe('studio-chat')

      // The same click twice is one reply; an unlisted model is refused before anything is sent.
      const requestId = click()
      const once = await studio.api.invoke('chat.regenerate', { messageId: first.reply.id, requestId })
      const twice = await studio.api.invoke('chat.regenerate', { messageId: first.reply.id, requestId })
      expect(twice.assistantMessage.id).toBe(once.assistantMessage.id)
      await events.final(once.assistantMessage.id)
      await studio.api.invoke('models.refresh', {})
      const refused = await studio.api.call('chat.regenerate', {
        messageId: first.reply.id,
        model: 'no-such-model',
        requestId: click()
      })
      expect(refused.ok).toBe(false)
      if (!refused.ok) expect(refused.error.code).toBe('chat.model_not_listed')
    })

    it('keeps system-prompt presets by unique name', async () => {
      const poet = await studio.api.invoke('chat.savePreset', {
        name: 'Poet',
        systemPrompt: 'Answer in verse.'
      })
      await studio.api.invoke('chat.savePreset', { name: 'Editor', systemPrompt: 'Fix grammar only.' })
      expect((await studio.api.invoke('chat.presets', {})).map((p) => p.name)).toEqual(['Editor', 'Poet'])
      const clash = await studio.api.call('chat.savePreset', { name: 'poet', systemPrompt: 'x' })
      expect(clash.ok).toBe(false)
      if (!clash.ok) expect(clash.error.code).toBe('chat.preset_name_taken')
      const renamed = await studio.api.invoke('chat.savePreset', {
        id: poet.id,
        name: 'Poet',
        systemPrompt: 'Answer in rhyme.'
      })
      expect(renamed).toMatchObject({ id: poet.id, systemPrompt: 'Answer in rhyme.' })
      expect(await studio.api.invoke('chat.deletePreset', { id: poet.id })).toEqual({ deleted: true })
      expect((await studio.api.invoke('chat.presets', {})).map((p) => p.name)).toEqual(['Editor'])
    })
  })

  describe('error words [P36]', () => {
    /**
     * A second profile on the emulator with another key. Setting the key fetches that key's listing in
     * the background; waiting for it keeps each case deterministic (a key the gateway refuses has none).
     */
    const useKey = async (key: string): Promise<string> => {
      const profile = await studio.api.invoke('profiles.create', {
        name: `Key ${key.slice(-4)}`,
        baseUrl: emulator.baseUrl,
        activate: true
      })
      await studio.api.invoke('secrets.setKey', {
        profileId: profile.id,
        apiKey: key,
        acceptWeakProtection: true
      })
      await studio.api.call('models.refresh', { profileId: profile.id })
      return profile.id
    }

    it.each([
      ['auth', 'gateway.auth', 're_enter_key', () => emulator.keys.otherTenant, 'studio-chat'],
      ['balance', 'gateway.balance', 'check_balance', () => emulator.keys.noBalance, 'studio-chat'],
      // A listed model the gateway still refuses for this key (a tier rule): scripted, since the
      // emulator leaves a key's forbidden models out of its listing.
      ['permission', 'gateway.permission', 'check_permission', () => emulator.keys.ordinary, 'studio-chat'],
      ['unavailable', 'gateway.unavailable', 'retry_later', () => emulator.keys.ordinary, 'studio-offline']
    ] as const)(
      '%s: the reply shows the mapped words, after one POST [P36]',
      async (kind, code, action, key, model) => {
        await useKey(key())
        if (kind === 'permission') {
          emulator.faults.script(PATHS.chat, [
            { status: 403, error: { type: 'permission_error', code: 'model_not_permitted', message: 'tier' } }
          ])
        }
        const { reply } = await send({ draft: { model, style: 'chat' }, text: 'Hi' })
        expect(reply.status).toBe('error')
        expect(reply.error?.code).toBe(code)
        expect(reply.error?.details).toMatchObject({ action })
        expect(posts('chat')).toHaveLength(1)
      }
    )

    it('a model the listing of the current key leaves out is refused before sending (issue 15)', async () => {
      await useKey(emulator.keys.noPermission)
      const result = await studio.api.call('chat.send', {
        draft: { model: 'studio-offline', style: 'chat' },
        text: 'Hi',
        attachments: [],
        requestId: click()
      })
      expect(result.ok).toBe(false)
      if (!result.ok) {
        expect(result.error.code).toBe('chat.model_not_listed')
        expect(result.error.message).toBe(
          'studio-offline is not listed by Key 0002 for its current key. Pick a model it lists.'
        )
      }
      expect(posts('chat')).toHaveLength(0)
    })

    it('mismatch: refused before sending when the listing says the model lacks the style', async () => {
      const { reply } = await send({ draft: { model: 'studio-messages', style: 'chat' }, text: 'Hi' })
      expect(reply.error?.code).toBe('gateway.mismatch')
      expect(reply.error?.details).toMatchObject({
        action: 'pick_model',
        supportedEndpoints: ['/v1/messages']
      })
      expect(posts('chat')).toHaveLength(0)
    })

    it("mismatch: the gateway's own refusal maps the same way", async () => {
      emulator.faults.script(PATHS.responses, [
        {
          status: 400,
          error: { type: 'invalid_request_error', code: 'model_endpoint_mismatch', message: 'no' }
        }
      ])
      const { reply } = await send({ draft: draft('responses'), text: 'Hi' })
      expect(reply.error?.code).toBe('gateway.mismatch')
      expect(posts('responses')).toHaveLength(1)
    })
  })

  it('Retry sends one new request per click, under a new key', async () => {
    emulator.faults.script(PATHS.messages, [{ status: 503 }])
    const { reply, conversation } = await send({ draft: draft('messages'), text: 'Try me' })
    expect(reply.error?.code).toBe('gateway.unavailable')
    const requestId = click()
    const retried = await studio.api.invoke('chat.retry', { messageId: reply.id, requestId })
    expect(retried).toMatchObject({ id: reply.id, status: 'pending', text: '', error: null })
    const done = await events.until(() =>
      events.updates.find((m) => m.id === reply.id && m.status === 'complete')
    )
    expect(done.text).toContain('You said: "Try me"')
    // The same retry click again changes nothing.
    await studio.api.invoke('chat.retry', { messageId: reply.id, requestId })
    const keys = posts('messages').map((p) => p.idempotencyKey)
    expect(keys).toHaveLength(2)
    expect(keys[0]).not.toBe(keys[1])
    const detail = await studio.api.invoke('chat.get', { id: conversation.id })
    expect(detail.messages).toHaveLength(2)
  })

  it('falls back to a whole answer when the model refuses to stream, and remembers it', async () => {
    emulator.faults.script(PATHS.chat, [
      {
        status: 400,
        error: {
          type: 'invalid_request_error',
          code: 'stream_not_supported',
          message: 'Model "studio-chat" does not support streaming'
        }
      }
    ])
    const first = await send({ draft: draft('chat'), text: 'Whole please' })
    expect(first.reply).toMatchObject({ status: 'complete', streamed: false })
    expect(first.reply.text).toContain('You said: "Whole please"')
    expect(first.reply.usage?.totalTokens).toBeGreaterThan(0)
    expect(posts('chat').map((p) => p.bodySummary.stream)).toEqual([true, false])
    const conversation = (await studio.api.invoke('chat.get', { id: first.conversation.id })).conversation
    expect(conversation.settings.stream).toBe(false)
    // From now on one POST per click, whole.
    await send({ conversationId: conversation.id, text: 'Again' })
    expect(posts('chat').map((p) => p.bodySummary.stream)).toEqual([true, false, false])
  })

  it.each(STYLES)(
    'assembles a streamed tool call in the %s style and replays it in the next turn',
    async (style) => {
      const tools = [
        {
          name: 'get_weather',
          description: 'Weather for a city',
          parameters: { type: 'object', properties: { query: { type: 'string' } } }
        }
      ]
      const first = await send({ draft: draft(style, { tools }), text: '[[tool]] Paris in spring' })
      expect(first.reply.status).toBe('complete')
      expect(first.reply.toolCalls).toHaveLength(1)
      const call = first.reply.toolCalls[0]
      expect(call?.name).toBe('get_weather')
      expect(JSON.parse(call?.arguments ?? '')).toEqual({ query: 'Paris in spring', limit: 3 })
      expect(call?.id).not.toBe('')
      // The fragments arrived over several deltas and were put together exactly once.
      const toolDeltas = events.deltas.filter((d) => d.messageId === first.reply.id && d.toolCalls)
      expect(toolDeltas.length).toBeGreaterThan(0)
      // The emulator refuses a tool result that answers no earlier call, so this proves the replay.
      const second = await send({ conversationId: first.conversation.id, text: 'Thanks' })
      expect(second.reply.error).toBeNull()
      expect(second.reply.status).toBe('complete')
      // (The emulator words a messages turn that starts with tool results as "The tool returned".)
      expect(second.reply.text).toContain('Thanks"')
    }
  )

  it.each(STYLES)('sends an attached image in the %s style and keeps it in the library', async (style) => {
    const png = await sharp({
      create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 10, b: 10 } }
    })
      .png()
      .toBuffer()
    const first = await send({ draft: draft(style), text: 'What is this?' }, [
      { mime: 'image/png', data: png.toString('base64') }
    ])
    expect(first.reply.status).toBe('complete')
    expect(first.reply.text).toContain('I received 1 image')
    const attachment = first.userMessage.attachments[0]
    expect(attachment).toMatchObject({ mime: 'image/png', width: 8, height: 6 })
    expect(await studio.backend.resolveMedia(`${attachment?.mediaId ?? ''}_thumb`)).not.toBeNull()
    // The image lives in the library; the message refers to it by id, never by its bytes.
    expect(studio.wire.filter((w) => w.includes('chat.messageUpdated')).join('')).not.toContain(
      png.toString('base64').slice(0, 40)
    )
    const second = await send({ conversationId: first.conversation.id, text: 'And now?' })
    expect(second.reply.text).toContain('I received 1 image')
  })

  it('refuses a file that is not an image', async () => {
    const result = await studio.api.call('chat.send', {
      draft: draft('chat'),
      text: 'look',
      attachments: [{ mime: 'image/png', data: Buffer.from('not an image at all').toString('base64') }],
      requestId: click()
    })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.code).toBe('chat.attachment_rejected')
    expect(await studio.api.invoke('chat.list', {})).toHaveLength(0)
  })

  it('finds conversations by a word, renames, exports Markdown and deletes', async () => {
    const a = await send({ draft: draft('chat'), text: 'Describe a lighthouse at dawn' })
    const b = await send({ draft: draft('responses'), text: 'Name three café owners' })
    const hits = await studio.api.invoke('chat.search', { query: 'lightho' })
    expect(hits.map((h) => h.conversation.id)).toEqual([a.conversation.id])
    expect(hits[0]?.snippet).toContain('\uE000')
    // Diacritics do not matter; quotes and operators are plain text.
    expect((await studio.api.invoke('chat.search', { query: 'cafe' })).map((h) => h.conversation.id)).toEqual(
      [b.conversation.id]
    )
    expect(await studio.api.invoke('chat.search', { query: '" OR NEAR(' })).toEqual([])

    const renamed = await studio.api.invoke('chat.update', { id: a.conversation.id, title: 'Coastal mood' })
    expect(renamed.title).toBe('Coastal mood')
    const byTitle = await studio.api.invoke('chat.search', { query: 'coastal' })
    expect(byTitle.map((h) => h.conversation.id)).toEqual([a.conversation.id])

    const exported = await studio.api.invoke('chat.export', { id: a.conversation.id })
    expect(exported.fileName).toMatch(/^Coastal mood-.{8}\.md$/)
    expect(exported.markdown).toContain('# Coastal mood')
    expect(exported.markdown).toContain('Describe a lighthouse at dawn')
    expect(exported.markdown).toContain(a.reply.text)

    expect(await studio.api.invoke('chat.delete', { id: a.conversation.id })).toEqual({ deleted: true })
    expect(await studio.api.invoke('chat.search', { query: 'lighthouse' })).toEqual([])
    expect((await studio.api.invoke('chat.list', {})).map((c) => c.id)).toEqual([b.conversation.id])
  })

  it('merges settings edits, refuses out-of-range ones, and fits them to a new style', async () => {
    const { conversation } = await send({ draft: draft('chat'), text: 'Settings' })
    const tools = [{ name: 'lookup' }]
    // Two edits at once (tools, then temperature): neither undoes the other.
    await Promise.all([
      studio.api.invoke('chat.update', { id: conversation.id, settings: { tools } }),
      studio.api.invoke('chat.update', { id: conversation.id, settings: { temperature: 1.5 } })
    ])
    let view = (await studio.api.invoke('chat.get', { id: conversation.id })).conversation
    expect(view.settings).toMatchObject({ tools, temperature: 1.5, maxTokens: null, stream: true })
    // Messages takes 0-1: switching lowers the temperature to fit; a value above is refused.
    view = await studio.api.invoke('chat.update', {
      id: conversation.id,
      style: 'messages',
      model: 'studio-messages'
    })
    expect(view.settings.temperature).toBe(1)
    const refused = await studio.api.call('chat.update', {
      id: conversation.id,
      settings: { temperature: 1.2 }
    })
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.error.message).toContain('between 0 and 1')
      // By code, so the renderer says it with the style's name in the reader's language (issue 16).
      expect(refused.error.words).toEqual({ code: 'temperatureMessages', values: { max: 1 } })
    }
    const { reply } = await send({ conversationId: conversation.id, text: 'Now in messages' })
    expect(reply).toMatchObject({ status: 'complete', style: 'messages', model: 'studio-messages' })
  })

  it('a reply cut off by a shutdown is marked interrupted on the next start', async () => {
    emulator.faults.script(PATHS.chat, [{ stallAfterBytes: 1500 }])
    const sent = await studio.api.invoke('chat.send', {
      draft: draft('chat'),
      text: 'Long one [[tokens=400]]',
      attachments: [],
      requestId: click()
    })
    await events.firstDelta(sent.assistantMessage.id)
    await studio.backend.close()
    studio = startTestBackend(temp.dir, `data-${run - 1}`)
    const detail = await studio.api.invoke('chat.get', { id: sent.conversation.id })
    expect(detail.messages.map((m) => m.status)).toEqual(['complete', 'interrupted'])
  })
})
