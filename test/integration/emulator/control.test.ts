import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, TEST_TIMING, type RunningEmulator } from '../../../src/emulator'
import { DemoGateway } from '../../../src/main/profiles/demoGateway'

interface Answer {
  status: number
  body: string
}

/** A request with exactly these headers (Host and Origin included), as a browser page or a rebinding would send. */
function send(
  origin: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string }
): Promise<Answer> {
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers ?? {}
      },
      (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      }
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** What a page on another origin sends with `fetch(url, { method: 'POST', mode: 'no-cors', body })`. */
function browserPost(origin: string, path: string, body: unknown, pageOrigin: string): Promise<Answer> {
  return send(origin, {
    method: 'POST',
    path,
    headers: {
      host: new URL(origin).host,
      origin: pageOrigin,
      'content-type': 'text/plain;charset=UTF-8',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'no-cors'
    },
    body: JSON.stringify(body)
  })
}

const REPLY_SCRIPT = { path: '/v1/chat/completions', steps: [{ reply: 'scripted by another page' }] }

/** The next chat reply's text, with the emulator's ordinary demo key. */
async function nextReply(baseUrl: string, key: string): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'studio-chat', messages: [{ role: 'user', content: 'hello' }] })
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { choices: { message: { content: string } }[] }
  return body.choices[0]?.message.content ?? ''
}

describe('emulator control API: only for whoever started the emulator', () => {
  let emu: RunningEmulator

  beforeAll(async () => {
    emu = await startEmulator()
  })
  afterAll(async () => {
    await emu.stop()
  })

  it('a caller without Origin on the emulator’s own host (tests, the CLI, curl) still drives it', async () => {
    const own = { host: new URL(emu.origin).host }
    const scripted = await send(emu.origin, {
      method: 'POST',
      path: '/__emulator/faults',
      headers: own,
      body: JSON.stringify(REPLY_SCRIPT)
    })
    expect(scripted.status).toBe(200)
    expect(await nextReply(emu.baseUrl, emu.keys.ordinary)).toBe('scripted by another page')
    expect((await send(emu.origin, { path: '/__emulator/log', headers: own })).status).toBe(200)
  })

  it('refuses any request that carries an Origin header, "null" included, and applies nothing', async () => {
    for (const pageOrigin of ['http://evil.example', 'null', emu.origin, 'http://127.0.0.1:1']) {
      const res = await browserPost(emu.origin, '/__emulator/faults', REPLY_SCRIPT, pageOrigin)
      expect([pageOrigin, res.status]).toEqual([pageOrigin, 403])
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'control_forbidden' } })
    }
    const balance = await send(emu.origin, {
      method: 'POST',
      path: '/__emulator/balance',
      headers: { host: new URL(emu.origin).host, origin: 'http://evil.example' },
      body: JSON.stringify({ key: emu.keys.ordinary, balance: 0 })
    })
    expect(balance.status).toBe(403)
    expect(emu.faults.pending()).toBe(0)
    expect(emu.getBalance(emu.keys.ordinary)).toBeGreaterThan(0)
    expect(await nextReply(emu.baseUrl, emu.keys.ordinary)).not.toBe('scripted by another page')
  })

  it('refuses a request a browser marks as coming from another site, even without Origin', async () => {
    const res = await send(emu.origin, {
      path: '/__emulator/log',
      headers: { host: new URL(emu.origin).host, 'sec-fetch-site': 'cross-site' }
    })
    expect(res.status).toBe(403)
    expect(res.body).not.toContain('/v1/')
  })

  it('refuses a control request for any Host but its own 127.0.0.1:port (DNS rebinding)', async () => {
    const { port } = new URL(emu.origin)
    for (const host of [
      `evil.example:${port}`,
      `localhost:${port}`,
      '127.0.0.1',
      `127.0.0.1:${Number(port) + 1}`
    ]) {
      const res = await send(emu.origin, {
        method: 'POST',
        path: '/__emulator/faults',
        headers: { host },
        body: JSON.stringify(REPLY_SCRIPT)
      })
      expect([host, res.status]).toEqual([host, 421])
    }
    expect(emu.faults.pending()).toBe(0)
  })

  it('refuses gateway requests for a foreign Host too, while localhost:port still reaches it', async () => {
    const { port } = new URL(emu.origin)
    const auth = { authorization: `Bearer ${emu.keys.ordinary}` }
    const foreign = await send(emu.origin, {
      path: '/t/acme/v1/models',
      headers: { ...auth, host: `rebind.example:${port}` }
    })
    expect(foreign.status).toBe(421)
    expect(foreign.body).not.toContain('studio-chat')
    const local = await send(emu.origin, {
      path: '/t/acme/v1/models',
      headers: { ...auth, host: `localhost:${port}` }
    })
    expect(local.status).toBe(200)
  })
})

describe('emulator started with control: false', () => {
  it('has no control routes at all, even for a caller on its own host', async () => {
    const emu = await startEmulator({ control: false })
    try {
      const own = { host: new URL(emu.origin).host }
      const res = await send(emu.origin, {
        method: 'POST',
        path: '/__emulator/faults',
        headers: own,
        body: JSON.stringify(REPLY_SCRIPT)
      })
      expect(res.status).toBe(404)
      expect((await send(emu.origin, { path: '/__emulator/log', headers: own })).status).toBe(404)
      expect(emu.faults.pending()).toBe(0)
      expect(await nextReply(emu.baseUrl, emu.keys.ordinary)).not.toBe('scripted by another page')
    } finally {
      await emu.stop()
    }
  })
})

describe('the in-process demo gateway', () => {
  it('serves no control API: a page posting a reply script changes nothing', async () => {
    const demo = new DemoGateway(TEST_TIMING)
    try {
      const { baseUrl, apiKey } = await demo.endpoint()
      const origin = new URL(baseUrl).origin
      const variants: Record<string, string>[] = [
        { host: new URL(origin).host },
        { host: new URL(origin).host, origin: 'http://evil.example' }
      ]
      for (const headers of variants) {
        const res = await send(origin, {
          method: 'POST',
          path: '/__emulator/faults',
          headers,
          body: JSON.stringify(REPLY_SCRIPT)
        })
        expect(res.status).toBe(404)
      }
      expect(await nextReply(baseUrl, apiKey)).not.toBe('scripted by another page')
    } finally {
      await demo.stop()
    }
  })
})
