import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../../../src/main/db/connection'
import type * as Atomic from '../../../../src/main/library/atomic'
import { Library } from '../../../../src/main/library/store'
import { makeTempDir } from '../../../helpers/tempDir'
import { image, openLibraryDb, verifyAll } from './helpers'
import { systemClock } from '../../../../src/main/time/clock'
import { DiskMediaStore } from '../../../../src/main/library/diskStore'
import type { ServedMedia } from '../../../../src/main/library'

/** Thumbnail writes wait for `release`: as if their fsync took as long as the test wants. */
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined
  const state = { opened: Promise.resolve(), hold: () => undefined as void, release: () => open() }
  state.hold = () => {
    state.opened = new Promise<void>((resolve) => (open = resolve))
  }
  return state
})

vi.mock('../../../../src/main/library/atomic', async (importOriginal) => {
  const atomic = await importOriginal<typeof Atomic>()
  return {
    ...atomic,
    writeFileAtomicQuick: async (...args: Parameters<typeof atomic.writeFileAtomicQuick>) => {
      if (args[0].endsWith('_thumb.webp')) await gate.opened
      return atomic.writeFileAtomicQuick(...args)
    }
  }
})

let temp: ReturnType<typeof makeTempDir>
let db: Db
let root: string
let library: Library

beforeEach(() => {
  temp = makeTempDir('gs-serve-')
  db = openLibraryDb(join(temp.dir, 'studio.db'))
  root = join(temp.dir, 'library')
  library = new Library(db, new DiskMediaStore(root), {
    clock: { ...systemClock, now: () => Date.UTC(2025, 0, 15) }
  })
})
afterEach(async () => {
  gate.release()
  await library.idle()
  db.close()
  temp.cleanup()
})

/** What a shell would send of a served object, read through. */
async function bytesOf(served: ServedMedia | null): Promise<Buffer | null> {
  const stream = served?.open ? await served.open() : null
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

describe('serveMedia: a just-encoded thumbnail from memory (issue 17) [P28]', () => {
  it('serves the thumbnail once encoded, before its file is written, the same bytes the file gets', async () => {
    gate.hold()
    const rec = await library.storeBytes(await image('jpeg', 800, 400, 3))
    const thumbFile = join(root, '2025/01', `${rec.sha256}_thumb.webp`)
    const served = await library.serveMedia(`${rec.id}_thumb`)
    // The file is still waiting for its write: the page did not wait for it.
    expect(existsSync(thumbFile)).toBe(false)
    expect(library.get(rec.id)?.thumbPath).toBeNull()
    expect(served?.mime).toBe('image/webp')
    expect(Buffer.isBuffer(served?.bytes)).toBe(true)
    expect(await sharp(served?.bytes).metadata()).toMatchObject({ format: 'webp', width: 384, height: 192 })
    gate.release()
    await library.idle()
    expect(readFileSync(thumbFile)).toEqual(served?.bytes)
    // P28 as before: the row names the thumbnail once it is durable.
    expect(library.get(rec.id)?.thumbPath).toBe(`2025/01/${rec.sha256}_thumb.webp`)
    expect(await verifyAll(db, library)).toEqual({ rows: 1, bad: [] })
  })

  it('still serves files from disk: the original streamed, a thumbnail no longer in memory read whole', async () => {
    const rec = await library.storeBytes(await image('png', 300, 300, 4))
    await library.idle()
    const file = await library.serveMedia(rec.id)
    expect(file?.bytes).toBeUndefined()
    expect(await bytesOf(file)).toEqual(readFileSync(join(root, rec.path)))
    const onDisk = readFileSync(join(root, '2025/01', `${rec.sha256}_thumb.webp`))
    // No longer in memory: read whole from its file, at once.
    const fresh = new Library(db, new DiskMediaStore(root), { clock: systemClock })
    expect((await fresh.serveMedia(`${rec.id}_thumb`))?.bytes).toEqual(onDisk)
    // From a store that cannot read at once (a team location's), streamed.
    const streaming = Object.assign(new DiskMediaStore(root), { readNow: undefined })
    const thumb = await new Library(db, streaming, { clock: systemClock }).serveMedia(`${rec.id}_thumb`)
    expect(thumb?.bytes).toBeUndefined()
    expect(await bytesOf(thumb)).toEqual(onDisk)
  })

  it('answers nothing from memory for a removed row or for anything but a media id', async () => {
    const rec = await library.storeBytes(await image('jpeg', 500, 500, 5))
    expect((await library.serveMedia(`${rec.id}_thumb`))?.bytes).toBeDefined()
    await library.idle()
    expect(await library.remove(rec.id)).toBe('removed')
    expect(await library.serveMedia(`${rec.id}_thumb`)).toBeNull()
    for (const ref of [`../${rec.id}_thumb`, `${rec.id}_thumb.webp`, `${rec.id.toUpperCase()}_thumb`]) {
      expect(await library.serveMedia(ref), ref).toBeNull()
    }
  })
})

describe('thumbnailReady: a streamed image is announced once its thumbnail can be answered at once', () => {
  /** What settles first: the served media, or a turn of the event loop (any wait on the encode). */
  const servedWithinTurn = (ref: string): Promise<unknown> =>
    Promise.race([library.serveMedia(ref), new Promise((resolve) => setImmediate(() => resolve('waited')))])

  it('resolves once the thumbnail is in memory: serving it then waits for nothing', async () => {
    gate.hold()
    const rec = await library.storeBytes(await image('png', 1600, 900, 5))
    await library.thumbnailReady(rec.id)
    const served = await servedWithinTurn(`${rec.id}_thumb`)
    expect(served).toMatchObject({ mime: 'image/webp' })
    expect((served as { bytes?: Buffer }).bytes?.length).toBeGreaterThan(0)
  })

  it('resolves at once for media with no thumbnail being made, and never rejects', async () => {
    await expect(library.thumbnailReady('f'.repeat(32))).resolves.toBeUndefined()
    const rec = await library.storeBytes(await image('jpeg', 200, 200, 6))
    await library.idle()
    await expect(library.thumbnailReady(rec.id)).resolves.toBeUndefined()
  })
})
