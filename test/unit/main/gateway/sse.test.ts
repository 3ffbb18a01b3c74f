import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../../src/main/gateway/errors'
import type { OpenResponse } from '../../../../src/main/gateway/http'
import { readSse } from '../../../../src/main/gateway/sse'
import { createChatDecoder } from '../../../../src/main/gateway/streams/chat'
import { createMessagesDecoder } from '../../../../src/main/gateway/streams/messages'
import { gatewayImageDecoder } from '../../../../src/main/gateway/streams/images'
import { createResponsesDecoder } from '../../../../src/main/gateway/streams/responses'
import { runStream, type StreamDecoder } from '../../../../src/main/gateway/streams/run'
import { createPartnerADecoder as sharedPartnerADecoder } from '../../../../src/shared/gateway/streams/partnerA'
import * as golden from './goldenStreams'

/** partner-a's decoder as the backend reads it: its problems turned into gateway errors. */
const createPartnerADecoder = () => gatewayImageDecoder(sharedPartnerADecoder())

/** Chunks as an async byte source, as undici's body is; lazy, so a huge source is never held whole. */
function source(chunks: Iterable<Uint8Array>): AsyncIterable<Uint8Array> {
  return {
    [Symbol.asyncIterator]() {
      const it = chunks[Symbol.iterator]()
      return { next: () => Promise.resolve(it.next()) }
    }
  }
}

type Outcome = { events: unknown[]; error?: { reason: string; code: string | undefined; message: string } }

function fakeResponse(chunks: Uint8Array[], contentType = 'text/event-stream'): OpenResponse {
  const body = Object.assign(source(chunks), {
    destroyed: false,
    destroy() {
      this.destroyed = true
    }
  })
  return {
    status: 200,
    headers: {},
    contentType,
    body: body as unknown as OpenResponse['body'],
    requestId: undefined,
    redact: (text) => text
  }
}

async function decode(
  decoder: StreamDecoder<unknown>,
  chunks: Uint8Array[],
  maxEventBytes = 1 << 26
): Promise<Outcome> {
  const events: unknown[] = []
  const signal = new AbortController().signal
  try {
    for await (const event of runStream(fakeResponse(chunks), decoder, { signal, maxEventBytes }))
      events.push(event)
    return { events }
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err
    return { events, error: { reason: err.reason, code: err.code, message: err.message } }
  }
}

const enc = new TextEncoder()
const variants = (lf: string): [string, Uint8Array][] => [
  ['LF', enc.encode(lf)],
  ['CRLF', enc.encode(lf.replace(/\n/g, '\r\n'))],
  ['CR', enc.encode(lf.replace(/\n/g, '\r'))],
  [
    'BOM + comments + id/retry lines',
    enc.encode('\uFEFF: hello\n\n' + lf.replace(/\n\n/g, '\n: ping\nid: 7\nretry: 1000\n\n'))
  ]
]

type Factory = () => StreamDecoder<unknown>
const cases: [string, string, Factory][] = [
  ['chat text', golden.CHAT_TEXT, createChatDecoder],
  ['chat tools', golden.CHAT_TOOLS, createChatDecoder],
  ['chat error', golden.CHAT_ERROR, createChatDecoder],
  ['messages full', golden.MESSAGES_FULL, createMessagesDecoder],
  ['messages error', golden.MESSAGES_ERROR, createMessagesDecoder],
  ['responses full', golden.RESPONSES_FULL, createResponsesDecoder],
  ['responses failed', golden.RESPONSES_FAILED, createResponsesDecoder],
  ['partner-a gateway', golden.PARTNER_A_GATEWAY, createPartnerADecoder],
  ['partner-a upstream', golden.PARTNER_A_UPSTREAM, createPartnerADecoder],
  ['partner-a multi-line data', golden.PARTNER_A_MULTILINE, createPartnerADecoder],
  ['partner-a error after two', golden.PARTNER_A_ERROR_AFTER_TWO, createPartnerADecoder],
  ['partner-a bad JSON', golden.PARTNER_A_BAD_JSON, createPartnerADecoder],
  ['partner-a [DONE] without completed', golden.PARTNER_A_NO_COMPLETED, createPartnerADecoder]
]

describe('every split parses identically [P20]', () => {
  for (const [name, text, factory] of cases) {
    for (const [variant, bytes] of variants(text)) {
      it(`${name} (${variant}): same as LF in one piece, at ${bytes.length + 1} two-piece splits and in 1-byte pieces`, async () => {
        // The reference is the plain LF form in one piece, so a line-ending variant cannot agree with itself only.
        const whole = await decode(factory(), [enc.encode(text)])
        expect(whole.events.length).toBeGreaterThan(0)
        expect(await decode(factory(), [bytes])).toEqual(whole)
        const reference = JSON.stringify(whole)
        for (let cut = 0; cut <= bytes.length; cut++) {
          const split = await decode(factory(), [bytes.subarray(0, cut), bytes.subarray(cut)])
          if (JSON.stringify(split) !== reference) expect({ cut, split }).toEqual({ cut, split: whole })
        }
        const bytewise = await decode(
          factory(),
          Array.from(bytes, (_, i) => bytes.subarray(i, i + 1))
        )
        expect(bytewise).toEqual(whole)
      })
    }
  }
})

describe('what the golden streams mean', () => {
  const one = (text: string, factory: Factory) => decode(factory(), [enc.encode(text)])

  it('chat: text deltas (UTF-8 intact), finish, usage, done', async () => {
    const { events, error } = await one(golden.CHAT_TEXT, createChatDecoder)
    expect(error).toBeUndefined()
    expect(events).toEqual([
      { type: 'start', id: 'chatcmpl-1', model: 'm' },
      { type: 'text', choice: 0, text: 'Hi ☕ ' },
      { type: 'text', choice: 0, text: '日本語 👋' },
      { type: 'finish', choice: 0, reason: 'stop' },
      {
        type: 'usage',
        usage: {
          prompt_tokens: 5,
          completion_tokens: 3,
          total_tokens: 8,
          prompt_tokens_details: { cached_tokens: 0 }
        }
      },
      { type: 'done' }
    ])
  })

  it('chat: tool-call fragments join into the arguments', async () => {
    const { events } = await one(golden.CHAT_TOOLS, createChatDecoder)
    const deltas = events.filter((e) => (e as { type: string }).type === 'tool_call_delta') as {
      id?: string
      name?: string
      arguments: string
    }[]
    expect(deltas[0]).toMatchObject({ index: 0, id: 'call_1', name: 'get_weather' })
    expect(JSON.parse(deltas.map((d) => d.arguments).join(''))).toEqual({ city: 'Zürich' })
    expect(events).toContainEqual({ type: 'finish', choice: 0, reason: 'tool_calls' })
  })

  it('chat: an in-stream error keeps what came before and surfaces typed [P22]', async () => {
    const out = await one(golden.CHAT_ERROR, createChatDecoder)
    expect(out.events).toContainEqual({ type: 'text', choice: 0, text: 'partial' })
    expect(out.error).toMatchObject({
      reason: 'stream_error',
      code: 'upstream_failed',
      message: 'upstream went away'
    })
  })

  it('messages: thinking, text, tool-use JSON, usage; ping skipped', async () => {
    const { events, error } = await one(golden.MESSAGES_FULL, createMessagesDecoder)
    expect(error).toBeUndefined()
    const types = events.map((e) => (e as { type: string }).type)
    expect(types).toEqual([
      'message_start',
      'block_start',
      'thinking',
      'signature',
      'block_stop',
      'block_start',
      'text',
      'block_stop',
      'tool_use_start',
      'tool_input_delta',
      'tool_input_delta',
      'block_stop',
      'message_delta',
      'message_stop'
    ])
    const json = events
      .filter((e) => (e as { type: string }).type === 'tool_input_delta')
      .map((e) => (e as { partialJson: string }).partialJson)
      .join('')
    expect(JSON.parse(json)).toEqual({ q: 'cats' })
    expect(events).toContainEqual({
      type: 'message_delta',
      stopReason: 'tool_use',
      stopSequence: undefined,
      usage: { output_tokens: 15 }
    })
  })

  it('messages: an error event fails the stream with its type [P22]', async () => {
    const out = await one(golden.MESSAGES_ERROR, createMessagesDecoder)
    expect(out.events).toHaveLength(1)
    expect(out.error).toMatchObject({ reason: 'stream_error', message: 'Overloaded' })
  })

  it('responses: text, function-call arguments, completed', async () => {
    const { events, error } = await one(golden.RESPONSES_FULL, createResponsesDecoder)
    expect(error).toBeUndefined()
    const text = events
      .filter((e) => (e as { type: string }).type === 'text')
      .map((e) => (e as { text: string }).text)
    expect(text.join('')).toBe('Grüße 🌍')
    expect(events).toContainEqual({
      type: 'function_call_arguments_done',
      itemId: 'fc_1',
      outputIndex: 1,
      arguments: '{"a":1}'
    })
    expect(events.at(-1)).toMatchObject({
      type: 'completed',
      response: { id: 'resp_1', usage: { total_tokens: 7 } }
    })
  })

  it('responses: response.failed surfaces its code [P22]', async () => {
    const out = await one(golden.RESPONSES_FAILED, createResponsesDecoder)
    expect(out.error).toMatchObject({
      reason: 'stream_error',
      code: 'server_error',
      message: 'The model failed'
    })
  })

  it('partner-a: partials kept, failed image reported, completed + [DONE]', async () => {
    const { events, error } = await one(golden.PARTNER_A_GATEWAY, createPartnerADecoder)
    expect(error).toBeUndefined()
    expect(events.map((e) => (e as { type: string }).type)).toEqual([
      'partial_succeeded',
      'partial_failed',
      'partial_succeeded',
      'completed',
      'done'
    ])
    expect(events[1]).toMatchObject({
      imageIndex: 1,
      error: { code: 'OutputImageSensitiveContentDetected', message: 'blocked' }
    })
    expect(events[3]).toMatchObject({ data: [{ size: '2048x2048' }, { size: '1024x1024' }] })
  })

  it('partner-a upstream form: url instead of b64, created_at read as created', async () => {
    const { events } = await one(golden.PARTNER_A_UPSTREAM, createPartnerADecoder)
    expect(events[0]).toMatchObject({
      type: 'partial_succeeded',
      url: 'https://cdn.example.com/0.jpeg',
      b64Json: undefined
    })
    expect(events[1]).toMatchObject({ type: 'completed', created: 1757396825 })
  })

  it('partner-a: in-stream error after two partials, bad JSON, and [DONE] without completed all fail [P21][P22]', async () => {
    const err = await one(golden.PARTNER_A_ERROR_AFTER_TWO, createPartnerADecoder)
    expect(err.events).toHaveLength(2)
    expect(err.error).toMatchObject({ reason: 'stream_error', code: 'BadRequest' })
    const bad = await one(golden.PARTNER_A_BAD_JSON, createPartnerADecoder)
    expect(bad.events).toHaveLength(1)
    expect(bad.error).toMatchObject({ reason: 'stream_error', code: 'invalid_json' })
    const noCompleted = await one(golden.PARTNER_A_NO_COMPLETED, createPartnerADecoder)
    expect(noCompleted.events).toHaveLength(1)
    expect(noCompleted.error).toMatchObject({ reason: 'stream_incomplete' })
  })
})

describe('cut streams never count as complete [P21]', () => {
  it('partner-a cut at every byte: incomplete, and the partials kept are exactly those fully received', async () => {
    const bytes = enc.encode(golden.PARTNER_A_GATEWAY)
    const text = golden.PARTNER_A_GATEWAY
    for (let cut = 0; cut < bytes.length; cut++) {
      const out = await decode(createPartnerADecoder(), [bytes.subarray(0, cut)])
      expect(out.error?.reason, `cut ${cut}`).toBe('stream_incomplete')
      // An event counts once its blank line arrived (ASCII stream: byte offset = char offset).
      const prefix = text.slice(0, cut)
      const dispatched = prefix.split('\n\n').length - 1
      const expectedPartials = text
        .split('\n\n')
        .slice(0, dispatched)
        .filter((block) => block.includes('partial_succeeded')).length
      const partials = out.events.filter((e) => (e as { type: string }).type === 'partial_succeeded').length
      expect(partials, `cut ${cut}`).toBe(expectedPartials)
    }
  })

  it('messages and responses cut before their end marker are incomplete', async () => {
    for (const [text, factory, marker] of [
      [golden.MESSAGES_FULL, createMessagesDecoder, 'event: message_stop'],
      [golden.RESPONSES_FULL, createResponsesDecoder, 'event: response.completed']
    ] as const) {
      const end = text.indexOf(marker)
      for (const cut of [0, 10, Math.floor(end / 2), end, end + 20, text.length - 1]) {
        const out = await decode(factory(), [enc.encode(text.slice(0, cut))])
        expect(out.error?.reason, `cut ${cut}`).toBe('stream_incomplete')
      }
    }
  })

  it('chat: [DONE] missing is incomplete unless finish and usage both arrived', async () => {
    const text = golden.CHAT_TEXT
    const beforeUsage = text.indexOf(
      'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1760000000,"model":"m","choices":[],'
    )
    const cutBeforeUsage = await decode(createChatDecoder(), [enc.encode(text.slice(0, beforeUsage))])
    expect(cutBeforeUsage.error?.reason).toBe('stream_incomplete')
    const beforeDone = text.indexOf('data: [DONE]')
    const cutBeforeDone = await decode(createChatDecoder(), [enc.encode(text.slice(0, beforeDone))])
    expect(cutBeforeDone.error).toBeUndefined()
    expect(cutBeforeDone.events.at(-1)).toEqual({ type: 'done' })
  })
})

describe('per-event cap [P23]', () => {
  it('an event over the cap fails the stream, one under it passes', async () => {
    const big = `data: {"type":"image_generation.partial_succeeded","image_index":0,"b64_json":"${'A'.repeat(4096)}"}\n\n`
    const bytes = enc.encode(big)
    const over = await decode(createPartnerADecoder(), [bytes.subarray(0, 2000), bytes.subarray(2000)], 3000)
    expect(over.error).toMatchObject({ reason: 'stream_error', code: 'event_too_large' })
    const under = await decode(createPartnerADecoder(), [bytes], 8192)
    expect(under.events).toHaveLength(1)
  })

  it('keep-alive comments do not add up towards the cap', async () => {
    const pings = enc.encode(': ping\n\n'.repeat(2000))
    const seen = []
    for await (const message of readSse(source(Array.from({ length: 10 }, () => pings)), {
      maxEventBytes: 20_000
    }))
      seen.push(message)
    expect(seen).toEqual([])
  })

  // Linear, not a time limit: a 40 MB event costs about four times a 10 MB one, where re-scanning what is
  // buffered on every piece would cost sixteen. A ratio holds on a busy machine; a fixed 2 s did not.
  it('a 40 MB event in 64 KiB pieces parses in time linear in its size', async () => {
    const parse = async (megabytes: number): Promise<number> => {
      const payload = 'A'.repeat(megabytes * 1024 * 1024)
      const bytes = enc.encode(
        `data: {"type":"image_generation.partial_succeeded","image_index":0,"b64_json":"${payload}"}\n\n`
      )
      const chunks: Uint8Array[] = []
      for (let i = 0; i < bytes.length; i += 65536) chunks.push(bytes.subarray(i, i + 65536))
      const started = performance.now()
      const out = await decode(createPartnerADecoder(), chunks)
      const took = performance.now() - started
      expect((out.events[0] as { b64Json: string }).b64Json.length).toBe(payload.length)
      return took
    }
    await parse(1)
    const small = await parse(10)
    const large = await parse(40)
    expect(large / small).toBeLessThan(8)
  })
})

describe('the per-event cap at its real size [P23]', () => {
  it('a 200 MB event aborts once 64 MiB are buffered, without reading the rest', async () => {
    const piece = new Uint8Array(65536).fill(65)
    let sent = 0
    const body = source(
      (function* () {
        yield enc.encode('data: {"type":"image_generation.partial_succeeded","b64_json":"')
        while (sent < 200 * 1024 * 1024) {
          sent += piece.length
          yield piece
        }
      })()
    )
    const seen: unknown[] = []
    const error = await (async () => {
      for await (const message of readSse(body)) seen.push(message)
    })().catch((err: unknown) => err)
    expect(error).toMatchObject({ code: 'event_too_large' })
    expect(seen).toEqual([])
    expect(sent).toBeLessThanOrEqual(64 * 1024 * 1024 + 2 * piece.length)
  })

  it('a 2 MB event in 1-byte pieces stays linear', async () => {
    const bytes = enc.encode(
      `data: {"type":"image_generation.partial_succeeded","b64_json":"${'B'.repeat(2 * 1024 * 1024)}"}\n\n`
    )
    const started = performance.now()
    let count = 0
    for await (const message of readSse(
      source(
        (function* () {
          for (let i = 0; i < bytes.length; i++) yield bytes.subarray(i, i + 1)
        })()
      )
    ))
      count += message.data.length
    expect(count).toBeGreaterThan(2 * 1024 * 1024)
    expect(performance.now() - started).toBeLessThan(10_000)
  })
})

describe('a stream request answered with JSON', () => {
  it('partner-a JSON becomes the same events', async () => {
    const json = JSON.stringify({
      created: 1,
      data: [{ url: 'https://x/1.png', size: '1x1' }],
      usage: { generated_images: 1 }
    })
    const events: unknown[] = []
    for await (const e of runStream(
      fakeResponse([enc.encode(json)], 'application/json'),
      createPartnerADecoder(),
      {
        signal: new AbortController().signal,
        maxEventBytes: 1 << 20
      }
    ))
      events.push(e)
    expect(events.map((e) => (e as { type: string }).type)).toEqual([
      'partial_succeeded',
      'completed',
      'done'
    ])
  })
})
