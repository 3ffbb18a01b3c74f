import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, jsonEvents, setup, sseEvents, type Http } from './helpers'
import type {
  AnthropicEvent,
  AnthropicMessage,
  ChatChunk,
  ChatCompletion,
  OpenAiResponse,
  ResponseEvent
} from './shapes'

let h: Http
let pngDataUri: string
beforeAll(async () => {
  h = await setup()
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
    .png()
    .toBuffer()
  pngDataUri = `data:image/png;base64,${png.toString('base64')}`
})
afterAll(() => h.emu.stop())

const user = (content: unknown) => [{ role: 'user', content }]
const chat = (body: Record<string, unknown>) =>
  h.postJson<ChatCompletion>('/v1/chat/completions', { model: 'studio-chat', ...body })
const chatStream = (body: Record<string, unknown>) =>
  h.stream<ChatChunk>('/v1/chat/completions', { model: 'studio-chat', stream: true, ...body })
const streamedText = (chunks: ChatChunk[]): string =>
  chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')

describe('chat completions', () => {
  it('replies deterministically with usage and cache fields', async () => {
    const a = await chat({ messages: user('Tell me about foxes') })
    const b = await chat({ messages: user('Tell me about foxes') })
    expect(a.status).toBe(200)
    expect(a.body.object).toBe('chat.completion')
    const content = a.body.choices[0]?.message.content
    expect(content).toBe(b.body.choices[0]?.message.content)
    expect(content).toContain('Tell me about foxes')
    expect(a.body.choices[0]?.finish_reason).toBe('stop')
    const u = a.body.usage
    expect(u.total_tokens).toBe(u.prompt_tokens + u.completion_tokens)
    expect(u.prompt_tokens_details.cached_tokens).toBe(0)
  })

  it('reports cached tokens when a conversation prefix repeats', async () => {
    const system = { role: 'system', content: 'You are a careful assistant. '.repeat(20) }
    const first = await chat({ messages: [system, ...user('one')] })
    const second = await chat({ messages: [system, ...user('two')] })
    expect(first.body.usage.prompt_tokens_details.cached_tokens).toBe(0)
    const cached = second.body.usage.prompt_tokens_details.cached_tokens
    expect(cached).toBeGreaterThan(100)
    expect(cached).toBeLessThan(second.body.usage.prompt_tokens)
  })

  it('streams OpenAI chunks, a final usage chunk with include_usage, then [DONE]', async () => {
    const res = await h.post('/v1/chat/completions', {
      model: 'studio-chat',
      stream: true,
      stream_options: { include_usage: true },
      messages: user('Count [[tokens=7]]')
    })
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const events = await sseEvents(res)
    expect(events.at(-1)?.data).toBe('[DONE]')
    const chunks = jsonEvents<ChatChunk>(events)
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true)
    expect(chunks.filter((c) => c.choices[0]?.delta.content)).toHaveLength(7)
    expect(streamedText(chunks).split(' ')).toHaveLength(7)
    const last = chunks.at(-1)
    expect(last?.choices).toEqual([])
    expect(last?.usage?.completion_tokens).toBe(7)
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop')
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true)
  })

  it('sends no usage chunk without include_usage and refuses stream_options without stream', async () => {
    const chunks = await chatStream({ messages: user('x') })
    expect(chunks.every((c) => c.choices.length === 1 && !('usage' in c))).toBe(true)
    const res = await h.post('/v1/chat/completions', {
      model: 'studio-chat',
      stream_options: { include_usage: true },
      messages: user('x')
    })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toMatch(/stream_options/)
  })

  it('says it received an image sent as image_url, and refuses a data URI that is no image', async () => {
    const r = await chat({
      messages: user([
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: pngDataUri } }
      ])
    })
    expect(r.body.choices[0]?.message.content).toContain('received 1 image')
    const bad = await h.post('/v1/chat/completions', {
      model: 'studio-chat',
      messages: user([{ type: 'image_url', image_url: { url: 'data:image/png;base64,bm90IGFuIGltYWdl' } }])
    })
    expect(bad.status).toBe(400)
  })

  it('calls a tool on [[tool]], streaming the arguments in fragments', async () => {
    const tools = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object' } } }]
    const plain = await chat({ tools, messages: user('find [[tool]]') })
    expect(plain.body.choices[0]?.finish_reason).toBe('tool_calls')
    const call = plain.body.choices[0]?.message.tool_calls?.[0]
    expect(call?.function.name).toBe('lookup')
    expect(JSON.parse(call?.function.arguments ?? '')).toMatchObject({ query: 'find' })

    const chunks = await chatStream({ tools, messages: user('find [[tool]]') })
    const fragments = chunks
      .flatMap((c) => c.choices[0]?.delta.tool_calls ?? [])
      .map((t) => t.function.arguments)
      .filter((f) => f !== '')
    expect(fragments.length).toBeGreaterThanOrEqual(3)
    expect(JSON.parse(fragments.join(''))).toMatchObject({ query: 'find' })
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls')
  })

  it('cuts the reply at max_tokens with finish_reason length', async () => {
    const r = await chat({ max_tokens: 3, messages: user('[[tokens=10]]') })
    expect(r.body.choices[0]?.finish_reason).toBe('length')
    expect(r.body.usage.completion_tokens).toBe(3)
  })

  it('returns a scripted reply verbatim (e.g. an XSS payload)', async () => {
    const payload = '<img src=x onerror=alert(1)> **bold**'
    h.emu.faults.script('/v1/chat/completions', { reply: payload, times: 2 })
    const r = await chat({ messages: user('hi') })
    expect(r.body.choices[0]?.message.content).toBe(payload)
    expect(streamedText(await chatStream({ messages: user('hi') }))).toBe(payload)
    expect(h.emu.faults.pending()).toBe(0)
  })

  it('validates messages', async () => {
    for (const messages of [
      [],
      [{ role: 'robot', content: 'x' }],
      [{ role: 'user' }],
      [{ role: 'tool', content: 'x' }]
    ]) {
      const res = await h.post('/v1/chat/completions', { model: 'studio-chat', messages })
      expect(res.status, JSON.stringify(messages)).toBe(400)
    }
  })
})

const messages = (body: Record<string, unknown>) =>
  h.postJson<AnthropicMessage>('/v1/messages', { model: 'studio-messages', max_tokens: 200, ...body })
const messagesStream = (body: Record<string, unknown>) =>
  h.post('/v1/messages', { model: 'studio-messages', max_tokens: 200, stream: true, ...body })

describe('messages', () => {
  it('replies with content blocks and Anthropic usage', async () => {
    const r = await messages({ messages: user('Hello') })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'end_turn' })
    expect(r.body.content[0]?.type).toBe('text')
    const u = r.body.usage
    expect(Object.keys(u).sort()).toEqual([
      'cache_creation_input_tokens',
      'cache_read_input_tokens',
      'input_tokens',
      'output_tokens'
    ])
    expect(u.input_tokens).toBeGreaterThan(0)
    expect(u.output_tokens).toBeGreaterThan(0)
    expect([u.cache_creation_input_tokens, u.cache_read_input_tokens]).toEqual([0, 0])
  })

  it('reports cache creation, then cache reads, for a prefix marked with cache_control', async () => {
    const system = [
      { type: 'text', text: 'Long instructions. '.repeat(40), cache_control: { type: 'ephemeral' } }
    ]
    const first = (await messages({ system, messages: user('first') })).body.usage
    const second = (await messages({ system, messages: user('second') })).body.usage
    expect(first.cache_creation_input_tokens).toBeGreaterThan(100)
    expect(first.cache_read_input_tokens).toBe(0)
    expect(second.cache_read_input_tokens).toBe(first.cache_creation_input_tokens)
    expect(second.cache_creation_input_tokens).toBe(0)
  })

  it('streams named events with ping, thinking on [[thinking]], message_delta usage, message_stop', async () => {
    const events = await sseEvents(await messagesStream({ messages: user('Think first [[thinking]]') }))
    const names = events.map((e) => e.event)
    expect(names[0]).toBe('message_start')
    expect(names).toContain('ping')
    expect(names.at(-2)).toBe('message_delta')
    expect(names.at(-1)).toBe('message_stop')
    expect(events.every((e) => e.data !== '[DONE]')).toBe(true)
    const data = jsonEvents<AnthropicEvent>(events)
    expect(data.map((d) => d.type)).toEqual(names)
    const deltas = data.flatMap((d) => (d.type === 'content_block_delta' && d.delta ? [d.delta.type] : []))
    expect(deltas).toEqual(expect.arrayContaining(['thinking_delta', 'signature_delta', 'text_delta']))
    expect(data.at(-2)?.usage?.output_tokens).toBeGreaterThan(0)
  })

  it('streams a tool_use block as input_json_delta fragments', async () => {
    const events = jsonEvents<AnthropicEvent>(
      await sseEvents(
        await messagesStream({
          tools: [{ name: 'weather', input_schema: { type: 'object' } }],
          messages: user('Weather please [[tool]]')
        })
      )
    )
    expect(events.find((e) => e.type === 'content_block_start')?.content_block).toMatchObject({
      type: 'tool_use',
      name: 'weather'
    })
    const json = events.flatMap((e) =>
      e.delta?.type === 'input_json_delta' ? [e.delta.partial_json ?? ''] : []
    )
    expect(json.length).toBeGreaterThan(2)
    expect(JSON.parse(json.join(''))).toHaveProperty('query')
    expect(events.find((e) => e.type === 'message_delta')?.delta?.stop_reason).toBe('tool_use')
  })

  it('accepts base64 image blocks that match their media type and says so', async () => {
    const data = pngDataUri.split(',')[1]
    const r = await messages({
      messages: user([
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data } },
        { type: 'text', text: 'Describe' }
      ])
    })
    expect(r.body.content[0]?.text).toContain('received 1 image')
    const wrong = await h.post('/v1/messages', {
      model: 'studio-messages',
      max_tokens: 100,
      messages: user([{ type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data } }])
    })
    expect(wrong.status).toBe(400)
  })

  it('requires max_tokens, refuses a system role inside messages, and stops at max_tokens', async () => {
    expect((await h.post('/v1/messages', { model: 'studio-messages', messages: user('x') })).status).toBe(400)
    const sys = await h.post('/v1/messages', {
      model: 'studio-messages',
      max_tokens: 10,
      messages: [{ role: 'system', content: 'x' }, ...user('y')]
    })
    expect(sys.status).toBe(400)
    expect((await errorOf(sys)).message).toMatch(/system/)
    const cut = await messages({ max_tokens: 4, messages: user('[[tokens=9]]') })
    expect(cut.body.stop_reason).toBe('max_tokens')
    expect(cut.body.usage.output_tokens).toBe(4)
  })
})

const respond = (body: Record<string, unknown>) =>
  h.postJson<OpenAiResponse>('/v1/responses', { model: 'studio-responses', ...body })
const respondStream = (body: Record<string, unknown>) =>
  h.stream<ResponseEvent>('/v1/responses', { model: 'studio-responses', stream: true, ...body })

describe('responses', () => {
  it('accepts text, lists and conversations, with input_tokens_details', async () => {
    for (const input of [
      'plain text',
      [{ role: 'user', content: 'a list item' }],
      [
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'first' }] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] },
        { role: 'user', content: 'second turn' }
      ]
    ]) {
      const r = await respond({ input })
      expect(r.status).toBe(200)
      expect(r.body.object).toBe('response')
      expect(r.body.status).toBe('completed')
      expect(r.body.output[0]?.content[0]?.type).toBe('output_text')
      expect(Object.keys(r.body.usage.input_tokens_details as object)).toEqual(['cached_tokens'])
      expect(r.body.usage.total_tokens).toBe(r.body.usage.input_tokens + r.body.usage.output_tokens)
    }
  })

  it('streams named events with increasing sequence_number and a terminal response.completed', async () => {
    const events = await sseEvents(
      await h.post('/v1/responses', { model: 'studio-chat', stream: true, input: 'hi [[tokens=5]]' })
    )
    const data = jsonEvents<ResponseEvent>(events)
    expect(data.map((d) => d.sequence_number)).toEqual(data.map((_, i) => i))
    expect(events.map((e) => e.event)).toEqual(data.map((d) => d.type))
    expect(data[0]?.type).toBe('response.created')
    expect(data.at(-1)?.type).toBe('response.completed')
    const deltas = data.filter((d) => d.type === 'response.output_text.delta').map((d) => d.delta)
    expect(deltas).toHaveLength(5)
    expect(data.at(-1)?.response?.output[0]?.content[0]?.text).toBe(deltas.join(''))
  })

  it('ends with response.incomplete at max_output_tokens', async () => {
    const data = await respondStream({ max_output_tokens: 2, input: '[[tokens=6]]' })
    expect(data.at(-1)?.type).toBe('response.incomplete')
    expect(data.at(-1)?.response?.incomplete_details).toEqual({ reason: 'max_output_tokens' })
  })

  it('takes input_image and flat function tools; refuses chat-style tools', async () => {
    const r = await respond({
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'see' },
            { type: 'input_image', image_url: pngDataUri }
          ]
        }
      ]
    })
    expect(r.body.output[0]?.content[0]?.text).toContain('received 1 image')
    const call = await respond({
      tools: [{ type: 'function', name: 'search', parameters: { type: 'object' } }],
      input: 'go [[tool]]'
    })
    expect(call.body.output[0]).toMatchObject({ type: 'function_call', name: 'search' })
    const nested = await h.post('/v1/responses', {
      model: 'studio-responses',
      tools: [{ type: 'function', function: { name: 'search' } }],
      input: 'x'
    })
    expect(nested.status).toBe(400)
  })

  it('requires input', async () => {
    expect((await h.post('/v1/responses', { model: 'studio-responses' })).status).toBe(400)
    expect((await h.post('/v1/responses', { model: 'studio-responses', input: '' })).status).toBe(400)
  })
})

describe('multi-turn tool use', () => {
  it('answers a tool result that matches an earlier call, and refuses one that does not', async () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{}' } }
    const chatTurns = (id: string) => [
      ...user('Weather?'),
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'tool', tool_call_id: id, content: '21 degrees' }
    ]
    const ok = await chat({ messages: chatTurns('call_1') })
    expect(ok.body.choices[0]?.message.content).toContain('tool returned: "21 degrees"')
    expect(
      (await h.post('/v1/chat/completions', { model: 'studio-chat', messages: chatTurns('call_2') })).status
    ).toBe(400)

    const anthropicTurns = (id: string) => [
      ...user('Weather?'),
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: '21 degrees' }] }
    ]
    expect((await messages({ messages: anthropicTurns('toolu_1') })).body.content[0]?.text).toContain(
      'tool returned'
    )
    expect((await messagesStream({ messages: anthropicTurns('toolu_2') })).status).toBe(400)

    const items = (id: string) => [
      { role: 'user', content: 'Weather?' },
      { type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{}' },
      { type: 'function_call_output', call_id: id, output: '21 degrees' }
    ]
    expect((await respond({ input: items('call_1') })).body.output[0]?.content[0]?.text).toContain(
      'tool returned'
    )
    expect((await respond({ input: items('call_2') })).status).toBe(400)
  })
})
