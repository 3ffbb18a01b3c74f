import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createGatewayClient, GatewayError, type RetryEvent } from '../../../../src/main/gateway'
import { defaultFieldMap } from '../../../../src/shared/gateway/fieldMap'
import { json, KEY, recordingClock, signal, startTestServer, testClient, type TestServer } from './testServer'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
afterEach(() => {
  server.seen.length = 0
})

const models = {
  object: 'list',
  data: [{ id: 'm', object: 'model', supported_endpoints: ['/v1/images/partner-b'] }]
}
const imageOk = { created: 1760000000, data: [{ url: 'https://cdn.example.com/x.png' }] }
const post = { signal: signal(), idempotencyKey: 'job-1' }

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise
  } catch (err) {
    if (err instanceof GatewayError) return err
    throw err
  }
  throw new Error('expected a GatewayError')
}

/** Answers each request with the next scripted status (the last one repeats). */
function script(steps: { status: number; headers?: Record<string, string>; body?: unknown }[]): void {
  server.setHandler((_req, res, index) => {
    const step = steps[Math.min(index, steps.length - 1)]!
    json(
      res,
      step.status,
      step.body ?? { error: { type: 't', code: 'c', message: `status ${step.status}` } },
      step.headers
    )
  })
}

describe('retry table for the listing (a safe GET) [P13]', () => {
  it.each([
    ['503', [{ status: 503 }], 3],
    ['400', [{ status: 400 }], 1],
    ['402', [{ status: 402 }], 1],
    ['503 + x-should-retry:false', [{ status: 503, headers: { 'x-should-retry': 'false' } }], 1],
    ['400 + x-should-retry:true', [{ status: 400, headers: { 'x-should-retry': 'true' } }], 3],
    ['503 then 200', [{ status: 503 }, { status: 200, body: models }], 2]
  ])('%s → %d attempts', async (_name, steps, attempts) => {
    script(steps)
    const client = testClient(server.baseUrl)
    await client.listModels({ signal: signal() }).catch(() => undefined)
    expect(server.seen).toHaveLength(attempts)
  })

  it('the waits follow the server hints, else the backoff [P14]', async () => {
    const cases: [Record<string, string>, (ms: number) => boolean][] = [
      [{ 'retry-after-ms': '150' }, (ms) => ms === 150],
      [{ 'retry-after': '2' }, (ms) => ms === 2000],
      [{ 'retry-after': new Date(Date.now() + 5000).toUTCString() }, (ms) => ms > 3500 && ms <= 5000],
      [{ 'retry-after': '120' }, (ms) => ms >= 375 && ms <= 500],
      [{ 'retry-after': 'garbage' }, (ms) => ms >= 375 && ms <= 500]
    ]
    for (const [headers, ok] of cases) {
      server.seen.length = 0
      script([
        { status: 503, headers },
        { status: 200, body: models }
      ])
      const clock = recordingClock()
      await testClient(server.baseUrl, { clock }).listModels({ signal: signal() })
      expect(clock.slept).toHaveLength(1)
      expect(ok(clock.slept[0]!), `${JSON.stringify(headers)} → ${clock.slept[0]}`).toBe(true)
    }
  })
})

describe('billed POSTs are never re-sent after an ambiguous failure [P17]', () => {
  const request = { model: 'm', prompt: 'a cat' }

  it.each([
    [500, undefined],
    [502, undefined],
    [504, undefined],
    [503, '<html>503 Service Unavailable</html>']
  ])('%d (body %s) → exactly one POST, outcome unknown [P17]', async (status, body) => {
    script([{ status, ...(body ? { body } : {}) }])
    const err = await failure(testClient(server.baseUrl).send('partnerB', request, post))
    expect(server.seen).toHaveLength(1)
    expect(err).toMatchObject({ status, outcome: 'unknown' })
  })

  it('a reset after the request arrived → one POST, outcome unknown', async () => {
    server.setHandler((_req, res) => res.socket?.destroy())
    const err = await failure(testClient(server.baseUrl).send('partnerB', request, post))
    expect(server.seen).toHaveLength(1)
    expect(err).toMatchObject({ reason: 'network', outcome: 'unknown' })
    expect(err.toView().kind).toBe('outcome_unknown')
  })

  it('a reply slower than our limit → one POST, outcome unknown, within limit + 1 s [P15]', async () => {
    server.setHandler(() => undefined)
    const client = testClient(server.baseUrl, { timeouts: { requestMs: 300 } })
    const started = Date.now()
    const err = await failure(client.send('partnerB', request, post))
    // undici checks its headers/body timers on ~0.5 s ticks, hence the slack beyond P15's + 1 s.
    expect(Date.now() - started).toBeLessThan(300 + 1500)
    expect(server.seen).toHaveLength(1)
    expect(err).toMatchObject({ reason: 'timeout', code: 'UND_ERR_HEADERS_TIMEOUT', outcome: 'unknown' })
  })

  it('a body cut after the status line → one POST, outcome unknown', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' })
      res.write('{"created":1,"data":[')
      setImmediate(() => res.socket?.destroy())
    })
    const err = await failure(testClient(server.baseUrl).send('partnerB', request, post))
    expect(server.seen).toHaveLength(1)
    expect(err.outcome).toBe('unknown')
  })

  it('a 2xx that is not the promised JSON → outcome unknown, not retried', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('<html>')
    })
    const err = await failure(testClient(server.baseUrl).send('partnerB', request, post))
    expect(server.seen).toHaveLength(1)
    expect(err).toMatchObject({ reason: 'invalid_response', outcome: 'unknown' })
  })

  it('a 4xx is a refusal: outcome failed', async () => {
    script([{ status: 400 }])
    const err = await failure(testClient(server.baseUrl).send('partnerB', request, post))
    expect(err.outcome).toBe('failed')
  })

  it('429 (not about money) is retried with the same Idempotency-Key [P18]', async () => {
    script([
      { status: 429, headers: { 'retry-after-ms': '10' } },
      { status: 200, body: imageOk }
    ])
    const res = await testClient(server.baseUrl).send('partnerB', request, {
      signal: signal(),
      idempotencyKey: 'job-429'
    })
    expect(res.data.data[0]?.url).toBe('https://cdn.example.com/x.png')
    expect(server.seen.map((s) => s.headers['idempotency-key'])).toEqual(['job-429', 'job-429'])
  })

  it('429 about quota is not retried', async () => {
    script([
      {
        status: 429,
        body: { error: { type: 'insufficient_quota', code: 'insufficient_quota', message: 'no' } }
      }
    ])
    const err = await failure(testClient(server.baseUrl).send('partnerB', request, post))
    expect(server.seen).toHaveLength(1)
    expect(err.toView().kind).toBe('balance')
  })

  it('connection refused is provably unsent: retried, outcome failed', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const retries: RetryEvent[] = []
    const client = testClient(`http://127.0.0.1:${port}`, { onRetry: (e) => retries.push(e) })
    const err = await failure(client.send('partnerB', request, post))
    expect(err).toMatchObject({ reason: 'network', code: 'ECONNREFUSED', outcome: 'failed' })
    expect(retries).toHaveLength(2)
  })

  it('every POST carries the Idempotency-Key; a missing key is a programming error [P18]', async () => {
    script([{ status: 200, body: imageOk }])
    await testClient(server.baseUrl).send('partnerB', request, { signal: signal(), idempotencyKey: 'job-7' })
    expect(server.seen[0]?.headers['idempotency-key']).toBe('job-7')
    await expect(
      testClient(server.baseUrl).send('partnerB', request, { signal: signal(), idempotencyKey: '' })
    ).rejects.toThrow(TypeError)
    expect(server.seen).toHaveLength(1)
  })
})

describe('cancel means abort, never retry [P16]', () => {
  it('aborting while waiting for headers ends at once', async () => {
    server.setHandler(() => undefined)
    const controller = new AbortController()
    const pending = failure(
      testClient(server.baseUrl).send(
        'partnerB',
        { model: 'm', prompt: 'p' },
        { signal: controller.signal, idempotencyKey: 'k' }
      )
    )
    while (server.seen.length === 0) await new Promise((r) => setImmediate(r))
    const started = Date.now()
    controller.abort()
    const err = await pending
    expect(Date.now() - started).toBeLessThan(100)
    expect(err.reason).toBe('cancelled')
    expect(err.toView().kind).toBe('cancelled')
    expect(server.seen).toHaveLength(1)
  })

  it('aborting during the backoff sleep sends nothing more', async () => {
    script([{ status: 503 }])
    const controller = new AbortController()
    const clock = recordingClock()
    clock.sleep = (_ms, s) =>
      new Promise((_resolve, reject) => {
        s.addEventListener('abort', () => reject(new Error('aborted')), { once: true })
        controller.abort()
      })
    const err = await failure(testClient(server.baseUrl, { clock }).listModels({ signal: controller.signal }))
    expect(err.reason).toBe('cancelled')
    expect(server.seen).toHaveLength(1)
  })

  it('an already-aborted signal sends nothing', async () => {
    const controller = new AbortController()
    controller.abort()
    const err = await failure(testClient(server.baseUrl).listModels({ signal: controller.signal }))
    expect(err.reason).toBe('cancelled')
    expect(server.seen).toHaveLength(0)
  })
})

describe('key hygiene', () => {
  it('the key goes only into the Authorization header, never into an error [P11]', async () => {
    script([
      {
        status: 401,
        body: { error: { type: 'auth', code: 'invalid_api_key', message: `Incorrect API key: ${KEY}` } }
      }
    ])
    const retries: RetryEvent[] = []
    const err = await failure(
      testClient(server.baseUrl, { onRetry: (e) => retries.push(e) }).listModels({ signal: signal() })
    )
    expect(server.seen[0]?.headers.authorization).toBe(`Bearer ${KEY}`)
    const everything = JSON.stringify({
      message: err.message,
      raw: err.raw,
      view: err.toView(),
      info: err.toInfo(),
      stack: err.stack,
      retries
    })
    expect(everything).not.toContain(KEY)
    expect(err.toView()).toMatchObject({ kind: 'auth', action: 're_enter_key' })
  })

  it('no key → no Authorization header (the gateway answers 401)', async () => {
    script([{ status: 401 }])
    const client = createGatewayClient(
      { baseUrl: server.baseUrl, authorization: () => Promise.resolve(null), fieldMap: defaultFieldMap() },
      { allowLoopbackHttp: true }
    )
    await failure(client.listModels({ signal: signal() }))
    expect(server.seen[0]?.headers.authorization).toBeUndefined()
  })

  it('plain http to a non-loopback host is refused [P29]', () => {
    expect(() => testClient('http://gateway.example.com')).toThrow(/https/)
  })
})

describe('errors carry what the gateway said', () => {
  it('request id from x-request-id, envelope fields, Anthropic shape', async () => {
    script([
      {
        status: 403,
        headers: { 'x-request-id': 'req-42' },
        body: { type: 'error', error: { type: 'permission_error', message: 'nope' }, request_id: 'r' }
      }
    ])
    const err = await failure(testClient(server.baseUrl).listModels({ signal: signal() }))
    expect(err).toMatchObject({
      status: 403,
      type: 'permission_error',
      message: 'nope',
      requestId: 'req-42',
      retryable: false
    })
    expect(err.toView()).toMatchObject({ kind: 'permission', action: 'check_permission' })
  })

  it('Ark envelope and numeric codes', async () => {
    script([
      {
        status: 402,
        body: { error: { code: 402, message: 'Insufficient credits', param: '', type: 'Billing' } }
      }
    ])
    const err = await failure(testClient(server.baseUrl).send('partnerB', { model: 'm', prompt: 'p' }, post))
    expect(err).toMatchObject({ code: '402', message: 'Insufficient credits' })
    expect(err.toView()).toMatchObject({ kind: 'balance', action: 'check_balance' })
  })

  it('a JSON error to a stream request is a plain HTTP error', async () => {
    script([
      {
        status: 400,
        body: { error: { type: 'invalid_request_error', code: 'stream_unsupported', message: 'no stream' } }
      }
    ])
    const err = await failure(
      testClient(server.baseUrl).stream('partnerA', { model: 'm', prompt: 'p' }, post)
    )
    expect(err).toMatchObject({ reason: 'http', status: 400, code: 'stream_unsupported', outcome: 'failed' })
  })
})

describe('endpoint check [P36]', () => {
  const catalog = {
    lookupModel: (id: string) =>
      id === 'm' ? { id: 'm', supported_endpoints: ['/v1/images/partner-b'] } : undefined
  }

  it('a model lacking the endpoint is refused locally, with what it supports', async () => {
    const err = await failure(
      testClient(server.baseUrl, catalog).send('imagesV3', { model: 'm', prompt: 'p' }, post)
    )
    expect(server.seen).toHaveLength(0)
    expect(err).toMatchObject({
      reason: 'preflight',
      code: 'model_endpoint_mismatch',
      supportedEndpoints: ['/v1/images/partner-b']
    })
    expect(err.toView()).toMatchObject({ kind: 'mismatch', action: 'pick_model' })
  })

  it("the gateway's own mismatch gets the catalog's list", async () => {
    script([
      {
        status: 400,
        body: { error: { type: 'invalid_request_error', code: 'model_endpoint_mismatch', message: 'no' } }
      }
    ])
    // A stale catalog still lists partner-b, so the request goes out and the gateway refuses it.
    const supported = ['/v1/images/partner-b', '/v1/messages']
    const client = testClient(server.baseUrl, {
      lookupModel: () => ({ id: 'm', supported_endpoints: supported })
    })
    const err = await failure(client.send('partnerB', { model: 'm', prompt: 'p' }, post))
    expect(err).toMatchObject({ code: 'model_endpoint_mismatch', supportedEndpoints: supported })
    expect(err.toView().kind).toBe('mismatch')
    expect(server.seen).toHaveLength(1)
  })

  it('pre-flight issues stop the request before a byte is sent', async () => {
    const err = await failure(
      testClient(server.baseUrl).send('partnerB', { model: 'm', prompt: 'p', count: 2 }, post)
    )
    expect(err.issues).toEqual([
      expect.objectContaining({ field: 'count', message: 'Exactly 1 image per request (count: 2).' })
    ])
    expect(server.seen).toHaveLength(0)
  })
})
