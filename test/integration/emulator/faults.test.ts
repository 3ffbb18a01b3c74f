import { createParser, type EventSourceMessage } from 'eventsource-parser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator } from '../../../src/emulator'
import {
  authHeader,
  dechunk,
  download,
  errorOf,
  rawRequest,
  setup,
  type Http,
  type RawResult
} from './helpers'
import type { ImageSet } from './shapes'

let h: Http
beforeAll(async () => {
  h = await setup()
})
afterAll(() => h.emu.stop())
beforeEach(() => {
  h.emu.faults.clear()
  h.emu.clearLog()
})

const CHAT = '/v1/chat/completions'
const chatBody = (content = 'hello ✓ [[tokens=12]]') => ({
  model: 'studio-chat',
  stream: true,
  messages: [{ role: 'user', content }]
})

function rawChat(content?: string, timeoutMs?: number): Promise<RawResult> {
  return rawRequest(h.emu.origin, {
    method: 'POST',
    path: `/t/acme${CHAT}`,
    headers: { ...authHeader(h.emu.keys.ordinary), 'content-type': 'application/json' },
    body: JSON.stringify(chatBody(content)),
    timeoutMs
  })
}

function parse(text: string): { events: EventSourceMessage[]; comments: string[] } {
  const events: EventSourceMessage[] = []
  const comments: string[] = []
  const parser = createParser({ onEvent: (e) => events.push(e), onComment: (c) => comments.push(c) })
  parser.feed(text)
  // eventsource-parser holds a final CR back in case an LF follows; at the end of the body none will.
  if (text.endsWith('\r')) parser.feed('\n')
  return { events, comments }
}

/** The same request without faults, for comparison. */
async function cleanStreamText(content?: string): Promise<string> {
  return (await h.post(CHAT, chatBody(content))).text()
}

const withoutIds = (text: string): string =>
  text.replace(/chatcmpl-[0-9a-f]+/g, 'ID').replace(/"created":\d+/g, '')

describe('scripted statuses', () => {
  it('answers a queue of statuses with retry headers, then passes through', async () => {
    h.emu.faults.script('/v1/models', [
      { status: 503, retryAfterMs: 150, shouldRetry: true },
      { status: 429, retryAfter: 2 },
      { status: 400, shouldRetry: true, error: { code: 'custom_code' } }
    ])
    const a = await h.get('/v1/models')
    expect(a.status).toBe(503)
    expect(a.headers.get('retry-after-ms')).toBe('150')
    expect(a.headers.get('x-should-retry')).toBe('true')
    expect((await errorOf(a)).code).toBe('model_endpoint_unavailable')
    const b = await h.get('/v1/models')
    expect([b.status, b.headers.get('retry-after')]).toEqual([429, '2'])
    const c = await h.get('/v1/models')
    expect(c.status).toBe(400)
    expect(await errorOf(c)).toMatchObject({ type: 'invalid_request_error', code: 'custom_code' })
    expect((await h.get('/v1/models')).status).toBe(200)
    expect(h.emu.requestLog.map((e) => [e.status, e.fault !== null])).toEqual([
      [503, true],
      [429, true],
      [400, true],
      [200, false]
    ])
  })

  it('sends a scripted body and date Retry-After as given, without running (or billing) the endpoint', async () => {
    const date = new Date(Date.now() + 5000).toUTCString()
    h.emu.faults.script(CHAT, { status: 500, retryAfter: date, body: 'not json at all' })
    const before = h.emu.getBalance(h.emu.keys.ordinary)
    const res = await h.post(CHAT, chatBody())
    expect(res.headers.get('retry-after')).toBe(date)
    expect(await res.text()).toBe('not json at all')
    expect(h.emu.getBalance(h.emu.keys.ordinary)).toBe(before)
  })

  it('repeats a step `times`, keeps an `always` step until clear(), and matches methods and wildcards', async () => {
    h.emu.faults.script('/v1/models', { status: 502, times: 2 })
    expect(h.emu.faults.pending()).toBe(2)
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await h.get('/v1/models')).status)
    expect(statuses).toEqual([502, 502, 200])

    h.emu.faults.always('GET /v2/images/generations/*', { status: 503 })
    for (let i = 0; i < 3; i++) expect((await h.get('/v2/images/generations/imgtask_x')).status).toBe(503)
    const create = await h.post('/v2/images/generations', { model: 'studio-image-async', prompt: 'x' })
    expect(create.status).toBe(200)
    expect(h.emu.faults.pending()).toBe(1)
    h.emu.faults.clear()
    expect((await h.get('/v2/images/generations/imgtask_x')).status).toBe(404)
  })

  it('leaves unconsumed steps queued until clear()', async () => {
    h.emu.faults.script('/v1/responses', [{ status: 500 }, { status: 500 }])
    await h.post('/v1/responses', { model: 'studio-responses', input: 'x' })
    expect(h.emu.faults.pending('/v1/responses')).toBe(1)
    h.emu.faults.clear('/v1/responses')
    expect(h.emu.faults.pending()).toBe(0)
  })
})

describe('transport faults', () => {
  it('delays the status line', async () => {
    h.emu.faults.script('/v1/models', { delayMs: 250 })
    const started = Date.now()
    const res = await h.get('/v1/models')
    expect(Date.now() - started).toBeGreaterThanOrEqual(240)
    expect(res.status).toBe(200)
  })

  it('resets the connection right after reading the request, sending nothing', async () => {
    h.emu.faults.script(CHAT, { reset: true })
    const raw = await rawChat()
    expect(raw.ended).toBe('reset')
    expect(Buffer.concat(raw.chunks).length).toBe(0)
    expect(h.emu.requestLog[0]).toMatchObject({ path: CHAT, status: 0 })
    h.emu.faults.script(CHAT, { reset: true, delayMs: 150 })
    const started = Date.now()
    await expect(h.post(CHAT, chatBody())).rejects.toThrow()
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('resets after N body bytes', async () => {
    h.emu.faults.script(CHAT, { resetAfterBytes: 40 })
    const raw = await rawChat()
    expect(raw.ended).toBe('reset')
    const { head, body } = dechunk(Buffer.concat(raw.chunks))
    expect(head).toMatch(/^HTTP\/1\.1 200/)
    expect(body.length).toBe(40)
    expect(body.toString('utf8')).toMatch(/^data: \{"id":"chatcmpl-[0-9a-f]{18}$/)
  })

  it('ends the body after N bytes cleanly, or closes the connection mid-body with FIN', async () => {
    for (const [step, finished] of [
      [{ endAfterBytes: 30 }, true],
      [{ closeAfterBytes: 30 }, false]
    ] as const) {
      h.emu.faults.script(CHAT, step)
      const raw = await rawChat()
      const bytes = Buffer.concat(raw.chunks)
      expect(raw.ended).toBe('end')
      expect(dechunk(bytes).body.length).toBe(30)
      // The chunked terminator is what tells a client the body is complete.
      expect(bytes.toString('latin1').endsWith('0\r\n\r\n')).toBe(finished)
    }

    h.emu.faults.script(CHAT, { closeAfterBytes: 30 })
    await expect((await h.post(CHAT, chatBody())).text()).rejects.toThrow()
    h.emu.faults.script(CHAT, { cutAfterEvents: 2, cutMode: 'close' })
    await expect((await h.post(CHAT, chatBody())).text()).rejects.toThrow()
  })

  it('stalls after N body bytes, keeping the socket open and silent', async () => {
    h.emu.faults.script('/v1/models', { stallAfterBytes: 10 })
    const raw = await rawRequest(h.emu.origin, {
      method: 'GET',
      path: '/t/acme/v1/models',
      headers: authHeader(h.emu.keys.ordinary),
      timeoutMs: 400
    })
    expect(raw.ended).toBe('timeout')
    expect(dechunk(Buffer.concat(raw.chunks)).body.toString()).toBe('{"object":')
  })

  it('splits the body into 1-byte HTTP chunks that arrive separately, also inside CRLF and UTF-8', async () => {
    h.emu.faults.script(CHAT, { split: 'byte', lineEnding: 'crlf' })
    const raw = await rawChat('hello')
    expect(raw.ended).toBe('end')
    const { body, parts } = dechunk(Buffer.concat(raw.chunks))
    expect(parts.every((p) => p.length === 1)).toBe(true)
    expect(parts.length).toBe(body.length)
    // Nearly every piece reached the client in its own read.
    expect(raw.chunks.length).toBeGreaterThan(body.length * 0.8)
    const text = body.toString('utf8')
    expect(text).toContain('\r\n')
    expect(text).toContain('✓')
    expect(parse(text).events.map((e) => withoutIds(e.data))).toEqual(
      parse(await cleanStreamText('hello')).events.map((e) => withoutIds(e.data))
    )
  })

  it('splits into random pieces reproducibly by seed', async () => {
    const sizes = async (): Promise<number[]> => {
      h.emu.faults.script(CHAT, { split: 'random', splitSeed: 7 })
      return dechunk(Buffer.concat((await rawChat('fixed')).chunks)).parts.map((p) => p.length)
    }
    const a = await sizes()
    expect(a).toEqual(await sizes())
    expect(new Set(a).size).toBeGreaterThan(5)
    expect(Math.max(...a)).toBeLessThanOrEqual(16)
  })

  it('writes CRLF or CR line endings and keep-alive comments that parse to the same events', async () => {
    const clean = parse(await cleanStreamText()).events.map((e) => withoutIds(e.data))
    for (const step of [
      { lineEnding: 'crlf' as const },
      { lineEnding: 'cr' as const },
      { keepAlive: true }
    ]) {
      h.emu.faults.script(CHAT, step)
      const text = await (await h.post(CHAT, chatBody())).text()
      const parsed = parse(text)
      expect(parsed.events.map((e) => withoutIds(e.data))).toEqual(clean)
      if (step.lineEnding === 'crlf') expect(text).toMatch(/^data: .*\r\n\r\ndata: /)
      if (step.lineEnding === 'cr') expect(text).not.toContain('\n')
      if (step.keepAlive) expect(parsed.comments.length).toBe(clean.length)
    }
  })

  it('cuts an SSE stream after K events, cleanly or with a reset', async () => {
    h.emu.faults.script(CHAT, { cutAfterEvents: 3 })
    const res = await h.post(CHAT, chatBody())
    const { events } = parse(await res.text())
    expect(events).toHaveLength(3)
    expect(events.some((e) => e.data === '[DONE]')).toBe(false)
    h.emu.faults.script(CHAT, { cutAfterEvents: 3, cutMode: 'reset' })
    const reset = await h.post(CHAT, chatBody())
    await expect(reset.text()).rejects.toThrow()
  })

  it('injects an in-stream error event after K events and ends the stream', async () => {
    h.emu.faults.script('/partner-a/v3/images/generations', { errorEvent: { afterEvents: 1 } })
    const res = await h.post('/partner-a/v3/images/generations', {
      model: 'seedream-stream',
      prompt: 'x',
      size: '1280x720',
      stream: true,
      sequential_image_generation: 'auto',
      sequential_image_generation_options: { max_images: 3 }
    })
    const { events } = parse(await res.text())
    expect(events).toHaveLength(2)
    expect(JSON.parse(events[0]?.data ?? '')).toMatchObject({ type: 'image_generation.partial_succeeded' })
    expect(JSON.parse(events[1]?.data ?? '')).toMatchObject({ error: { code: 'InternalServiceError' } })
  })

  it('sends malformed JSON bodies and events, and wrong content types', async () => {
    h.emu.faults.script('/v1/models', { malformedJson: true })
    const text = await (await h.get('/v1/models')).text()
    expect(text.startsWith('{"object":"list"')).toBe(true)
    expect(() => JSON.parse(text) as unknown).toThrow()

    h.emu.faults.script(CHAT, { malformedJson: true, malformedEventIndex: 1 })
    const events = parse(await (await h.post(CHAT, chatBody())).text()).events
    expect(() => JSON.parse(events[0]?.data ?? '') as unknown).not.toThrow()
    expect(() => JSON.parse(events[1]?.data ?? '') as unknown).toThrow()

    h.emu.faults.script('/v1/models', { contentType: 'text/html' })
    const html = await h.get('/v1/models')
    expect(html.headers.get('content-type')).toBe('text/html')
  })

  it('hands out already-expired result URLs', async () => {
    h.emu.faults.script('/v1/images/generations', { expiredUrls: true })
    const res = await h.post('/v1/images/generations', {
      model: 'studio-image-compat',
      prompt: 'x',
      size: '256x256'
    })
    const body = (await res.json()) as ImageSet
    const file = await download(body.data[0]?.url ?? '')
    expect(file.status).toBe(403)
    expect(file.bytes.toString()).toContain('Request has expired')
  })
})

describe('control API and stop()', () => {
  it('scripts faults, reads the log and moves the clock over HTTP', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${h.emu.origin}/__emulator/${path}`, { method: 'POST', body: JSON.stringify(body) })
    expect((await post('faults', { path: '/v1/models', steps: [{ status: 418 }] })).status).toBe(200)
    expect((await h.get('/v1/models')).status).toBe(418)
    const log = (await (await fetch(`${h.emu.origin}/__emulator/log`)).json()) as { status: number }[]
    expect(log.map((e) => e.status)).toEqual([418])
    expect((await post('faults', { path: '/v1/models', steps: [{ status: 'x' }] })).status).toBe(400)
    expect((await post('advance', { ms: 1000 })).status).toBe(204)
    expect((await fetch(`${h.emu.origin}/__emulator/log`, { method: 'DELETE' })).status).toBe(204)
    expect(h.emu.requestLog).toHaveLength(0)
  })

  it('survives clients that abort mid-stream', async () => {
    for (let i = 0; i < 5; i++) {
      const controller = new AbortController()
      const res = await fetch(`${h.emu.baseUrl}${CHAT}`, {
        method: 'POST',
        signal: controller.signal,
        headers: { ...authHeader(h.emu.keys.ordinary), 'content-type': 'application/json' },
        body: JSON.stringify(chatBody('long [[tokens=50000]]'))
      })
      const reader = res.body?.getReader()
      await reader?.read()
      controller.abort()
    }
    expect((await h.get('/v1/models')).status).toBe(200)
    expect(h.emu.requestLog.filter((e) => e.path === CHAT).map((e) => e.status)).toEqual([
      200, 200, 200, 200, 200
    ])
  })

  it('closes stalled and hanging connections on stop()', async () => {
    const emu = await startEmulator()
    emu.faults.script('/v1/models', [{ stallAfterBytes: 5 }, { delayMs: 60_000 }])
    const request = () =>
      rawRequest(emu.origin, {
        method: 'GET',
        path: '/t/acme/v1/models',
        headers: authHeader(emu.keys.ordinary),
        timeoutMs: 10_000
      })
    const stalled = request()
    const hanging = request()
    while (emu.requestLog.length < 2) await new Promise((r) => setImmediate(r))
    const started = Date.now()
    await emu.stop()
    const results = await Promise.all([stalled, hanging])
    expect(Date.now() - started).toBeLessThan(2000)
    expect(results.map((r) => r.ended)).not.toContain('timeout')
  })
})
