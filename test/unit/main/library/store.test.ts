import {
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SAMPLE_VIDEO } from '../../../../src/emulator/assets/sample-video'
import type { Db } from '../../../../src/main/db/connection'
import type { MediaRecord } from '../../../../src/main/library/records'
import { ImageWork } from '../../../../src/main/library/imageWork'
import { Library } from '../../../../src/main/library/store'
import { makeTempDir } from '../../../helpers/tempDir'
import { image, openLibraryDb, sha256, storedFile, verifyAll } from './helpers'
import { systemClock } from '../../../../src/main/time/clock'
import { DiskMediaStore } from '../../../../src/main/library/diskStore'

const JAN_2025 = Date.UTC(2025, 0, 15, 12)
const MAR_2025 = Date.UTC(2025, 2, 1, 0, 0, 1)

let temp: ReturnType<typeof makeTempDir>
let db: Db
let root: string
let now = JAN_2025
let library: Library

beforeEach(() => {
  temp = makeTempDir('gs-library-')
  db = openLibraryDb(join(temp.dir, 'studio.db'))
  root = join(temp.dir, 'library')
  now = JAN_2025
  library = new Library(db, new DiskMediaStore(root), { clock: { ...systemClock, now: () => now } })
})
afterEach(async () => {
  await library.idle()
  db.close()
  temp.cleanup()
})

/** Stores, then waits for the thumbnail, which is made after the store answers; the row as it is then. */
async function stored(
  bytes: Uint8Array,
  options?: Parameters<Library['storeBytes']>[1]
): Promise<MediaRecord> {
  const rec = await library.storeBytes(bytes, options)
  await library.idle()
  return library.get(rec.id) ?? rec
}

/** Every file under the root, relative, sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]
    )
    .sort()
}

describe('Library.storeBytes', () => {
  it('keeps a PNG under <yyyy>/<mm>/<sha256>.png with a 384 px WebP thumbnail and its size', async () => {
    const png = await image('png', 1000, 500)
    const rec = await stored(png)
    expect(rec).toMatchObject({
      sha256: sha256(png),
      mime: 'image/png',
      path: `2025/01/${sha256(png)}.png`,
      bytes: png.length,
      width: 1000,
      height: 500,
      durationMs: null,
      thumbPath: `2025/01/${sha256(png)}_thumb.webp`,
      createdAt: JAN_2025
    })
    expect(rec.id).toMatch(/^[0-9a-f]{32}$/)
    expect(rec.id).not.toBe(rec.sha256.slice(0, 32))
    expect(readFileSync(join(root, rec.path))).toEqual(png)
    const thumb = await sharp(join(root, rec.thumbPath ?? '')).metadata()
    expect(thumb).toMatchObject({ format: 'webp', width: 384, height: 192 })
    expect(filesUnder(root)).toEqual([rec.path, rec.thumbPath].sort())
  })

  it('names JPEG and WebP by their sniffed type and never enlarges small thumbnails', async () => {
    const jpeg = await stored(await image('jpeg', 200, 800))
    const webp = await stored(await image('webp', 50, 40))
    expect(jpeg).toMatchObject({ mime: 'image/jpeg', width: 200, height: 800 })
    expect(jpeg.path).toMatch(/\.jpg$/)
    expect(webp).toMatchObject({ mime: 'image/webp', width: 50, height: 40 })
    expect(await sharp(join(root, jpeg.thumbPath ?? '')).metadata()).toMatchObject({ width: 96, height: 384 })
    expect(await sharp(join(root, webp.thumbPath ?? '')).metadata()).toMatchObject({ width: 50, height: 40 })
  })

  it('keeps an MP4 with a placeholder thumbnail and the size and duration from mvhd/tkhd', async () => {
    const rec = await stored(SAMPLE_VIDEO.bytes)
    expect(rec).toMatchObject({ mime: 'video/mp4', width: 320, height: 180, durationMs: 2000 })
    expect(rec.path).toMatch(/\.mp4$/)
    const thumb = await sharp(join(root, rec.thumbPath ?? '')).stats()
    const meta = await sharp(join(root, rec.thumbPath ?? '')).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 384, height: 216 })
    // Dark background, lighter triangle in the middle.
    expect(thumb.channels[0]?.min).toBeLessThan(40)
    expect(thumb.channels[0]?.max).toBeGreaterThan(180)
  })

  it.each([
    ['HTML', Buffer.from('<!doctype html><p>nope</p>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['EXE', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)])],
    ['ZIP', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64)])],
    ['empty', Buffer.alloc(0)]
  ])('rejects %s and leaves nothing behind [P32]', async (_name, bytes) => {
    await expect(stored(bytes)).rejects.toMatchObject({ kind: 'rejected', reason: 'bad_type' })
    expect(filesUnder(root)).toEqual([])
    expect(db.prepare('SELECT COUNT(*) AS n FROM media').get()).toEqual({ n: 0 })
  })

  it('rejects a truncated image that sniffs right but does not decode [P32]', async () => {
    const png = await image('png', 200, 200)
    await expect(stored(png.subarray(0, 60))).rejects.toMatchObject({ reason: 'undecodable' })
    expect(filesUnder(root)).toEqual([])
  })

  it('keeps a whole image before decoding it; damage inside shows when its thumbnail is made', async () => {
    const errors: string[] = []
    const lib = new Library(db, new DiskMediaStore(root), {
      clock: { ...systemClock, now: () => now },
      onError: (what) => errors.push(what)
    })
    const jpeg = await image('jpeg', 200, 200, 3)
    // After the start of scan and before the end marker: the compressed pixels, overwritten.
    const damaged = Buffer.from(jpeg)
    const scan = damaged.indexOf(Buffer.from([0xff, 0xda]))
    damaged.fill(0xff, scan + 20, damaged.length - 2)
    const kept = await lib.storeBytes(damaged)
    expect(kept).toMatchObject({ width: 200, height: 200, thumbPath: null })
    await lib.idle()
    expect(lib.get(kept.id)?.thumbPath).toBeNull()
    expect(errors).toEqual(['a thumbnail could not be made'])
  })

  it('applies the caps and the expected family [P31]', async () => {
    const png = await image('png')
    await expect(stored(png, { maxBytes: png.length - 1 })).rejects.toMatchObject({
      reason: 'too_large'
    })
    await expect(stored(png, { expect: 'video' })).rejects.toMatchObject({ reason: 'bad_type' })
    await expect(stored(SAMPLE_VIDEO.bytes, { expect: 'image' })).rejects.toMatchObject({
      reason: 'bad_type'
    })
    expect((await stored(png, { maxBytes: png.length, expect: 'image' })).bytes).toBe(png.length)
  })
})

describe('Library.storeBase64 (b64_json goes through the same sniffing) [P32]', () => {
  it('stores valid base64 of an image', async () => {
    const png = await image('png')
    const rec = await library.storeBase64(png.toString('base64'))
    expect(rec).toMatchObject({ mime: 'image/png', sha256: sha256(png) })
  })

  it('rejects base64 of SVG or HTML, and text that is not base64', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>').toString('base64')
    await expect(library.storeBase64(svg)).rejects.toMatchObject({ reason: 'bad_type' })
    await expect(library.storeBase64(Buffer.from('<html>').toString('base64'))).rejects.toMatchObject({
      reason: 'bad_type'
    })
    await expect(library.storeBase64('iVBORw0KGgo%%%')).rejects.toMatchObject({ reason: 'bad_encoding' })
    await expect(library.storeBase64('data:image/png;base64,iVBORw0KGgo=')).rejects.toMatchObject({
      reason: 'bad_encoding'
    })
    expect(filesUnder(root)).toEqual([])
  })
})

describe('dedup by sha256', () => {
  it('the same bytes give the same row and one file, even a month later', async () => {
    const png = await image('png')
    const a = await stored(png)
    now = MAR_2025
    const b = await stored(Buffer.from(png))
    expect(b).toEqual(a)
    expect(filesUnder(root)).toEqual([a.path, a.thumbPath].sort())
    expect(db.prepare('SELECT COUNT(*) AS n FROM media').get()).toEqual({ n: 1 })
  })

  it('concurrent stores of the same bytes write once and return one row', async () => {
    const png = await image('png', 300, 300, 7)
    const results = await Promise.all(Array.from({ length: 8 }, () => stored(Buffer.from(png))))
    expect(new Set(results.map((r) => r.id)).size).toBe(1)
    expect(filesUnder(root)).toHaveLength(2)
    expect(await verifyAll(db, library)).toEqual({ rows: 1, bad: [] })
  })

  it('two libraries on one database (two writers) still end with one row and a whole file', async () => {
    const other = new Library(db, new DiskMediaStore(root), { clock: { ...systemClock, now: () => now } })
    const png = await image('png', 300, 300, 9)
    const [a, b] = await Promise.all([stored(png), other.storeBytes(png)])
    await other.idle()
    expect(a?.id).toBe(b?.id)
    expect(await verifyAll(db, library)).toEqual({ rows: 1, bad: [] })
    expect(filesUnder(root)).toHaveLength(2)
  })

  it('a row whose file went missing is repaired by the next store of the same bytes', async () => {
    const png = await image('png', 20, 20, 3)
    const a = await stored(png)
    rmSync(join(root, a.path))
    expect(await storedFile(library, a.id)).toBeNull()
    now = MAR_2025
    const b = await stored(png)
    expect(b.id).toBe(a.id)
    expect(b.path).toBe(`2025/03/${a.sha256}.png`)
    expect(await verifyAll(db, library)).toEqual({ rows: 1, bad: [] })
  })

  it('different bytes give different rows', async () => {
    const a = await stored(await image('png', 20, 20, 1))
    const b = await stored(await image('png', 20, 20, 2))
    expect(a.id).not.toBe(b.id)
    expect(await verifyAll(db, library)).toEqual({ rows: 2, bad: [] })
  })
})

describe('resolve and remove', () => {
  it('resolves <id> and <id>_thumb only', async () => {
    const rec = await stored(await image('jpeg'))
    expect(await storedFile(library, rec.id)).toEqual({ file: join(root, rec.path), mime: 'image/jpeg' })
    expect(await storedFile(library, `${rec.id}_thumb`)).toEqual({
      file: join(root, rec.thumbPath ?? ''),
      mime: 'image/webp'
    })
    for (const bad of [
      rec.sha256,
      rec.id.toUpperCase(),
      `${rec.id}_thumb.webp`,
      `${rec.id}/../x`,
      `../${rec.id}`,
      rec.path,
      '',
      '0'.repeat(32)
    ]) {
      expect(await storedFile(library, bad), bad).toBeNull()
    }
  })

  it('re-checks that the path is inside the root (a tampered row or a symlink gives null) [P7]', async () => {
    const rec = await stored(await image('png', 10, 10, 4))
    const outside = join(temp.dir, 'secret.png')
    writeFileSync(outside, 'secret')
    db.prepare('UPDATE media SET path = ? WHERE id = ?').run('../secret.png', rec.id)
    expect(await storedFile(library, rec.id)).toBeNull()
    db.prepare('UPDATE media SET path = ? WHERE id = ?').run(outside, rec.id)
    expect(await storedFile(library, rec.id)).toBeNull()
    symlinkSync(outside, join(root, '2025', '01', 'link.png'))
    db.prepare('UPDATE media SET path = ? WHERE id = ?').run('2025/01/link.png', rec.id)
    expect(await storedFile(library, rec.id)).toBeNull()
  })

  it('removes the row, then the files; refuses while a result points at it', async () => {
    const rec = await stored(await image('png', 10, 10, 5))
    db.prepare(
      `INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, created_at, updated_at)
       VALUES ('j1', 'image', '/v1/images/generations', 'p', 'm', 'x', '{}', 'succeeded', 0, 0)`
    ).run()
    db.prepare(
      `INSERT INTO tasks (id, job_id, seq, idempotency_key, request, request_hash, status, created_at, updated_at)
       VALUES ('t1', 'j1', 0, 'k1', '{}', 'h', 'succeeded', 0, 0)`
    ).run()
    db.prepare(
      `INSERT INTO results (id, job_id, task_id, idx, kind, status, media_id, created_at, updated_at)
       VALUES ('r1', 'j1', 't1', 0, 'image', 'stored', ?, 0, 0)`
    ).run(rec.id)
    expect(await library.remove(rec.id)).toBe('in_use')
    expect(await storedFile(library, rec.id)).not.toBeNull()
    db.prepare('DELETE FROM jobs').run()
    expect(await library.remove(rec.id)).toBe('removed')
    expect(library.get(rec.id)).toBeNull()
    expect(filesUnder(root)).toEqual([])
    expect(await library.remove(rec.id)).toBe('not_found')
  })
})

describe('sweep [P28]', () => {
  it('removes orphaned temp files under the root and counts them', async () => {
    const rec = await stored(await image('png', 10, 10, 6))
    writeFileSync(join(root, '2025', '01', `${rec.sha256}.png.tmp-0123456789abcdef`), 'half')
    writeFileSync(join(root, '2025', '01', 'download.tmp-aaaaaaaaaaaaaaaa'), 'half')
    expect(library.sweep()).toBe(2)
    // Beside the files: what this sweep saw of the folders, so the next start lists only what changed.
    expect(filesUnder(root)).toEqual(['.sweep-state.json', rec.path, rec.thumbPath].sort())
  })
})

describe('thumbnails after the store answers [P28]', () => {
  it('answers once the file and row are durable; the row names the thumbnail only once it exists', async () => {
    const png = await image('png', 600, 300, 11)
    const rec = await library.storeBytes(png)
    expect(readFileSync(join(root, rec.path))).toEqual(png)
    expect(library.get(rec.id)).toMatchObject({ width: 600, height: 300 })
    // Whatever the row says at any moment is on disk.
    expect(await verifyAll(db, library)).toEqual({ rows: 1, bad: [] })
    const thumb = await storedFile(library, `${rec.id}_thumb`, true)
    expect(thumb?.mime).toBe('image/webp')
    expect(await sharp(thumb?.file).metadata()).toMatchObject({ width: 384, height: 192 })
    // Shown from the moment it is whole under its name; the row names it once that name is durable.
    await library.idle()
    expect(library.get(rec.id)?.thumbPath).toBe(`2025/01/${rec.sha256}_thumb.webp`)
    expect(await verifyAll(db, library)).toEqual({ rows: 1, bad: [] })
  })

  it('queues the thumbnail of bytes in memory at intake, before the file is placed, and shows it once whole', async () => {
    const order: string[] = []
    const { run } = ImageWork.prototype as unknown as { run: (...args: unknown[]) => Promise<unknown> }
    const spy = vi.spyOn(ImageWork.prototype, 'run').mockImplementation(function (this: ImageWork, ...args) {
      order.push(`thumbnail (${args[0]})`)
      return run.apply(this, args)
    })
    try {
      const lib = new Library(db, new DiskMediaStore(root), {
        clock: { ...systemClock, now: () => now },
        probe: (point) => order.push(point)
      })
      const rec = await lib.storeBytes(await image('jpeg', 800, 400, 14))
      // Queued at intake, in the lane that never holds up what makes the result count.
      expect(order).toEqual(['thumbnail (later)', 'library.renamed'])
      const thumb = await storedFile(lib, `${rec.id}_thumb`, true)
      expect(await sharp(thumb?.file).metadata()).toMatchObject({ format: 'webp', width: 384, height: 192 })
      await lib.idle()
      expect(lib.get(rec.id)?.thumbPath).toBe(`2025/01/${rec.sha256}_thumb.webp`)
      expect(await verifyAll(db, lib)).toEqual({ rows: 1, bad: [] })
    } finally {
      spy.mockRestore()
    }
  })

  it('makes a result’s thumbnail while an import’s file is still being written', async () => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    // The import's write (its bytes handed over) waits until released.
    class HeldImports extends DiskMediaStore {
      override async put(...args: Parameters<DiskMediaStore['put']>): Promise<void> {
        if (args[3]?.handOver) await held
        return super.put(...args)
      }
    }
    const lib = new Library(db, new HeldImports(root), { clock: { ...systemClock, now: () => now } })
    const importing = lib.storeBytes(await image('png', 300, 300, 21), {
      intake: 'bulk',
      handOver: true
    })
    try {
      const rec = await lib.storeBytes(await image('jpeg', 800, 400, 22))
      const thumb = await Promise.race([
        lib.mediaSource(`${rec.id}_thumb`),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5_000))
      ])
      expect(thumb).toMatchObject({ mime: 'image/webp' })
    } finally {
      release()
    }
    await importing
    await lib.idle()
    expect(await verifyAll(db, lib)).toEqual({ rows: 2, bad: [] })
  })

  it('makes a missing thumbnail on request (the app stopped before it was made)', async () => {
    const rec = await stored(await image('jpeg', 100, 50, 12))
    rmSync(join(root, rec.thumbPath ?? ''))
    db.prepare('UPDATE media SET thumb_path = NULL WHERE id = ?').run(rec.id)
    expect(await storedFile(library, `${rec.id}_thumb`)).toBeNull()
    const thumb = await storedFile(library, `${rec.id}_thumb`, true)
    expect(await sharp(thumb?.file).metadata()).toMatchObject({ format: 'webp', width: 100, height: 50 })
    expect(await verifyAll(db, library)).toEqual({ rows: 1, bad: [] })
  })

  it('keeps a thumbnail whose file was made but not recorded (the app stopped in between)', async () => {
    const rec = await stored(await image('jpeg', 100, 50, 14))
    const thumbFile = join(root, rec.thumbPath ?? '')
    const before = statSync(thumbFile)
    db.prepare('UPDATE media SET thumb_path = NULL WHERE id = ?').run(rec.id)
    const thumb = await storedFile(library, `${rec.id}_thumb`, true)
    await library.idle()
    expect(thumb?.file).toBe(realpathSync(thumbFile))
    // The same file, not one made again and renamed over it.
    expect(statSync(thumbFile).ino).toBe(before.ino)
    expect(library.get(rec.id)?.thumbPath).toBe(rec.thumbPath)
    expect(await verifyAll(db, library)).toEqual({ rows: 1, bad: [] })
  })

  it('leaves no thumbnail behind for a row removed before its thumbnail was made', async () => {
    const rec = await library.storeBytes(await image('png', 40, 40, 13))
    expect(await library.remove(rec.id)).toBe('removed')
    await library.idle()
    expect(filesUnder(root)).toEqual([])
  })
})
