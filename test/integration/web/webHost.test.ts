import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend, type Backend } from '../../../src/main/backend'
import { createKeyFileCipher } from '../../../src/main/secrets/cipher'
import { startWebHost, type WebHost } from '../../../src/main/web/server'
import { createApiClient } from '../../../src/shared/client'
import { connectWebSocket } from '../../helpers/wsClient'
import { makeTempDir } from '../../helpers/tempDir'

describe('web host over a real WebSocket', () => {
  const temp = makeTempDir()
  const rendererDir = join(temp.dir, 'renderer')
  let backend: Backend
  let host: WebHost

  beforeAll(async () => {
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Studio</title>')
    writeFileSync(join(temp.dir, 'outside.txt'), 'OUTSIDE')
    const dataDir = join(temp.dir, 'data')
    mkdirSync(dataDir)
    backend = createBackend({ dataDir, host: 'web', secretCipher: createKeyFileCipher(dataDir) })
    host = await startWebHost({ backend, rendererDir })
  })

  afterAll(async () => {
    await host.close()
    await backend.close()
    temp.cleanup()
  })

  it('binds to loopback and prints a URL whose token is in the fragment', () => {
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(host.url).toBe(`${host.origin}/#token=${host.token}`)
    expect(host.token.length).toBeGreaterThanOrEqual(40)
  })

  it('carries the contract: invoke, settings round trip, and events', async () => {
    const transport = await connectWebSocket(host.origin, host.token)
    const api = createApiClient(transport)
    const info = await api.invoke('app.info', {})
    expect(info).toMatchObject({ name: 'Gateway Studio', host: 'web' })
    const changed = new Promise((resolve) => api.on('settings.changed', resolve))
    await api.invoke('settings.update', { theme: 'dark' })
    expect(await changed).toMatchObject({ theme: 'dark' })
    expect((await api.invoke('settings.get', {})).theme).toBe('dark')
    transport.close()
  })

  it('answers an unknown command and an invalid input with clear errors [P3]', async () => {
    const transport = await connectWebSocket(host.origin, host.token)
    expect(await transport.invoke('nope.nothing' as never, {})).toEqual({
      ok: false,
      error: { code: 'unknown_command', message: 'Unknown command: nope.nothing' }
    })
    const invalid = (await transport.invoke('settings.update', { theme: 3 })) as {
      ok: boolean
      error: { code: string; message: string }
    }
    expect(invalid.ok).toBe(false)
    expect(invalid.error.code).toBe('invalid_input')
    expect(invalid.error.message).toMatch(/theme/)
    transport.close()
  })

  it('refuses the upgrade for a wrong token or a foreign Origin [P3]', async () => {
    await expect(connectWebSocket(host.origin, 'x'.repeat(43))).rejects.toThrow(/403/)
    await expect(
      connectWebSocket(host.origin, host.token, { headerOrigin: 'http://evil.example' })
    ).rejects.toThrow(/403/)
    await expect(
      connectWebSocket(host.origin, host.token, { headerOrigin: 'http://localhost:1' })
    ).rejects.toThrow(/403/)
  })

  it('gives nothing to a message with a bad token on an open socket [P3]', async () => {
    const transport = await connectWebSocket(host.origin, host.token, { messageToken: 'wrong' })
    const events: unknown[] = []
    transport.subscribe((name, payload) => events.push([name, payload]))
    const result = await transport.invoke('settings.update', { theme: 'light' })
    expect(result).toEqual({ ok: false, error: { code: 'unauthorized', message: 'Not authorised' } })
    const check = await connectWebSocket(host.origin, host.token)
    expect(((await check.invoke('settings.get', {})) as { value: { theme: string } }).value.theme).not.toBe(
      'light'
    )
    check.close()
    transport.close()
  })

  it('checks Host against DNS rebinding and serves only the renderer folder [P7]', async () => {
    const http = await import('node:http')
    const get = (
      path: string,
      headers: Record<string, string> = {}
    ): Promise<{ status: number; body: string }> =>
      new Promise((resolve, reject) => {
        const req = http.request(`${host.origin}${path}`, { headers }, (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => (body += chunk.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        })
        req.on('error', reject)
        req.end()
      })
    expect((await get('/')).body).toContain('Gateway Studio')
    expect((await get('/', { host: 'attacker.example' })).status).toBe(421)
    for (const path of [
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/%2e%2e%2foutside.txt',
      '/..%5coutside.txt'
    ]) {
      const response = await get(path)
      expect(response.body, path).not.toContain('OUTSIDE')
    }
  })

  it('serves media only with the session cookie, which only the token can obtain', async () => {
    const noCookie = await fetch(`${host.origin}/media/abc`)
    expect(noCookie.status).toBe(403)
    const badSession = await fetch(`${host.origin}/session`, {
      method: 'POST',
      headers: { 'x-studio-token': 'wrong', origin: host.origin }
    })
    expect(badSession.status).toBe(403)
    const session = await fetch(`${host.origin}/session`, {
      method: 'POST',
      headers: { 'x-studio-token': host.token, origin: host.origin }
    })
    expect(session.status).toBe(204)
    const cookie = session.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    const withCookie = await fetch(`${host.origin}/media/abc`, {
      headers: { cookie: cookie.split(';')[0] ?? '' }
    })
    expect(withCookie.status).toBe(404)
  })

  it('refuses a request with two Host headers even when the first is its own (RFC 9112) [P3]', async () => {
    const net = await import('node:net')
    const raw = (request: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = net.connect(host.port, '127.0.0.1', () => socket.write(request))
        let answer = ''
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
        socket.on('end', () => resolve(answer))
        socket.on('error', reject)
      })
    const ours = `127.0.0.1:${host.port}`
    const page = await raw(
      `GET / HTTP/1.1\r\nHost: ${ours}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`
    )
    expect(page.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
    const upgrade = await raw(
      `GET /ws?token=${host.token} HTTP/1.1\r\nHost: ${ours}\r\nHost: evil.example\r\n` +
        `Origin: ${host.origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`
    )
    expect(upgrade.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
    const single = await raw(`GET / HTTP/1.1\r\nHost: ${ours}\r\nConnection: close\r\n\r\n`)
    expect(single.split('\r\n')[0]).toBe('HTTP/1.1 200 OK')
  })
})
