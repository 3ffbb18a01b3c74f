import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { Protocol } from 'electron'
import {
  appProtocolHandler,
  mediaProtocolHandler,
  registerSchemes
} from '../../../../src/main/electron/protocol'
import type { ServedCopy } from '../../../../src/main/gallery/exitOne'
import { Library } from '../../../../src/main/library/store'
import { ELECTRON_CSP } from '../../../../src/main/security/csp'
import { Readable } from 'node:stream'
import { makeTempDir } from '../../../helpers/tempDir'
import { openLibraryDb } from '../library/helpers'
import { systemClock } from '../../../../src/main/time/clock'
import { DiskMediaStore } from '../../../../src/main/library/diskStore'

const temp = makeTempDir()
const rendererDir = join(temp.dir, 'renderer')
mkdirSync(join(rendererDir, 'assets'), { recursive: true })
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>ok</title>')
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
writeFileSync(join(temp.dir, 'secret.txt'), 'TOP SECRET')
mkdirSync(join(temp.dir, 'outside'))
writeFileSync(join(temp.dir, 'outside', 'secret.js'), 'TOP SECRET')
// Links inside the renderer folder: to a file outside, to a folder outside, to the folder above it, and
// one that stays inside (harmless: its real path is inside the real root).
symlinkSync(join(temp.dir, 'secret.txt'), join(rendererDir, 'leak.txt'))
symlinkSync(join(temp.dir, 'outside'), join(rendererDir, 'assets', 'linked'))
symlinkSync(temp.dir, join(rendererDir, 'up'))
symlinkSync(join(rendererDir, 'assets', 'app.js'), join(rendererDir, 'alias.js'))

describe('custom protocols [P7]', () => {
  afterAll(() => temp.cleanup())

  it('registers app and studio-media as secure standard schemes', () => {
    const register = vi.fn()
    registerSchemes({ registerSchemesAsPrivileged: register } as unknown as Protocol)
    const schemes = (
      register.mock.calls[0]?.[0] as { scheme: string; privileges: { secure: boolean } }[]
    ).map((entry) => [entry.scheme, entry.privileges.secure])
    expect(schemes).toEqual([
      ['app', true],
      ['studio-media', true]
    ])
  })

  it('lets media be read across origins (CORS) by the app’s origin alone, for Copy image’s canvas', async () => {
    const register = vi.fn()
    registerSchemes({ registerSchemesAsPrivileged: register } as unknown as Protocol)
    const privileges = Object.fromEntries(
      (register.mock.calls[0]?.[0] as { scheme: string; privileges: { corsEnabled?: boolean } }[]).map(
        (entry) => [entry.scheme, entry.privileges.corsEnabled ?? false]
      )
    )
    expect(privileges).toEqual({ app: false, 'studio-media': true })
    const bytes = Buffer.from('RIFF-WEBP-THUMB')
    const serve = (): Promise<{ bytes: Buffer; mime: 'image/webp' }> =>
      Promise.resolve({ bytes, mime: 'image/webp' as const })
    const shared = await mediaProtocolHandler(serve, 'app://app')(new Request('studio-media://abc'))
    expect(shared.headers.get('access-control-allow-origin')).toBe('app://app')
    const unshared = await mediaProtocolHandler(serve)(new Request('studio-media://abc'))
    expect(unshared.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('serves the UI with the CSP header [P4]', async () => {
    const handler = appProtocolHandler(rendererDir)
    const response = await handler(new Request('app://app/index.html'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe(ELECTRON_CSP)
    expect(await response.text()).toContain('<title>ok</title>')
    expect((await handler(new Request('app://app/assets/app.js'))).headers.get('content-type')).toMatch(
      /javascript/
    )
  })

  it('never serves a byte outside the renderer folder', async () => {
    const handler = appProtocolHandler(rendererDir)
    const vectors = [
      'app://app/../secret.txt',
      'app://app/%2e%2e/secret.txt',
      'app://app/%2e%2e%2fsecret.txt',
      'app://app/assets/..%2f..%2fsecret.txt',
      'app://app/..%5csecret.txt',
      'app://app/%00',
      'app://other/index.html'
    ]
    for (const url of vectors) {
      const response = await handler(new Request(url))
      const body = await response.text()
      expect(body, url).not.toContain('TOP SECRET')
      expect([400, 404], url).toContain(response.status)
    }
  })

  it('follows no symlink out of the renderer folder: its real path must be inside [P7]', async () => {
    const handler = appProtocolHandler(rendererDir)
    for (const url of [
      'app://app/leak.txt',
      'app://app/assets/linked/secret.js',
      'app://app/up/secret.txt',
      'app://app/up/outside/secret.js'
    ]) {
      const response = await handler(new Request(url))
      expect([url, response.status]).toEqual([url, 404])
      expect(await response.text(), url).not.toContain('TOP SECRET')
    }
    const inside = await handler(new Request('app://app/alias.js'))
    expect(inside.status).toBe(200)
    expect(await inside.text()).toBe('console.log(1)')
  })

  it('studio-media:// with the real library serves no file whose link points out of it [P7]', async () => {
    const db = openLibraryDb(join(temp.dir, 'media.db'))
    try {
      const libraryDir = join(temp.dir, 'library')
      const library = new Library(db, new DiskMediaStore(libraryDir), { clock: systemClock })
      mkdirSync(join(libraryDir, '2025', '05'), { recursive: true })
      writeFileSync(join(libraryDir, '2025', '05', 'ok.png'), 'PNG-BYTES')
      symlinkSync(join(temp.dir, 'secret.txt'), join(libraryDir, '2025', '05', 'link.png'))
      const insert = db.prepare(
        `INSERT INTO media (id, sha256, mime, path, bytes, created_at) VALUES (?, ?, 'image/png', ?, 1, 0)`
      )
      insert.run('a'.repeat(32), 'a'.repeat(64), '2025/05/ok.png')
      insert.run('b'.repeat(32), 'b'.repeat(64), '2025/05/link.png')
      const handler = mediaProtocolHandler((id) => library.serveMedia(id))
      const ok = await handler(new Request(`studio-media://${'a'.repeat(32)}`))
      expect([ok.status, await ok.text()]).toEqual([200, 'PNG-BYTES'])
      const part = await handler(
        new Request(`studio-media://${'a'.repeat(32)}`, { headers: { range: 'bytes=4-' } })
      )
      expect([part.status, part.headers.get('content-range'), await part.text()]).toEqual([
        206,
        'bytes 4-8/9',
        'BYTES'
      ])
      const link = await handler(new Request(`studio-media://${'b'.repeat(32)}`))
      expect(link.status).toBe(404)
      expect(await link.text()).not.toContain('TOP SECRET')
    } finally {
      db.close()
    }
  })

  it('serves media only by a well-formed id the backend knows', async () => {
    const serveMedia = vi.fn((id: string) =>
      Promise.resolve(
        id === 'abc123'
          ? {
              mime: 'image/png' as const,
              size: 5,
              open: () => Promise.resolve(Readable.from([Buffer.from('bytes')]))
            }
          : null
      )
    )
    const handler = mediaProtocolHandler(serveMedia)
    const ok = await handler(new Request('studio-media://abc123'))
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toBe('image/png')
    expect(await ok.text()).toBe('bytes')
    expect((await handler(new Request('studio-media://unknown'))).status).toBe(404)
    expect((await handler(new Request('studio-media://a.b'))).status).toBe(400)
    expect(serveMedia).toHaveBeenCalledTimes(2)
  })

  it('sends a thumbnail held in memory, with the headers a file gets', async () => {
    const bytes = Buffer.from('RIFF\x0c\x00\x00\x00WEBPVP8 ', 'latin1')
    const handler = mediaProtocolHandler((id) =>
      Promise.resolve(id === `${'c'.repeat(32)}_thumb` ? { bytes, mime: 'image/webp' as const } : null)
    )
    const res = await handler(new Request(`studio-media://${'c'.repeat(32)}_thumb`))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-length')).toBe(String(bytes.length))
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes)
  })

  it('serves one image’s copy at app://app/copies/<result id> as an attachment, by a well-formed id only', async () => {
    const copy: ServedCopy = {
      bytes: Buffer.from('COPY-WITH-ITS-STORY'),
      mime: 'image/png',
      fileName: '雪の狐 "fox"-1a2b3c4d.png'
    }
    const serveCopy = vi.fn((id: string) => Promise.resolve(id === 'result-1' ? copy : null))
    const handler = appProtocolHandler(rendererDir, serveCopy)
    const ok = await handler(new Request('app://app/copies/result-1'))
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toBe('image/png')
    expect(ok.headers.get('content-length')).toBe(String(copy.bytes.length))
    expect(ok.headers.get('cache-control')).toBe('no-store')
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff')
    expect(ok.headers.get('content-disposition')).toBe(
      `attachment; filename="___ _fox_-1a2b3c4d.png"; filename*=UTF-8''${encodeURIComponent('雪の狐 "fox"-1a2b3c4d.png')}`
    )
    expect(await ok.text()).toBe('COPY-WITH-ITS-STORY')
    expect((await handler(new Request('app://app/copies/unknown'))).status).toBe(404)
    for (const bad of ['app://app/copies/a.b', 'app://app/copies/', 'app://app/copies/..%2fsecret.txt']) {
      const refused = await handler(new Request(bad))
      expect([bad, refused.status]).toEqual([bad, 400])
    }
    expect(serveCopy.mock.calls.map(([id]) => id)).toEqual(['result-1', 'unknown'])
    // Only the app's own host: another host of the scheme is nothing.
    expect((await handler(new Request('app://other/copies/result-1'))).status).toBe(404)
    // The UI is served as before beside it.
    expect((await handler(new Request('app://app/index.html'))).status).toBe(200)
    // Without a backend to ask, the path is a file like any other (and there is none).
    expect((await appProtocolHandler(rendererDir)(new Request('app://app/copies/result-1'))).status).toBe(404)
  })
})
