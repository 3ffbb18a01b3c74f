import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend, type Backend } from '../../../src/main/backend'
import { createKeyFileCipher } from '../../../src/main/secrets/cipher'
import { startWebHost, type WebHost } from '../../../src/main/web/server'
import { connectWebSocket } from '../../helpers/wsClient'
import { makeTempDir } from '../../helpers/tempDir'
import { addMediaRow, openSession, rawGet } from './helpers'

const MEDIA_ID = 'c0ffee00c0ffee00c0ffee00c0ffee00'

/**
 * Cookies are not scoped by port: every other server on 127.0.0.1 the browser visits receives this one.
 * So the cookie must be worth no more than the media and exports it unlocks, never the contract.
 */
describe('web host: the media cookie is not the launch token', () => {
  const temp = makeTempDir('gs-session-cookie-')
  const rendererDir = join(temp.dir, 'renderer')
  const dataDir = join(temp.dir, 'data')
  let backend: Backend | undefined
  let host: WebHost
  let other: WebHost

  beforeAll(async () => {
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Studio</title>')
    mkdirSync(join(dataDir, 'exports'), { recursive: true })
    writeFileSync(join(dataDir, 'exports', 'gallery-2025-05-01_09-30-00.zip'), 'PK-zip-bytes')
    backend = createBackend({ dataDir, host: 'web', secretCipher: createKeyFileCipher(dataDir) })
    mkdirSync(join(dataDir, 'library', '2025', '05'), { recursive: true })
    writeFileSync(join(dataDir, 'library', '2025', '05', 'picture.png'), 'PNG-BYTES')
    addMediaRow(dataDir, { id: MEDIA_ID, path: '2025/05/picture.png' })
    host = await startWebHost({ backend, rendererDir })
    other = await startWebHost({ backend, rendererDir })
  })
  afterAll(async () => {
    // Also after a failed set-up, so the temp folder never outlives the run.
    await (host as WebHost | undefined)?.close()
    await (other as WebHost | undefined)?.close()
    await backend?.close()
    temp.cleanup()
  })

  it('sets a cookie of its own, random per launch, that is not the token [P3]', async () => {
    const { pair, value } = await openSession(host.origin, host.token)
    expect(pair).toMatch(/^gs_session=[A-Za-z0-9_-]{40,}$/)
    expect(value).not.toBe(host.token)
    expect(value).not.toContain(host.token)
    // Another launch has another token and another cookie, unrelated to both of ours.
    const second = await openSession(other.origin, other.token)
    expect(second.value).not.toBe(value)
    expect(second.value).not.toBe(other.token)
  })

  it('the cookie value opens no contract socket and authorises no message [P3]', async () => {
    const { pair, value } = await openSession(host.origin, host.token)
    await expect(connectWebSocket(host.origin, value)).rejects.toThrow(/403/)

    // On a socket opened with the token, a message carrying the cookie value instead is refused...
    const socket = await connectWebSocket(host.origin, host.token, { messageToken: value })
    expect(await socket.invoke('settings.update', { theme: 'light' })).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'Not authorised' }
    })
    socket.close()
    const check = await connectWebSocket(host.origin, host.token)
    expect(((await check.invoke('settings.get', {})) as { value: { theme: string } }).value.theme).not.toBe(
      'light'
    )
    check.close()

    // ...and the cookie itself, sent with an upgrade that has no token, is no way in either.
    const upgrade = await rawGet(host.origin, '/ws', {
      cookie: pair,
      origin: host.origin,
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ=='
    })
    expect(upgrade.status).toBe(403)
  })

  it('the cookie still loads /media/ and /exports/, and nothing loads them without it [P7]', async () => {
    const { pair } = await openSession(host.origin, host.token)
    const media = await rawGet(host.origin, `/media/${MEDIA_ID}`, { cookie: pair })
    expect(media.status).toBe(200)
    expect(media.body).toBe('PNG-BYTES')
    const zip = await rawGet(host.origin, '/exports/gallery-2025-05-01_09-30-00.zip', { cookie: pair })
    expect(zip.status).toBe(200)
    expect(zip.body).toBe('PK-zip-bytes')

    for (const cookie of ['', `gs_session=${host.token}`, 'gs_session=wrong']) {
      const headers: Record<string, string> = cookie ? { cookie } : {}
      const refusedMedia = await rawGet(host.origin, `/media/${MEDIA_ID}`, headers)
      expect([cookie, refusedMedia.status]).toEqual([cookie, 403])
      expect(refusedMedia.body).toBe('')
      const refusedZip = await rawGet(host.origin, '/exports/gallery-2025-05-01_09-30-00.zip', headers)
      expect([cookie, refusedZip.status]).toEqual([cookie, 403])
      expect(refusedZip.body).toBe('')
    }
  })
})
