import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, setup, type Http } from './helpers'

let h: Http
beforeAll(async () => {
  h = await setup()
})
afterAll(() => h.emu.stop())

const chat = { model: 'studio-chat', messages: [{ role: 'user', content: 'hi' }] }

describe('tenants and keys', () => {
  it('lists models scoped by key and tenant, with supported_endpoints and billing_unit', async () => {
    const res = await h.get('/v1/models')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { object: string; data: Record<string, unknown>[] }
    expect(body.object).toBe('list')
    const ids = body.data.map((m) => m.id)
    expect(ids).toContain('studio-image-v3')
    for (const m of body.data) {
      expect(m.object).toBe('model')
      expect(typeof m.owned_by).toBe('string')
      expect(Array.isArray(m.supported_endpoints)).toBe(true)
      expect(['token', 'image']).toContain(m.billing_unit)
    }
    expect(body.data.find((m) => m.id === 'studio-image-v3')?.billing_unit).toBe('image')
    expect(body.data.find((m) => m.id === 'studio-chat')?.billing_unit).toBe('token')
    expect(h.emu.models.map((m) => m.id)).toEqual(ids)
  })

  it('omits the models a key lacks permission for, and answers 403 when they are called', async () => {
    const listed = (await (await h.get('/v1/models', { key: h.emu.keys.noPermission })).json()) as {
      data: { id: string }[]
    }
    expect(listed.data.map((m) => m.id)).not.toContain('studio-image-v3')
    const res = await h.post(
      '/v3/images/generations',
      { model: 'studio-image-v3', prompt: 'x' },
      { key: h.emu.keys.noPermission }
    )
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('model_not_permitted')
  })

  it('answers 401 without a key, with a bad scheme, with an unknown key and with another tenant’s key', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: `Basic ${h.emu.keys.ordinary}` },
      { authorization: 'Bearer sk-nope-123456' }
    ]
    for (const headers of variants) {
      const res = await fetch(`${h.emu.baseUrl}/v1/models`, { headers })
      expect(res.status).toBe(401)
      expect((await errorOf(res)).type).toBe('authentication_error')
    }
    const res = await h.get('/v1/models', { key: h.emu.keys.otherTenant })
    expect(res.status).toBe(401)
    const own = await h.get('/v1/models', { key: h.emu.keys.otherTenant, base: h.emu.tenantUrl('globex') })
    expect(own.status).toBe(200)
  })

  it('answers 404 for unknown tenants and paths, 405 for a wrong method', async () => {
    expect((await h.get('/v1/models', { base: h.emu.tenantUrl('nobody') })).status).toBe(404)
    expect((await fetch(`${h.emu.origin}/v1/models`)).status).toBe(404)
    expect((await h.get('/v1/nothing')).status).toBe(404)
    const res = await h.get('/v1/chat/completions')
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST')
  })

  it('answers 403 for an unknown model, 400 model_endpoint_mismatch, 503 for an unavailable model', async () => {
    const unknown = await h.post('/v1/chat/completions', { ...chat, model: 'no-such-model' })
    expect(unknown.status).toBe(403)
    const mismatch = await h.post('/v1/chat/completions', { ...chat, model: 'studio-messages' })
    expect(mismatch.status).toBe(400)
    expect(await errorOf(mismatch)).toMatchObject({
      type: 'invalid_request_error',
      code: 'model_endpoint_mismatch'
    })
    const offline = await h.post('/v1/chat/completions', { ...chat, model: 'studio-offline' })
    expect(offline.status).toBe(503)
    expect((await errorOf(offline)).code).toBe('model_endpoint_unavailable')
  })
})

describe('request bodies', () => {
  it('refuses a wrong content type, bad JSON and a non-object body with 400', async () => {
    const wrongType = await h.post('/v1/chat/completions', JSON.stringify(chat), {
      headers: { 'content-type': 'text/plain' }
    })
    expect(wrongType.status).toBe(400)
    expect((await errorOf(wrongType)).message).toMatch(/application\/json/)
    const bad = await h.post('/v1/chat/completions', '{"model": "studio-chat",')
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).code).toBe('invalid_json')
    const list = await h.post('/v1/chat/completions', '[1,2]')
    expect(list.status).toBe(400)
  })

  it('requires model', async () => {
    const res = await h.post('/v1/chat/completions', { messages: chat.messages })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toMatch(/model/)
  })
})

describe('billing', () => {
  it('answers 402 to a key without balance on billed calls, but lists its models', async () => {
    expect((await h.get('/v1/models', { key: h.emu.keys.noBalance })).status).toBe(200)
    const res = await h.post('/v1/chat/completions', chat, { key: h.emu.keys.noBalance })
    expect(res.status).toBe(402)
    expect((await errorOf(res)).code).toMatch(/quota|balance/)
  })

  it('bills tokens for token models and images for image models, and stops at the balance', async () => {
    const key = h.emu.keys.ordinary
    h.emu.setBalance(key, 1000)
    const reply = await h.postJson<{ usage: { total_tokens: number } }>('/v1/chat/completions', chat)
    // studio-chat costs 1 credit per 1000 tokens.
    expect(h.emu.getBalance(key)).toBeCloseTo(1000 - reply.body.usage.total_tokens / 1000, 6)
    h.emu.setBalance(key, 25)
    const two = await h.post('/v3/images/generations', { model: 'studio-image-v3', prompt: 'billing', n: 2 })
    expect(two.status).toBe(200)
    // 10 credits per image.
    expect(h.emu.getBalance(key)).toBeCloseTo(5, 6)
    const short = await h.post('/v3/images/generations', { model: 'studio-image-v3', prompt: 'billing' })
    expect(short.status).toBe(402)
    expect(h.emu.getBalance(key)).toBeCloseTo(5, 6)
    h.emu.setBalance(key, 1_000_000)
  })
})

describe('request log', () => {
  it('logs method, path, tenant, auth presence, role, idempotency key and status, never a key', async () => {
    h.emu.clearLog()
    await h.post('/v1/chat/completions', chat, { headers: { 'idempotency-key': 'job-42' } })
    await fetch(`${h.emu.baseUrl}/v1/models`)
    await h.get('/v1/models', { key: h.emu.keys.otherTenant })
    expect(h.emu.requestLog).toHaveLength(3)
    const [post, anonymous, foreign] = h.emu.requestLog
    expect(post).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      tenant: 'acme',
      authPresent: true,
      keyRole: 'ordinary',
      idempotencyKey: 'job-42',
      status: 200
    })
    expect(post?.bodySummary).toMatchObject({ model: 'studio-chat', fields: ['model', 'messages'] })
    expect(anonymous).toMatchObject({ authPresent: false, keyRole: null, status: 401 })
    expect(foreign).toMatchObject({ authPresent: true, keyRole: null, status: 401 })
    const text = JSON.stringify(h.emu.requestLog)
    for (const key of Object.values(h.emu.keys)) expect(text).not.toContain(key)
  })
})
