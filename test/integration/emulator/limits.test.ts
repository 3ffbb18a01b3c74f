import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startEmulator } from '../../../src/emulator'
import { TaskStore } from '../../../src/emulator/tasks/task-store'
import { authHeader, download, errorOf, setup, type Http } from './helpers'
import type { Task } from './shapes'

let h: Http
beforeAll(async () => {
  h = await setup()
})
afterAll(() => h.emu.stop())
afterEach(() => {
  vi.restoreAllMocks()
  const { ordinary, noPermission, noBalance, otherTenant } = h.emu.keys
  for (const key of [ordinary, noPermission, noBalance, otherTenant]) {
    h.emu.setRateLimit(key, null)
    h.emu.setQuota(key, null)
  }
  h.emu.faults.clear()
})

const chat = { model: 'studio-chat', messages: [{ role: 'user', content: 'hello' }] }
const task = { model: 'studio-image-async', prompt: 'a castle' }

describe('rate limit per key', () => {
  it('answers 429 with the envelope and both retry headers, before anything runs or is billed', async () => {
    const key = h.emu.keys.ordinary
    h.emu.setRateLimit(key, 2)
    expect(h.emu.getRateLimit(key)).toBe(2)
    expect((await h.post('/v2/images/generations', task)).status).toBe(200)
    expect((await h.get('/v1/models')).status).toBe(200)
    const balance = h.emu.getBalance(key)
    const create = vi.spyOn(TaskStore.prototype, 'create')
    h.emu.clearLog()

    const res = await h.post('/v2/images/generations', task)
    expect(res.status).toBe(429)
    expect(await errorOf(res)).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' })
    const waitMs = Number(res.headers.get('retry-after-ms'))
    expect(waitMs).toBeGreaterThan(50_000)
    expect(waitMs).toBeLessThanOrEqual(60_000)
    expect(Number.isInteger(waitMs)).toBe(true)
    expect(res.headers.get('retry-after')).toBe(String(Math.ceil(waitMs / 1000)))
    expect(create).not.toHaveBeenCalled()
    expect(h.emu.getBalance(key)).toBe(balance)

    // Even a request that would be a 400 is refused first: the limit comes right after authentication.
    const invalid = await h.post('/v2/images/generations', { model: 'studio-image-async' })
    expect(invalid.status).toBe(429)
    expect(h.emu.requestLog.map((e) => [e.path, e.status, e.keyRole])).toEqual([
      ['/v2/images/generations', 429, 'ordinary'],
      ['/v2/images/generations', 429, 'ordinary']
    ])
  })

  it('slides over the last 60 s of the emulator clock', async () => {
    const key = h.emu.keys.ordinary
    h.emu.setRateLimit(key, 2)
    expect((await h.get('/v1/models')).status).toBe(200)
    h.emu.advance(30_000)
    expect((await h.get('/v1/models')).status).toBe(200)
    const first = await h.get('/v1/models')
    expect(first.status).toBe(429)
    // The first request leaves the window 60 s after it was admitted, about 30 s from now.
    const waitMs = Number(first.headers.get('retry-after-ms'))
    expect(waitMs).toBeGreaterThan(25_000)
    expect(waitMs).toBeLessThanOrEqual(30_000)
    expect(first.headers.get('retry-after')).toBe(String(Math.ceil(waitMs / 1000)))
    h.emu.advance(waitMs)
    expect((await h.get('/v1/models')).status).toBe(200)
    // Not a fixed window: the second request still counts for about 30 s more.
    const again = await h.get('/v1/models')
    expect(again.status).toBe(429)
    expect(Number(again.headers.get('retry-after-ms'))).toBeGreaterThan(25_000)
  })

  it('admits exactly the limit out of many concurrent requests', async () => {
    h.emu.setRateLimit(h.emu.keys.ordinary, 5)
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => (await h.get('/v1/models')).status)
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
  })

  it('counts polls and listings, but not result-file downloads; other keys are not affected', async () => {
    const key = h.emu.keys.ordinary
    h.emu.setRateLimit(key, 2)
    const created = await h.postJson<Task>('/v2/images/generations', task)
    expect(created.status).toBe(200)
    h.emu.advance(1_000)
    const polled = await h.get(`/v2/images/generations/${created.body.id}`)
    expect(polled.status).toBe(200)
    const url = ((await polled.json()) as Task).data?.[0]?.url ?? ''
    for (let i = 0; i < 3; i++) expect((await download(url)).status).toBe(200)
    expect((await h.get('/v1/models')).status).toBe(429)
    expect((await h.get('/v1/models', { key: h.emu.keys.noPermission })).status).toBe(200)
  })

  it('is lifted with null', async () => {
    const key = h.emu.keys.ordinary
    h.emu.setRateLimit(key, 1)
    expect((await h.get('/v1/models')).status).toBe(200)
    expect((await h.get('/v1/models')).status).toBe(429)
    h.emu.setRateLimit(key, null)
    expect(h.emu.getRateLimit(key)).toBeNull()
    for (let i = 0; i < 5; i++) expect((await h.get('/v1/models')).status).toBe(200)
  })

  it('refuses bad arguments in process', () => {
    expect(() => h.emu.setRateLimit('sk-emu-nobody-9999', 5)).toThrow(/unknown key/)
    expect(() => h.emu.setRateLimit(h.emu.keys.ordinary, 0)).toThrow()
    expect(() => h.emu.setQuota(h.emu.keys.ordinary, -1)).toThrow()
  })
})

describe('quota per key', () => {
  it('answers a quota-type 429 without Retry-After once used up; unbilled requests still work', async () => {
    const key = h.emu.keys.ordinary
    h.emu.setQuota(key, 1)
    expect(h.emu.getQuota(key)).toBe(1)
    const created = await h.postJson<Task>('/v2/images/generations', task)
    expect(created.status).toBe(200)
    expect(h.emu.getQuota(key)).toBe(0)
    const balance = h.emu.getBalance(key)
    const create = vi.spyOn(TaskStore.prototype, 'create')
    h.emu.clearLog()

    for (const res of [
      await h.post('/v2/images/generations', task),
      await h.post('/v1/chat/completions', chat)
    ]) {
      expect(res.status).toBe(429)
      const error = await errorOf(res)
      expect(error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_quota' })
      expect(error.message).toMatch(/exceeded your current quota/)
      expect(res.headers.get('retry-after')).toBeNull()
      expect(res.headers.get('retry-after-ms')).toBeNull()
    }
    expect(create).not.toHaveBeenCalled()
    expect(h.emu.getBalance(key)).toBe(balance)

    expect((await h.get('/v1/models')).status).toBe(200)
    expect((await h.get(`/v2/images/generations/${created.body.id}`)).status).toBe(200)
    // Validation still comes first: a bad request is a 400, not a quota refusal.
    expect((await h.post('/v2/images/generations', { model: 'studio-image-async' })).status).toBe(400)
    expect(h.emu.requestLog.map((e) => e.status)).toEqual([429, 429, 200, 200, 400])

    // Waiting does not bring it back; raising it does.
    h.emu.advance(24 * 60 * 60 * 1000)
    expect((await h.post('/v1/chat/completions', chat)).status).toBe(429)
    h.emu.setQuota(key, null)
    expect(h.emu.getQuota(key)).toBeNull()
    expect((await h.post('/v1/chat/completions', chat)).status).toBe(200)
  })

  it('leaves an empty balance answering 402', async () => {
    h.emu.setQuota(h.emu.keys.noBalance, 5)
    const res = await h.post('/v1/chat/completions', chat, { key: h.emu.keys.noBalance })
    expect(res.status).toBe(402)
    expect(h.emu.getQuota(h.emu.keys.noBalance)).toBe(5)
  })
})

describe('limits from the config', () => {
  it('starts with the requestsPerMinute and quota of each key entry', async () => {
    const key = 'sk-emu-config-limited-01'
    const emu = await startEmulator({
      config: {
        tenants: [{ id: 'acme' }],
        models: [
          {
            id: 'studio-chat',
            owned_by: 'studio',
            supported_endpoints: ['/v1/chat/completions'],
            billing_unit: 'token',
            price: 1
          }
        ],
        keys: [
          {
            key,
            tenant: 'acme',
            role: 'ordinary',
            models: '*',
            balance: 1_000,
            requestsPerMinute: 3,
            quota: 1
          }
        ]
      }
    })
    try {
      const post = () =>
        fetch(`${emu.baseUrl}/v1/chat/completions`, {
          method: 'POST',
          headers: { ...authHeader(key), 'content-type': 'application/json' },
          body: JSON.stringify(chat)
        })
      expect(emu.getRateLimit(key)).toBe(3)
      expect(emu.getQuota(key)).toBe(1)
      expect((await post()).status).toBe(200)
      const quota = await post()
      expect(quota.status).toBe(429)
      expect((await errorOf(quota)).code).toBe('insufficient_quota')
      expect((await fetch(`${emu.baseUrl}/v1/models`, { headers: authHeader(key) })).status).toBe(200)
      const limited = await fetch(`${emu.baseUrl}/v1/models`, { headers: authHeader(key) })
      expect(limited.status).toBe(429)
      expect((await errorOf(limited)).code).toBe('rate_limit_exceeded')
    } finally {
      await emu.stop()
    }
  })
})

describe('control routes', () => {
  const control = (path: string, body: unknown) =>
    fetch(`${h.emu.origin}/__emulator/${path}`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body)
    })

  it('set and lift the rate limit', async () => {
    const key = h.emu.keys.ordinary
    expect((await control('rateLimit', { key, perMinute: 1 })).status).toBe(204)
    expect(h.emu.getRateLimit(key)).toBe(1)
    expect((await h.get('/v1/models')).status).toBe(200)
    expect((await h.get('/v1/models')).status).toBe(429)
    expect((await control('rateLimit', { key, perMinute: null })).status).toBe(204)
    expect(h.emu.getRateLimit(key)).toBeNull()
    expect((await h.get('/v1/models')).status).toBe(200)
  })

  it('set and lift the quota', async () => {
    const key = h.emu.keys.ordinary
    expect((await control('quota', { key, quota: 0 })).status).toBe(204)
    expect(h.emu.getQuota(key)).toBe(0)
    expect((await h.post('/v1/chat/completions', chat)).status).toBe(429)
    expect((await control('quota', { key, quota: null })).status).toBe(204)
    expect((await h.post('/v1/chat/completions', chat)).status).toBe(200)
  })

  it('refuse bad input with 400 and change nothing', async () => {
    const key = h.emu.keys.ordinary
    const bad: [string, unknown][] = [
      ['rateLimit', { key, perMinute: 0 }],
      ['rateLimit', { key, perMinute: -3 }],
      ['rateLimit', { key, perMinute: 1.5 }],
      ['rateLimit', { key, perMinute: '10' }],
      ['rateLimit', { key }],
      ['rateLimit', { perMinute: 10 }],
      ['rateLimit', { key, perMinute: 10, extra: true }],
      ['rateLimit', { key: 'sk-emu-nobody-9999', perMinute: 10 }],
      ['rateLimit', 'not json'],
      ['quota', { key, quota: -1 }],
      ['quota', { key, quota: 0.5 }],
      ['quota', { key, quota: '5' }],
      ['quota', { key }],
      ['quota', { key: 'sk-emu-nobody-9999', quota: 5 }]
    ]
    for (const [path, body] of bad) {
      const res = await control(path, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(res)).code).toBe('bad_control')
    }
    expect(h.emu.getRateLimit(key)).toBeNull()
    expect(h.emu.getQuota(key)).toBeNull()
  })
})
