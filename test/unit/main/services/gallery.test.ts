import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDispatcher, type CommandHandlers, type Dispatch } from '../../../../src/main/contract/dispatch'
import type { Db } from '../../../../src/main/db/connection'
import { ImageExit } from '../../../../src/main/gallery/exitOne'
import { GalleryStore } from '../../../../src/main/gallery/store'
import type { MetadataWriter } from '../../../../src/main/provenance/embed'
import { createGalleryHandlers, type GalleryDeps } from '../../../../src/main/services/gallery'
import { makeTempDir } from '../../../helpers/tempDir'
import { seededGallery } from '../gallery/seeded'
import { c2paApp11 } from '../../../helpers/c2paSegments'

const T0 = Date.UTC(2025, 4, 1, 12)

/**
 * `gallery.get` as the details panel calls it: what the image leaves as and whether it carries content
 * credentials come from one read of its file (issue 26), counted through the reader `ImageExit` is given.
 */
describe('gallery.get tells the details what the image leaves as, from one read of its file', () => {
  const temp = makeTempDir('gs-gallery-service-')
  let db: Db
  let dispatch: Dispatch
  let ids: string[]
  const files = new Map<string, Buffer>()
  const reads: string[] = []
  let credentialed: Buffer

  beforeAll(async () => {
    ;({ db, ids } = await seededGallery(temp.dir, ['red fox', 'signed fox', 'gone fox'], T0))
    const gallery = new GalleryStore(db)
    const [plain, signed] = gallery.rows({ kind: 'ids', ids })
    const image = sharp({ create: { width: 16, height: 16, channels: 3, background: '#c63' } })
    files.set(plain?.mediaId ?? '', await image.clone().jpeg().toBuffer())
    // Credentials placed after the first scan of a progressive JPEG, where only a walk past it finds them.
    const progressive = await image.clone().jpeg({ progressive: true }).toBuffer()
    const dht = progressive.indexOf(Buffer.from([0xff, 0xc4]), progressive.indexOf(Buffer.from([0xff, 0xda])))
    credentialed = Buffer.concat([progressive.subarray(0, dht), c2paApp11(), progressive.subarray(dht)])
    files.set(signed?.mediaId ?? '', credentialed)
    const exits = new ImageExit({
      row: (resultId) => gallery.rows({ kind: 'ids', ids: [resultId] })[0] ?? null,
      source: () => Promise.reject(new Error('no copy is made here')),
      read: (mediaId) => {
        reads.push(mediaId)
        const bytes = files.get(mediaId)
        return Promise.resolve(bytes ? { bytes } : null)
      },
      // Never reached: naming a copy writes nothing.
      metadata: {} as MetadataWriter,
      gatewayHost: () => null,
      app: 'Gateway Studio test'
    })
    // Only what these commands use; the rest of the gallery's parts are never reached.
    const deps = {
      store: gallery,
      exits,
      importRows: { importedFrom: () => null },
      profileName: () => null
    } as Partial<GalleryDeps> as GalleryDeps
    dispatch = createDispatcher(createGalleryHandlers(deps) as CommandHandlers)
  })
  afterAll(() => {
    db.close()
    temp.cleanup()
  })

  const call = async (name: string, input: unknown): Promise<unknown> => {
    const result = await dispatch(name, input)
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
    return result.value
  }
  /** The reads one command makes. */
  const readsOf = async (name: string, id: string): Promise<{ value: unknown; reads: number }> => {
    reads.length = 0
    const value = await call(name, { id })
    return { value, reads: reads.length }
  }

  it('an image without credentials: its copy with the story inside, one read', async () => {
    const get = await readsOf('gallery.get', ids[0] ?? '')
    expect(get.reads).toBe(1)
    const exit = { fileName: `red fox-${(ids[0] ?? '').slice(0, 8)}.jpg`, mime: 'image/jpeg', sidecar: false }
    expect(get.value).toMatchObject({ id: ids[0], credentials: false, exit })
    // The same answer a tile dragged out asks for on its own.
    const asked = await readsOf('gallery.exitFile', ids[0] ?? '')
    expect(asked).toEqual({ value: exit, reads: 1 })
  })

  it('credentials after the first scan: a zip of the untouched file and its story, one read', async () => {
    const get = await readsOf('gallery.get', ids[1] ?? '')
    expect(get.reads).toBe(1)
    const exit = {
      fileName: `signed fox-${(ids[1] ?? '').slice(0, 8)}.zip`,
      mime: 'application/zip',
      sidecar: true
    }
    expect(get.value).toMatchObject({ credentials: true, exit })
    expect(await readsOf('gallery.exitFile', ids[1] ?? '')).toEqual({ value: exit, reads: 1 })
  })

  it('a file the library no longer has: no exit and no credentials, the details still open', async () => {
    const get = await readsOf('gallery.get', ids[2] ?? '')
    expect(get.reads).toBe(1)
    expect(get.value).toMatchObject({ id: ids[2], prompt: 'gone fox', credentials: false, exit: null })
    await expect(call('gallery.exitFile', { id: ids[2] })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('an image not in the gallery is refused before any file is read', async () => {
    reads.length = 0
    await expect(call('gallery.get', { id: 'no-such-image' })).rejects.toMatchObject({ code: 'not_found' })
    expect(reads).toEqual([])
  })
})
