import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FaultStep } from '../../../src/emulator'
import type { GatewayClient, ImageStreamEvent } from '../../../src/main/gateway'
import type { PartnerARequest } from '../../../src/shared/gateway/endpoints/partnerA'
import { collect, post, startRig, type Rig } from './helpers'

let rig: Rig
beforeAll(async () => {
  rig = await startRig({ timing: { partialDelayMs: 0, chatChunkDelayMs: 0 } })
})
afterAll(() => rig.stop())
beforeEach(() => {
  rig.emu.clearLog()
  rig.emu.faults.clear()
})

const PATH = '/partner-a/v3/images/generations'
/** Three images, the second one failing: every event type of docs/GATEWAY.md §4.1 */
const groupRequest = {
  model: 'seedream-stream',
  prompt: 'a fox [[partial_fail=1]]',
  size: '1280x720',
  seed: 7,
  sequential_image_generation: 'auto',
  sequential_image_generation_options: { max_images: 3 }
}

/**
 * What must be identical whatever the transport does: everything but the upstream-only fields and the
 * hosted file ids, which are new for every request.
 */
function essence(events: ImageStreamEvent[]): unknown[] {
  const ids = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value, (key, v: unknown) =>
        key === 'url' && typeof v === 'string' ? v.replace(/\/files\/[^/?]+/, '/files/<id>') : v
      )
    )
  return events.map((e) => ids(essence1(e)))
}

function essence1(e: ImageStreamEvent): unknown {
  switch (e.type) {
    case 'partial_succeeded':
      return { type: e.type, imageIndex: e.imageIndex, size: e.size, b64: e.b64Json, url: e.url }
    case 'partial_failed':
      return { type: e.type, imageIndex: e.imageIndex, error: e.error }
    case 'completed':
      return { type: e.type, data: e.data, usage: e.usage }
    default:
      return e
  }
}

async function partnerA(client: GatewayClient, step?: FaultStep, request: PartnerARequest = groupRequest) {
  if (step) rig.emu.faults.script(`POST ${PATH}`, step)
  return collect(await client.stream('partnerA', request, post()))
}

describe('partner-a SSE through the emulator [P20]', () => {
  // Fine splits go out one TCP write each, so they use URL results (small events); Base64 images (large
  // events) get the coarser transforms. Every byte offset of golden streams is covered by the unit tests.
  const urlRequest = { ...groupRequest, response_format: 'url' }
  const references: Record<'b64' | 'url', unknown[]> = { b64: [], url: [] }
  beforeAll(async () => {
    for (const [kind, request] of [
      ['b64', groupRequest],
      ['url', urlRequest]
    ] as const) {
      const out = await partnerA(rig.client(), undefined, request)
      expect(out.error).toBeUndefined()
      references[kind] = essence(out.events)
      expect(references[kind].map((e) => (e as { type: string }).type)).toEqual([
        'partial_succeeded',
        'partial_failed',
        'partial_succeeded',
        'completed',
        'done'
      ])
    }
  })

  const variants: ['b64' | 'url', string, FaultStep][] = [
    ['url', '1-byte pieces', { split: 'byte' }],
    ['url', 'random pieces (seed 1)', { split: 'random', splitSeed: 1 }],
    ['url', 'random pieces (seed 99)', { split: 'random', splitSeed: 99 }],
    ['url', '7-byte pieces', { split: 7 }],
    ['url', 'CR line endings, 3-byte pieces', { lineEnding: 'cr', split: 3 }],
    ['url', 'keep-alive comments, random pieces', { keepAlive: true, split: 'random', splitSeed: 5 }],
    [
      'url',
      'upstream form (event: lines, model, created)',
      { upstreamEvents: true, split: 'random', splitSeed: 3 }
    ],
    ['b64', 'Base64 images in 4 KiB pieces', { split: 4096 }],
    ['b64', 'Base64 images, CRLF line endings', { lineEnding: 'crlf' }],
    ['b64', 'Base64 images, CR line endings', { lineEnding: 'cr' }],
    ['b64', 'Base64 images, keep-alive comments', { keepAlive: true }]
  ]
  for (const [kind, name, step] of variants) {
    it(`${name}: identical events`, async () => {
      const out = await partnerA(rig.client(), step, kind === 'url' ? urlRequest : groupRequest)
      expect(out.error).toBeUndefined()
      expect(essence(out.events)).toEqual(references[kind])
    })
  }
})

describe('partner-a cuts and in-stream errors through the emulator', () => {
  it('a cut after each event count: never a success, and the partials are those fully received [P21]', async () => {
    for (const cutMode of ['end', 'close', 'reset'] as const) {
      for (let k = 0; k <= 4; k++) {
        const out = await partnerA(rig.client(), { cutAfterEvents: k, cutMode })
        expect(out.error?.reason, `cut ${cutMode} after ${k}`).toBe('stream_incomplete')
        expect(out.error?.outcome).toBe('unknown')
        expect(out.events.map((e) => e.type)).toEqual(
          ['partial_succeeded', 'partial_failed', 'partial_succeeded', 'completed'].slice(0, k)
        )
      }
    }
    // Five events (with [DONE]) is the whole stream.
    const whole = await partnerA(rig.client(), { cutAfterEvents: 5 })
    expect(whole.error).toBeUndefined()
    expect(rig.logFor(PATH)).toHaveLength(16)
  })

  it('a cut in the middle of an event (RST, FIN, or a well-formed but short body) is incomplete [P21]', async () => {
    for (const bytes of [1, 40, 200]) {
      for (const step of [{ resetAfterBytes: bytes }, { closeAfterBytes: bytes }, { endAfterBytes: bytes }]) {
        const out = await partnerA(rig.client(), step)
        expect(out.error?.reason, JSON.stringify(step)).toBe('stream_incomplete')
      }
    }
  })

  it('an in-stream error after two partials surfaces typed; the two partials were delivered [P22]', async () => {
    const out = await partnerA(rig.client(), { errorEvent: { afterEvents: 2 } })
    expect(out.events.map((e) => e.type)).toEqual(['partial_succeeded', 'partial_failed'])
    expect(out.error).toMatchObject({ reason: 'stream_error', code: 'InternalServiceError' })
    const named = await partnerA(rig.client(), {
      errorEvent: { afterEvents: 1, event: 'error', data: { error: { code: 'BadRequest', message: 'bad' } } }
    })
    expect(named.error).toMatchObject({ reason: 'stream_error', code: 'BadRequest', message: 'bad' })
  })

  it('broken JSON fails the stream rather than being skipped [P22]', async () => {
    const out = await partnerA(rig.client(), { malformedJson: true, malformedEventIndex: 1 })
    expect(out.events.map((e) => e.type)).toEqual(['partial_succeeded'])
    expect(out.error).toMatchObject({ reason: 'stream_error', code: 'invalid_json' })
  })

  it('a model without streaming answers 400 JSON: a plain HTTP error', async () => {
    const err = await rig
      .client()
      .stream('partnerA', { ...groupRequest, model: 'seedream-basic' }, post())
      .catch((e: unknown) => e)
    expect(err).toMatchObject({
      reason: 'http',
      status: 400,
      code: 'stream_not_supported',
      outcome: 'failed'
    })
  })
})

describe('text streams through the emulator', () => {
  const user = [{ role: 'user', content: 'Hi' }]
  const runs: Record<
    'chat' | 'messages' | 'responses',
    (c: GatewayClient) => Promise<{ events: AsyncIterable<unknown> }>
  > = {
    chat: (c: GatewayClient) => c.streamChatCompletion({ model: 'studio-chat', messages: user }, post()),
    messages: (c: GatewayClient) =>
      c.streamMessage({ model: 'studio-messages', max_tokens: 200, messages: user }, post()),
    responses: (c: GatewayClient) => c.streamResponse({ model: 'studio-responses', input: 'Hi' }, post())
  }
  const paths = { chat: '/v1/chat/completions', messages: '/v1/messages', responses: '/v1/responses' }

  /** Ids and timestamps differ per request; everything else must not. */
  const VOLATILE = new Set(['id', 'itemId', 'created', 'created_at', 'completed_at', 'call_id'])
  const stable = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value, (key, v: unknown) => (VOLATILE.has(key) ? undefined : v)))

  for (const name of ['chat', 'messages', 'responses'] as const) {
    it(`${name}: 1-byte pieces, CRLF and keep-alives give the same events; a cut is incomplete [P20][P21]`, async () => {
      // Run twice so the emulator's prompt cache is warm for every compared run (usage counts cached tokens).
      await collect(await runs[name](rig.client()))
      const plain = await collect(await runs[name](rig.client()))
      expect(plain.error).toBeUndefined()
      expect(plain.events.length).toBeGreaterThan(3)
      for (const step of [
        { split: 'byte' },
        { lineEnding: 'crlf', split: 'random' },
        { keepAlive: true }
      ] as FaultStep[]) {
        rig.emu.faults.script(`POST ${paths[name]}`, step)
        const other = await collect(await runs[name](rig.client()))
        expect(other.error, JSON.stringify(step)).toBeUndefined()
        expect(stable(other.events), JSON.stringify(step)).toEqual(stable(plain.events))
      }
      rig.emu.faults.script(`POST ${paths[name]}`, { cutAfterEvents: 2 })
      const cut = await collect(await runs[name](rig.client()))
      expect(cut.error?.reason).toBe('stream_incomplete')
    })
  }

  it('messages: an error event mid-stream surfaces typed [P22]', async () => {
    rig.emu.faults.script('POST /v1/messages', {
      errorEvent: {
        afterEvents: 2,
        event: 'error',
        data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }
      }
    })
    const out = await collect(await runs.messages(rig.client()))
    expect(out.events).toHaveLength(2)
    expect(out.error).toMatchObject({ reason: 'stream_error', type: 'overloaded_error' })
    expect(out.error?.toView().kind).toBe('unavailable')
  })

  it('tool calls, thinking and a deliberate early stop arrive as typed events', async () => {
    const weather = {
      name: 'get_weather',
      description: 'Weather',
      parameters: { type: 'object', properties: {} }
    }
    const chat = await collect(
      await rig.client().streamChatCompletion(
        {
          model: 'studio-chat',
          messages: [{ role: 'user', content: 'Weather? [[tool]]' }],
          tools: [{ type: 'function', function: weather }]
        },
        post()
      )
    )
    const fragments = chat.events.flatMap((e) => (e.type === 'tool_call_delta' ? [e] : []))
    expect(fragments[0]?.name).toBe('get_weather')
    expect(() => JSON.parse(fragments.map((f) => f.arguments).join('')) as unknown).not.toThrow()
    expect(chat.events).toContainEqual({ type: 'finish', choice: 0, reason: 'tool_calls' })

    // The emulator makes either a thinking block or a tool call per turn, so two turns cover both.
    const thinking = await collect(
      await rig.client().streamMessage(
        {
          model: 'studio-messages',
          max_tokens: 200,
          messages: [{ role: 'user', content: 'Why? [[thinking]]' }]
        },
        post()
      )
    )
    const toolUse = await collect(
      await rig.client().streamMessage(
        {
          model: 'studio-messages',
          max_tokens: 200,
          messages: [{ role: 'user', content: 'Weather? [[tool]]' }],
          tools: [
            { name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: {} } }
          ]
        },
        post()
      )
    )
    const types = new Set([...thinking.events, ...toolUse.events].map((e) => e.type))
    for (const t of [
      'thinking',
      'signature',
      'text',
      'tool_use_start',
      'tool_input_delta',
      'message_delta'
    ]) {
      expect(types.has(t as never), t).toBe(true)
    }
    const input = toolUse.events.flatMap((e) => (e.type === 'tool_input_delta' ? [e.partialJson] : []))
    expect(() => JSON.parse(input.join('')) as unknown).not.toThrow()
    expect(toolUse.events.at(-1)).toEqual({ type: 'message_stop' })

    const responses = await collect(
      await rig.client().streamResponse(
        {
          model: 'studio-responses',
          input: 'Weather? [[tool]]',
          tools: [{ type: 'function', ...weather }]
        },
        post()
      )
    )
    const args = responses.events.flatMap((e) =>
      e.type === 'function_call_arguments_delta' ? [e.delta] : []
    )
    expect(() => JSON.parse(args.join('')) as unknown).not.toThrow()
    expect(responses.events.at(-1)?.type).toBe('completed')

    const short = await collect(
      await rig
        .client()
        .streamResponse(
          { model: 'studio-responses', input: 'Tell me a long story', max_output_tokens: 2 },
          post()
        )
    )
    expect(short.error).toBeUndefined()
    expect(short.events.at(-1)).toMatchObject({ type: 'incomplete', reason: 'max_output_tokens' })
  })
})
