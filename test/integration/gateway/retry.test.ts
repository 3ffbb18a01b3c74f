import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FaultStep } from '../../../src/emulator'
import type { GatewayClient, PostOptions } from '../../../src/main/gateway'
import { collect, failure, get, noWaitClock, post, startRig, type Rig } from './helpers'

let rig: Rig
beforeAll(async () => {
  rig = await startRig()
})
afterAll(() => rig.stop())
beforeEach(() => {
  rig.emu.clearLog()
  rig.emu.faults.clear()
})

describe('the retry table, counted by the emulator [P13]', () => {
  const table: [string, FaultStep[], number][] = [
    ['503', [{ status: 503, always: true }], 3],
    ['400', [{ status: 400, always: true }], 1],
    ['402', [{ status: 402, always: true }], 1],
    ['503 + x-should-retry:false', [{ status: 503, shouldRetry: false, always: true }], 1],
    ['400 + x-should-retry:true', [{ status: 400, shouldRetry: true, always: true }], 3],
    ['408', [{ status: 408, always: true }], 3],
    ['409', [{ status: 409, always: true }], 3],
    ['429', [{ status: 429, always: true }], 3],
    ['401', [{ status: 401, always: true }], 1],
    ['404', [{ status: 404, always: true }], 1],
    ['422', [{ status: 422, always: true }], 1],
    [
      'mismatch + x-should-retry:true',
      [{ status: 400, shouldRetry: true, error: { code: 'model_endpoint_mismatch' }, always: true }],
      1
    ],
    ['reset, reset, then 200', [{ reset: true, times: 2 }], 3],
    ['body cut, then 200', [{ resetAfterBytes: 10 }], 2]
  ]

  for (const [name, steps, attempts] of table) {
    it(`listing: ${name} → ${attempts} attempt(s)`, async () => {
      rig.emu.faults.script('GET /v1/models', steps)
      await rig
        .client()
        .listModels(get())
        .catch(() => undefined)
      expect(rig.logFor('/v1/models')).toHaveLength(attempts)
    })
  }

  it('task polls follow the same table', async () => {
    const created = await rig
      .client()
      .send('imagesV2', { model: 'studio-image-async', prompt: 'fox' }, post())
    rig.emu.faults.script('GET /v2/images/generations/*', [{ status: 502 }, { status: 503 }])
    const polled = await rig.client().poll('imagesV2', created.data.id, get())
    expect(polled.data.id).toBe(created.data.id)
    expect(rig.logFor(`/v2/images/generations/${created.data.id}`)).toHaveLength(3)
  })
})

describe('waits from the server hints (fake clock, nothing really waits) [P14]', () => {
  const now = Date.now()
  const cases: [string, FaultStep, (ms: number) => boolean][] = [
    ['retry-after-ms 150', { status: 503, retryAfterMs: 150 }, (ms) => Math.abs(ms - 150) <= 20],
    ['Retry-After 2', { status: 503, retryAfter: 2 }, (ms) => Math.abs(ms - 2000) <= 50],
    [
      'Retry-After: a date 5 s ahead',
      { status: 503, retryAfter: new Date(now + 5000).toUTCString() },
      (ms) => ms > 3500 && ms <= 5000
    ],
    ['Retry-After 120 (too long)', { status: 503, retryAfter: 120 }, (ms) => ms >= 375 && ms <= 500],
    ['Retry-After garbage', { status: 503, retryAfter: 'when pigs fly' }, (ms) => ms >= 375 && ms <= 500]
  ]
  for (const [name, step, ok] of cases) {
    it(name, async () => {
      rig.emu.faults.script('GET /v1/models', step)
      const clock = { ...noWaitClock(), now: () => now }
      const slept: number[] = []
      clock.sleep = (ms) => {
        slept.push(ms)
        return Promise.resolve()
      }
      await rig.client({ clock }).listModels(get())
      expect(slept).toHaveLength(1)
      expect(ok(slept[0]!), `waited ${slept[0]} ms`).toBe(true)
    })
  }
})

type Billed = (c: GatewayClient, o: PostOptions) => Promise<unknown>
const billed: [string, string, Billed][] = [
  [
    'partner-b',
    '/v1/images/partner-b',
    (c, o) => c.send('partnerB', { model: 'wan-image', prompt: 'fox' }, o)
  ],
  [
    'v3',
    '/v3/images/generations',
    (c, o) => c.send('imagesV3', { model: 'studio-image-v3', prompt: 'fox' }, o)
  ],
  [
    'v2 create',
    '/v2/images/generations',
    (c, o) => c.send('imagesV2', { model: 'studio-image-async', prompt: 'fox' }, o)
  ],
  [
    'video create',
    '/v1/videos/generations',
    (c, o) => c.send('videos', { model: 'seedance-video', prompt: 'fox', duration: 1 }, o)
  ],
  [
    'chat',
    '/v1/chat/completions',
    (c, o) => c.createChatCompletion({ model: 'studio-chat', messages: [{ role: 'user', content: 'hi' }] }, o)
  ],
  [
    'partner-a stream',
    '/partner-a/v3/images/generations',
    async (c, o) => {
      const out = await collect(
        await c.stream('partnerA', { model: 'seedream-stream', prompt: 'fox', size: '1280x720' }, o)
      )
      if (out.error) throw out.error
      return out.events
    }
  ]
]

describe('exactly one POST per user action under ambiguous failures [P17]', () => {
  const faults: [string, FaultStep][] = [
    ['reset after the request arrived', { reset: true }],
    ['no answer within our limit', { delayMs: 60_000 }],
    ['body cut after 5 bytes', { resetAfterBytes: 5 }],
    ['body stalls after 5 bytes', { stallAfterBytes: 5 }],
    ['500', { status: 500 }],
    ['502', { status: 502 }],
    [
      '503 without the gateway envelope (a proxy page)',
      { status: 503, body: '<html>Service Unavailable</html>' }
    ],
    ['504', { status: 504 }]
  ]
  for (const [name, path, run] of billed) {
    for (const [faultName, step] of faults) {
      it(`${name}: ${faultName} → 1 POST, outcome unknown`, async () => {
        rig.emu.faults.always(`POST ${path}`, step)
        const client = rig.client({ timeouts: { requestMs: 250, sseIdleMs: 250, streamFirstByteMs: 250 } })
        const options = post()
        const err = await failure(run(client, options))
        expect(err.outcome).toBe('unknown')
        expect(['outcome_unknown', 'unavailable', 'stream_incomplete']).toContain(err.toView().kind)
        expect(err.toView().action).toBe('confirm_resend')
        const log = rig.logFor(path)
        expect(log).toHaveLength(1)
        expect(log[0]?.idempotencyKey).toBe(options.idempotencyKey)
      })
    }
  }

  // The spec names these statuses as refusals; with the gateway's own envelope they are a definite "no".
  const refusals: [string, FaultStep, string][] = [
    ['400', { status: 400 }, 'invalid'],
    ['401', { status: 401 }, 'auth'],
    ['402', { status: 402 }, 'balance'],
    ['403', { status: 403 }, 'permission'],
    ['503 model unavailable', { status: 503, error: { code: 'model_unavailable' } }, 'unavailable']
  ]
  for (const [name, path, run] of billed) {
    for (const [refusal, step, kind] of refusals) {
      it(`${name}: enveloped ${refusal} → 1 POST, a definite failure with no re-send warning [P17][P36]`, async () => {
        rig.emu.faults.always(`POST ${path}`, step)
        const err = await failure(run(rig.client(), post()))
        expect(err.outcome).toBe('failed')
        expect(err.toView().kind).toBe(kind)
        expect(err.toView().action).not.toBe('confirm_resend')
        expect(err.toView().message).not.toMatch(/charge twice/i)
        expect(rig.logFor(path)).toHaveLength(1)
      })
    }
    it(`${name}: 409 → 1 POST, "still being processed", never re-sent [P17]`, async () => {
      rig.emu.faults.always(`POST ${path}`, { status: 409, error: { code: 'request_in_progress' } })
      const err = await failure(run(rig.client(), post()))
      expect(err.toView().kind).toBe('in_progress')
      expect(err.toView().message).toMatch(/still/i)
      expect(err.toView().action).not.toBe('confirm_resend')
      expect(rig.logFor(path)).toHaveLength(1)
    })
  }

  it('429 is retried with the same Idempotency-Key, and the second try succeeds [P18]', async () => {
    rig.emu.faults.script('POST /v1/images/partner-b', { status: 429, retryAfterMs: 1 })
    const options = post()
    await rig.client().send('partnerB', { model: 'wan-image', prompt: 'fox' }, options)
    const keys = rig.logFor('/v1/images/partner-b').map((e) => e.idempotencyKey)
    expect(keys).toEqual([options.idempotencyKey, options.idempotencyKey])
  })

  it('different user actions carry different keys [P18]', async () => {
    const c = rig.client()
    await c.send('partnerB', { model: 'wan-image', prompt: 'fox' }, post())
    await c.send('partnerB', { model: 'wan-image', prompt: 'fox' }, post())
    const keys = rig.logFor('/v1/images/partner-b').map((e) => e.idempotencyKey)
    expect(new Set(keys).size).toBe(2)
  })

  it('an explicit re-send after outcome unknown reuses the job key (and is the only second POST) [P18]', async () => {
    rig.emu.faults.script('POST /v1/images/partner-b', { reset: true })
    const options = post()
    const c = rig.client()
    const err = await failure(c.send('partnerB', { model: 'wan-image', prompt: 'fox' }, options))
    expect(err.outcome).toBe('unknown')
    await c.send(
      'partnerB',
      { model: 'wan-image', prompt: 'fox' },
      { ...options, signal: new AbortController().signal }
    )
    const keys = rig.logFor('/v1/images/partner-b').map((e) => e.idempotencyKey)
    expect(keys).toEqual([options.idempotencyKey, options.idempotencyKey])
  })
})

describe('explicit limits [P15]', () => {
  it('no headers within the limit: the error shows within limit + 1 s', async () => {
    rig.emu.faults.script('GET /v1/models', { delayMs: 60_000, always: true })
    const started = Date.now()
    const err = await failure(rig.client({ timeouts: { readMs: 300 } }).listModels(get()))
    expect(err.reason).toBe('timeout')
    // three attempts (timeouts are retried on a GET), each within its limit + 1 s
    expect(Date.now() - started).toBeLessThan(3 * 1300)
    expect(rig.logFor('/v1/models')).toHaveLength(3)
  })

  it('a stream that goes silent mid-body ends as stream_incomplete within the idle limit + 1 s', async () => {
    rig.emu.faults.script('POST /partner-a/v3/images/generations', { stallAfterBytes: 300 })
    const client = rig.client({ timeouts: { sseIdleMs: 300 } })
    const started = Date.now()
    const out = await collect(
      await client.stream('partnerA', { model: 'seedream-stream', prompt: 'fox', size: '1280x720' }, post())
    )
    expect(out.error).toMatchObject({ reason: 'stream_incomplete', code: 'UND_ERR_BODY_TIMEOUT' })
    // undici checks its headers/body timers on ~0.5 s ticks, hence the slack beyond P15's + 1 s.
    expect(Date.now() - started).toBeLessThan(300 + 1500)
  })
})

describe('a cancel aborts at once and nothing follows [P16]', () => {
  it('while waiting for headers', async () => {
    rig.emu.faults.script('POST /v1/images/partner-b', { delayMs: 60_000 })
    const controller = new AbortController()
    const pending = failure(
      rig.client().send('partnerB', { model: 'wan-image', prompt: 'fox' }, post(controller.signal))
    )
    while (rig.logFor('/v1/images/partner-b').length === 0) await new Promise((r) => setImmediate(r))
    const started = Date.now()
    controller.abort()
    const err = await pending
    expect(Date.now() - started).toBeLessThan(100)
    expect(err.toView().kind).toBe('cancelled')
    expect(rig.logFor('/v1/images/partner-b')).toHaveLength(1)
  })

  it('mid-stream: the connection closes and no request follows', async () => {
    const controller = new AbortController()
    const stream = await rig.client().stream(
      'partnerA',
      {
        model: 'seedream-stream',
        prompt: 'fox',
        size: '1280x720',
        sequential_image_generation: 'auto',
        sequential_image_generation_options: { max_images: 5 }
      },
      post(controller.signal)
    )
    const seen: string[] = []
    let error: unknown
    try {
      for await (const event of stream.events) {
        seen.push(event.type)
        controller.abort()
      }
    } catch (err) {
      error = err
    }
    expect(seen).toEqual(['partial_succeeded'])
    expect(error).toMatchObject({ reason: 'cancelled' })
    expect(rig.logFor('/partner-a/v3/images/generations')).toHaveLength(1)
  })

  it('during a backoff sleep', async () => {
    rig.emu.faults.script('GET /v1/models', { status: 503, always: true })
    const controller = new AbortController()
    const clock = noWaitClock()
    clock.sleep = (_ms, signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true })
        controller.abort()
      })
    const err = await failure(rig.client({ clock }).listModels({ signal: controller.signal }))
    expect(err.reason).toBe('cancelled')
    expect(rig.logFor('/v1/models')).toHaveLength(1)
  })
})
