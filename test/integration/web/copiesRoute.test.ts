import { mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend, type Backend } from '../../../src/main/backend'
import { createKeyFileCipher } from '../../../src/main/secrets/cipher'
import { startWebHost, type WebHost } from '../../../src/main/web/server'
import { createApiClient, type ApiClient } from '../../../src/shared/client'
import { pngChunk, tEXt, withChunks } from '../../helpers/pngChunks'
import { makeTempDir } from '../../helpers/tempDir'
import { openSession, rawGet } from './helpers'

/** A HEAD request: the headers of a GET, and no body. */
function head(
  origin: string,
  path: string,
  cookie: string
): Promise<{ status: number; headers: Record<string, unknown>; bytes: number }> {
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'HEAD', headers: { cookie } },
      (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }))
      }
    )
    req.on('error', reject)
    req.end()
  })
}

/**
 * The web host's `/copies/<result id>`: one image's copy as it leaves the app ("Save as…", drag-out), from
 * the backend's `serveCopy`, behind the media cookie like `/media/` and `/exports/`.
 */
describe('web host: one image’s copy at /copies/<result id>', () => {
  const temp = makeTempDir('gs-copies-route-')
  const rendererDir = join(temp.dir, 'renderer')
  const dataDir = join(temp.dir, 'data')
  let backend: Backend
  let api: ApiClient
  let host: WebHost
  let cookie = ''
  let plainId = ''
  let signedId = ''
  let signed: Buffer = Buffer.alloc(0)

  beforeAll(async () => {
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Studio</title>')
    mkdirSync(dataDir)
    backend = createBackend({ dataDir, host: 'web', secretCipher: createKeyFileCipher(dataDir) })
    api = createApiClient({
      invoke: (name, input) => backend.dispatch(name, input),
      subscribe: (listener) => backend.subscribe(listener)
    })
    const png = (r: number): Promise<Buffer> =>
      sharp({ create: { width: 16, height: 12, channels: 3, background: { r, g: 90, b: 140 } } })
        .png()
        .toBuffer()
    // An A1111 file: its prompt is the image's, and names its copy.
    const said = withChunks(await png(10), [
      tEXt('parameters', 'a paper boat on a pond\nSteps: 20, Sampler: Euler a, Seed: 42, Size: 16x12')
    ])
    signed = withChunks(await png(20), [pngChunk('caBX', Buffer.from('manifest store'))], 'before IEND')
    const report = await api.invoke('gallery.importFiles', {
      files: [
        { name: 'boat.png', data: said.toString('base64') },
        { name: 'signed.png', data: signed.toString('base64') }
      ]
    })
    ;[plainId = '', signedId = ''] = report.added
    host = await startWebHost({ backend, rendererDir })
    cookie = (await openSession(host.origin, host.token)).pair
  })

  afterAll(async () => {
    await host.close()
    await backend.close()
    temp.cleanup()
  })

  it('sends the copy as an attachment named in UTF-8, never cached, with the page’s own headers', async () => {
    const expected = await backend.serveCopy(plainId)
    const res = await rawGet(host.origin, `/copies/${plainId}`, { cookie })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['content-length']).toBe(String(expected?.bytes.length))
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="a paper boat on a pond-${plainId.slice(0, 8)}.png"; filename*=UTF-8''${encodeURIComponent(`a paper boat on a pond-${plainId.slice(0, 8)}.png`)}`
    )
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'none'")
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
    // Its story is inside (the copy is made again for each request, byte for byte the same).
    expect(Buffer.from(res.body, 'latin1').equals(expected?.bytes ?? Buffer.alloc(0))).toBe(true)
    expect(res.body).toContain('a paper boat on a pond')
    expect(res.body).toContain('gateway-studio')

    const headOnly = await head(host.origin, `/copies/${plainId}`, cookie)
    expect(headOnly.status).toBe(200)
    expect(headOnly.headers['content-length']).toBe(res.headers['content-length'])
    expect(headOnly.bytes).toBe(0)
  })

  it('sends a file with content credentials untouched, zipped with its sidecar', async () => {
    const res = await rawGet(host.origin, `/copies/${signedId}`, { cookie })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toContain(`filename="untitled-${signedId.slice(0, 8)}.zip"`)
    const zip = unzipSync(Buffer.from(res.body, 'latin1'))
    const image = `untitled-${signedId.slice(0, 8)}.png`
    expect(Object.keys(zip).sort()).toEqual([image, `${image}.json`])
    expect(Buffer.from(zip[image] ?? []).equals(signed)).toBe(true)
  })

  it('refuses without the session cookie, and knows only well-formed ids of images it has', async () => {
    for (const headers of [{}, { cookie: 'gs_session=wrong' }] as Record<string, string>[]) {
      const refused = await rawGet(host.origin, `/copies/${plainId}`, headers)
      expect(refused.status).toBe(403)
      expect(refused.body).toBe('')
    }
    for (const path of [
      '/copies/no-such-result',
      '/copies/',
      '/copies/../media/x',
      `/copies/${plainId}%2f..%2f..`,
      `/copies/${plainId}/extra`,
      `/copies/${plainId}.json`
    ]) {
      const res = await rawGet(host.origin, path, { cookie })
      expect([path, res.status]).toEqual([path, 404])
    }
    const posted = await fetch(`${host.origin}/copies/${plainId}`, { method: 'POST', headers: { cookie } })
    expect(posted.status).toBe(405)
  })
})
