import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend, type Backend } from '../../../src/main/backend'
import { createKeyFileCipher } from '../../../src/main/secrets/cipher'
import { startWebHost, type WebHost } from '../../../src/main/web/server'
import { makeTempDir } from '../../helpers/tempDir'

/** A raw GET, so paths with `..` or encoded slashes reach the server exactly as written. */
function get(
  origin: string,
  path: string,
  cookie = ''
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'GET', headers: cookie ? { cookie } : {} },
      (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      }
    )
    req.on('error', reject)
    req.end()
  })
}

describe('web host: export downloads at /exports/<name>', () => {
  const temp = makeTempDir('gs-exports-route-')
  const rendererDir = join(temp.dir, 'renderer')
  const dataDir = join(temp.dir, 'data')
  let backend: Backend
  let host: WebHost
  let cookie = ''

  beforeAll(async () => {
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Studio</title>')
    mkdirSync(join(dataDir, 'exports', 'gallery-folder', 'images'), { recursive: true })
    writeFileSync(join(dataDir, 'exports', 'gallery-2025-05-01_09-30-00.zip'), 'PK-zip-bytes')
    writeFileSync(join(dataDir, 'exports', 'gallery-folder', 'index.html'), '<p>page</p>')
    writeFileSync(join(dataDir, 'secret.zip'), 'NOT FOR DOWNLOAD')
    writeFileSync(join(dataDir, 'exports', 'notes.txt'), 'not a zip')
    symlinkSync(join(dataDir, 'secret.zip'), join(dataDir, 'exports', 'link.zip'))
    backend = createBackend({ dataDir, host: 'web', secretCipher: createKeyFileCipher(dataDir) })
    host = await startWebHost({ backend, rendererDir })
    const session = await fetch(`${host.origin}/session`, {
      method: 'POST',
      headers: { 'x-studio-token': host.token, origin: host.origin }
    })
    cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    expect(cookie).toMatch(/^gs_session=/)
  })
  afterAll(async () => {
    await host.close()
    await backend.close()
    temp.cleanup()
  })

  it('serves a finished zip as a download, with the session cookie only', async () => {
    const ok = await get(host.origin, '/exports/gallery-2025-05-01_09-30-00.zip', cookie)
    expect(ok.status).toBe(200)
    expect(ok.body).toBe('PK-zip-bytes')
    expect(ok.headers['content-type']).toBe('application/zip')
    expect(ok.headers['content-disposition']).toBe('attachment; filename="gallery-2025-05-01_09-30-00.zip"')
    expect(ok.headers['x-content-type-options']).toBe('nosniff')
    expect((await get(host.origin, '/exports/gallery-2025-05-01_09-30-00.zip')).status).toBe(403)
    expect(
      (await get(host.origin, '/exports/gallery-2025-05-01_09-30-00.zip', 'gs_session=wrong')).status
    ).toBe(403)
  })

  it('serves nothing but top-level zips inside the exports folder', async () => {
    for (const path of [
      '/exports/../secret.zip',
      '/exports/%2e%2e/secret.zip',
      '/exports/%2e%2e%2fsecret.zip',
      '/exports/..%5csecret.zip',
      '/exports/gallery-folder/index.html',
      '/exports/gallery-folder%2findex.html',
      '/exports/notes.txt',
      '/exports/link.zip',
      '/exports/missing.zip',
      '/exports/',
      '/exports/.zip',
      `/exports/${encodeURIComponent(join(dataDir, 'secret.zip'))}`
    ]) {
      const res = await get(host.origin, path, cookie)
      expect([path, res.status]).toEqual([path, 404])
      expect(res.body).not.toContain('NOT FOR DOWNLOAD')
    }
  })
})
