import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend, type Backend } from '../../../src/main/backend'
import type { Db } from '../../../src/main/db/connection'
import { Library } from '../../../src/main/library/store'
import { createKeyFileCipher } from '../../../src/main/secrets/cipher'
import { startWebHost, type WebHost } from '../../../src/main/web/server'
import { makeTempDir } from '../../helpers/tempDir'
import { image, openLibraryDb } from '../../unit/main/library/helpers'
import { openSession, rawGet, type RawResponse } from './helpers'
import { systemClock } from '../../../src/main/time/clock'
import { DiskMediaStore } from '../../../src/main/library/diskStore'

/**
 * The web host's /media/ route serving a thumbnail from memory (just encoded, issue 17) exactly as it
 * serves the same thumbnail from disk: same status, headers and bytes, ranges included.
 */
describe('web host media route: a thumbnail from memory is served like its file', () => {
  const temp = makeTempDir()
  let backend: Backend
  let db: Db
  let library: Library
  let host: WebHost
  let cookie: string

  beforeAll(async () => {
    const rendererDir = join(temp.dir, 'renderer')
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Studio</title>')
    const dataDir = join(temp.dir, 'data')
    mkdirSync(dataDir)
    backend = createBackend({ dataDir, host: 'web', secretCipher: createKeyFileCipher(dataDir) })
    db = openLibraryDb(join(temp.dir, 'media.db'))
    library = new Library(db, new DiskMediaStore(join(temp.dir, 'library')), { clock: systemClock })
    // The real host in front of a library whose memory this test controls.
    const media: Backend = Object.create(backend) as Backend
    Object.assign(media, { serveMedia: (id: string) => library.serveMedia(id) })
    host = await startWebHost({ backend: media, rendererDir })
    cookie = (await openSession(host.origin, host.token)).pair
  })

  afterAll(async () => {
    await host.close()
    await library.idle()
    db.close()
    await backend.close()
    temp.cleanup()
  })

  const get = (path: string, range?: string): Promise<RawResponse> =>
    rawGet(host.origin, path, range ? { cookie, range } : { cookie })
  const comparable = ({ status, headers, body }: RawResponse): unknown => {
    const { date: _date, ...rest } = headers
    return { status, headers: rest, body }
  }

  it('answers the same status, headers and bytes from memory as from disk, whole and by range', async () => {
    const rec = await library.storeBytes(await image('jpeg', 1024, 512, 7))
    const path = `/media/${rec.id}_thumb`
    expect((await library.serveMedia(`${rec.id}_thumb`))?.bytes).toBeDefined()
    const fromMemory = await get(path)
    const rangeFromMemory = await get(path, 'bytes=10-49')
    expect(fromMemory.status).toBe(200)
    expect(fromMemory.headers['content-type']).toBe('image/webp')
    expect(fromMemory.headers['x-content-type-options']).toBe('nosniff')
    expect(fromMemory.body.slice(0, 4)).toBe('RIFF')
    expect(rangeFromMemory.status).toBe(206)
    await library.idle()
    // A library with nothing in memory reads the file whole; one whose store cannot (a team location's)
    // streams it. Both answer as from memory.
    const memoryless = library
    const dir = join(temp.dir, 'library')
    for (const store of [
      new DiskMediaStore(dir),
      Object.assign(new DiskMediaStore(dir), { readNow: undefined })
    ]) {
      library = new Library(db, store, { clock: systemClock })
      const served = await library.serveMedia(`${rec.id}_thumb`)
      expect(served?.bytes === undefined).toBe(store.readNow === undefined)
      expect(comparable(await get(path))).toEqual(comparable(fromMemory))
      expect(comparable(await get(path, 'bytes=10-49'))).toEqual(comparable(rangeFromMemory))
      expect((await get(path, 'bytes=999999-')).status).toBe(416)
    }
    await memoryless.idle()
  })

  it('serves nothing without the cookie, and 404 for an id it does not know', async () => {
    const rec = await library.storeBytes(await image('png', 200, 100, 8))
    expect((await rawGet(host.origin, `/media/${rec.id}_thumb`)).status).toBe(403)
    expect((await get(`/media/${'0'.repeat(32)}_thumb`)).status).toBe(404)
    expect((await get(`/media/${rec.id}_thumb`)).status).toBe(200)
  })
})
