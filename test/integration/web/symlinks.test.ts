import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend, type Backend } from '../../../src/main/backend'
import { createKeyFileCipher } from '../../../src/main/secrets/cipher'
import { startWebHost, type WebHost } from '../../../src/main/web/server'
import { makeTempDir } from '../../helpers/tempDir'
import { addMediaRow, openSession, rawGet } from './helpers'

const SECRET = 'OUTSIDE-THE-RENDERER'
const MEDIA_OK = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
const MEDIA_LINK = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'

/** The path is checked as text and then on the disk: a symlink inside a served folder is no way out. */
describe('web host: no symlink leads out of a served folder [P7]', () => {
  const temp = makeTempDir('gs-web-symlinks-')
  const rendererDir = join(temp.dir, 'renderer')
  const dataDir = join(temp.dir, 'data')
  const outsideDir = join(temp.dir, 'outside')
  let backend: Backend | undefined
  let host: WebHost
  let cookie = ''

  beforeAll(async () => {
    mkdirSync(join(rendererDir, 'assets'), { recursive: true })
    mkdirSync(outsideDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Studio</title>')
    writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app")')
    writeFileSync(join(outsideDir, 'secret.txt'), SECRET)
    writeFileSync(join(outsideDir, 'secret.png'), SECRET)
    // A file link, a directory link and a link to the folder above, all inside the renderer folder.
    symlinkSync(join(outsideDir, 'secret.txt'), join(rendererDir, 'leak.txt'))
    symlinkSync(outsideDir, join(rendererDir, 'assets', 'linked'))
    symlinkSync(temp.dir, join(rendererDir, 'up'))
    // A link that stays inside is harmless: its real path is inside the real root.
    symlinkSync(join(rendererDir, 'assets', 'app.js'), join(rendererDir, 'alias.js'))

    mkdirSync(dataDir, { recursive: true })
    backend = createBackend({ dataDir, host: 'web', secretCipher: createKeyFileCipher(dataDir) })
    mkdirSync(join(dataDir, 'library', '2025', '05'), { recursive: true })
    writeFileSync(join(dataDir, 'library', '2025', '05', 'ok.png'), 'PNG-BYTES')
    symlinkSync(join(outsideDir, 'secret.png'), join(dataDir, 'library', '2025', '05', 'link.png'))
    addMediaRow(dataDir, { id: MEDIA_OK, path: '2025/05/ok.png' })
    addMediaRow(dataDir, { id: MEDIA_LINK, path: '2025/05/link.png' })
    host = await startWebHost({ backend, rendererDir })
    cookie = (await openSession(host.origin, host.token)).pair
  })
  afterAll(async () => {
    // Also after a failed set-up, so the temp folder never outlives the run.
    await (host as WebHost | undefined)?.close()
    await backend?.close()
    temp.cleanup()
  })

  it('serves the renderer folder, including a link that stays inside it', async () => {
    const page = await rawGet(host.origin, '/')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Gateway Studio')
    const script = await rawGet(host.origin, '/assets/app.js')
    expect([script.status, script.body]).toEqual([200, 'console.log("app")'])
    const alias = await rawGet(host.origin, '/alias.js')
    expect([alias.status, alias.body]).toEqual([200, 'console.log("app")'])
  })

  it('answers 404 with no byte of the target for a symlink pointing outside', async () => {
    for (const path of [
      '/leak.txt',
      '/assets/linked/secret.txt',
      '/assets/linked/secret.png',
      '/up/outside/secret.txt',
      '/up/renderer/../outside/secret.txt'
    ]) {
      const res = await rawGet(host.origin, path)
      expect([path, res.status]).toEqual([path, 404])
      expect(res.body).not.toContain(SECRET)
    }
  })

  it('/media/ serves library files by id, never one whose link points out of the library', async () => {
    const ok = await rawGet(host.origin, `/media/${MEDIA_OK}`, { cookie })
    expect([ok.status, ok.body]).toEqual([200, 'PNG-BYTES'])
    const link = await rawGet(host.origin, `/media/${MEDIA_LINK}`, { cookie })
    expect(link.status).toBe(404)
    expect(link.body).not.toContain(SECRET)
  })
})
