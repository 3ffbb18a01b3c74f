import { createHash } from 'node:crypto'
import { zipSync } from 'fflate'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { MemoryMediaStore } from '../../../../src/main/library/memoryStore'
import { packKey, parsePackKey, segmentKey } from '../../../../src/main/sync/layout'
import { MemoryJournal } from '../../../../src/main/sync/memoryJournal'
import { Replica, readSegment } from '../../../../src/main/sync/replica'
import { imageRecordSchema, type ImageRecord } from '../../../../src/main/sync/teamLibrary'
import {
  PACK_ENTRY_MAX_BYTES,
  PACK_MAX_BYTES,
  readPack,
  writePack
} from '../../../../src/main/sync/thumbPacks'

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')
const webp = (seed: number): Promise<Buffer> =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r: seed, g: 80, b: 40 } } })
    .webp()
    .toBuffer()

/** A zip of these entries as another tool might write it (any names at all; stored, or deflated). */
function zipOf(entries: Array<{ name: string; data: Buffer }>, level: 0 | 6 = 0): Promise<Buffer> {
  return Promise.resolve(
    Buffer.from(zipSync(Object.fromEntries(entries.map((e) => [e.name, e.data])), { level }))
  )
}

describe('thumbnail packs [P54]', () => {
  it('read back the thumbnails they were written with, byte for byte', async () => {
    const thumbs = new Map<string, Buffer>()
    for (const seed of [10, 20, 30]) {
      const bytes = await webp(seed)
      thumbs.set(sha(Buffer.from(`image ${seed}`)), bytes)
    }
    const pack = await writePack(thumbs)
    // The same thumbnails make the same pack (one sent again after a crash is the same object).
    expect((await writePack(thumbs)).equals(pack)).toBe(true)
    const read = await readPack(pack)
    expect(read && [...read.keys()].sort()).toEqual([...thumbs.keys()].sort())
    for (const [key, bytes] of thumbs) expect(read?.get(key)?.equals(bytes)).toBe(true)
  })

  it('keep only entries named like a thumbnail that decode as WebP; a damaged pack is null, never a throw', async () => {
    const good = await webp(50)
    const goodSha = sha(Buffer.from('good'))
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer()
    const hostile = await zipOf([
      { name: `${goodSha}.webp`, data: good },
      // Wrong names: a path out of the folder, upper case, another extension, a short hash.
      { name: `../${sha(Buffer.from('a'))}.webp`, data: good },
      { name: `${sha(Buffer.from('b')).toUpperCase()}.webp`, data: good },
      { name: `${sha(Buffer.from('c'))}.png`, data: good },
      { name: 'abc.webp', data: good },
      // Not WebP: a PNG under a thumbnail's name, and a WebP cut short.
      { name: `${sha(Buffer.from('d'))}.webp`, data: png },
      { name: `${sha(Buffer.from('e'))}.webp`, data: good.subarray(0, Math.floor(good.length / 2)) },
      // Larger than a thumbnail may be (it sniffs as WebP: its header is a real one).
      {
        name: `${sha(Buffer.from('f'))}.webp`,
        data: Buffer.concat([good, Buffer.alloc(PACK_ENTRY_MAX_BYTES)])
      }
    ])
    const read = await readPack(hostile)
    expect(read && [...read.keys()]).toEqual([goodSha])
    // Deflated, even a good thumbnail is left: only a stored entry's size is more than the zip's word.
    const deflated = await readPack(await zipOf([{ name: `${goodSha}.webp`, data: good }], 6))
    expect(deflated && [...deflated.keys()]).toEqual([])

    // A truncated zip, bytes that are no zip, an empty file, and a pack over its size limit.
    expect(await readPack(hostile.subarray(0, hostile.length - 30))).toBeNull()
    expect(await readPack(Buffer.from('not a zip at all'))).toBeNull()
    expect(await readPack(Buffer.alloc(0))).toBeNull()
    expect(await readPack(Buffer.alloc(PACK_MAX_BYTES + 1))).toBeNull()
  })

  it('live under their device beside its log, and only such keys parse as packs', () => {
    expect(packKey('abcdef0123', 7)).toBe('devices/abcdef0123/thumbs/0000000007.zip')
    expect(parsePackKey('devices/abcdef0123/thumbs/0000000007.zip')).toEqual({ device: 'abcdef0123', seq: 7 })
    expect(parsePackKey(segmentKey('abcdef0123', 7))).toBeNull()
    expect(parsePackKey('devices/abcdef0123/thumbs/7.zip')).toBeNull()
    expect(parsePackKey('thumbs/ab/x.webp')).toBeNull()
  })
})

describe('an image record', () => {
  const older: ImageRecord = {
    sha256: 'a'.repeat(64),
    type: 'image/png',
    size: 10,
    width: 2,
    height: 2,
    author: 'Ana',
    createdAt: 1,
    prompt: null,
    model: null
  }

  it('parses without a pack (older publishes) and with one; a pointer that means nothing is refused', () => {
    expect(imageRecordSchema.parse(older)).toEqual(older)
    const newer = { ...older, thumbs: { device: 'abcdef0123', seq: 3 } }
    expect(imageRecordSchema.parse(newer)).toEqual(newer)
    expect(imageRecordSchema.safeParse({ ...older, thumbs: { device: 'AB', seq: 3 } }).success).toBe(false)
    expect(imageRecordSchema.safeParse({ ...older, thumbs: { device: 'abcdef0123', seq: 0 } }).success).toBe(
      false
    )
  })
})

describe('a push', () => {
  /** A device whose images have thumbnails (all but those `without` names). */
  function publisher(store: MemoryMediaStore, without: ReadonlySet<string> = new Set()) {
    const originals = new Map<string, Buffer>()
    const thumbs = new Map<string, Buffer>()
    let wall = 1_800_000_000_000
    const replica = new Replica(
      'packdevice1',
      new MemoryJournal('packdevice1'),
      store,
      {
        original: (hash) => Promise.resolve(originals.get(hash) ?? null),
        thumbnail: (hash) => Promise.resolve(without.has(hash) ? null : (thumbs.get(hash) ?? null))
      },
      () => (wall += 1)
    )
    const add = async (n: number): Promise<string> => {
      const original = Buffer.from(`image ${n}`)
      const hash = sha(original)
      originals.set(hash, original)
      thumbs.set(hash, await webp(n % 256))
      return hash
    }
    const record = (hash: string): ImageRecord => ({
      sha256: hash,
      type: 'image/png',
      size: originals.get(hash)?.length ?? 0,
      width: 24,
      height: 16,
      author: 'Ana',
      createdAt: 1,
      prompt: null,
      model: null
    })
    return { replica, add, record, thumbs }
  }

  it('puts one pack per segment that adds images, before the segment, and each record names its pack', async () => {
    const putOrder: string[] = []
    const store = new (class extends MemoryMediaStore {
      override async put(key: string, data: Uint8Array, onVisible?: () => void): Promise<void> {
        putOrder.push(key)
        await super.put(key, data, onVisible)
      }
    })()
    const { replica, add, record, thumbs } = publisher(store)
    // 600 images, each two changes: 1,200 changes, so two segments (1,000 changes each at most).
    const hashes: string[] = []
    for (let n = 0; n < 600; n++) hashes.push(await add(n))
    replica.edit((edits) => hashes.flatMap((hash) => edits.addImage(record(hash))))
    expect((await replica.push()).segments).toBe(2)

    const packs = putOrder.filter((key) => parsePackKey(key))
    expect(packs).toEqual([packKey('packdevice1', 1), packKey('packdevice1', 2)])
    // Each pack before its segment.
    for (const seq of [1, 2])
      expect(putOrder.indexOf(packKey('packdevice1', seq))).toBeLessThan(
        putOrder.indexOf(segmentKey('packdevice1', seq))
      )
    // Every record names the pack that holds its thumbnail, in the segment and in the merged state alike.
    const inPack = new Map<string, number>()
    for (const seq of [1, 2]) {
      const read = await readPack((await store.read(packKey('packdevice1', seq))) ?? Buffer.alloc(0))
      for (const [hash, bytes] of read ?? []) {
        expect(bytes.equals(thumbs.get(hash) ?? Buffer.alloc(0))).toBe(true)
        inPack.set(hash, seq)
      }
      const segment = readSegment(
        (await store.read(segmentKey('packdevice1', seq))) ?? Buffer.alloc(0),
        'packdevice1',
        seq
      )
      for (const change of segment?.changes ?? []) {
        if (change.k !== 'set') continue
        expect(imageRecordSchema.parse(change.v).thumbs).toEqual({ device: 'packdevice1', seq })
      }
    }
    expect(inPack.size).toBe(600)
    for (const { record: kept } of replica.view().images)
      expect(kept.thumbs).toEqual({ device: 'packdevice1', seq: inPack.get(kept.sha256) })
  })

  it('puts no pack for a segment whose images have no thumbnail here, and none for one that adds no image', async () => {
    const store = new MemoryMediaStore()
    const hidden = new Set<string>()
    const { replica, add, record } = publisher(store, hidden)
    const hash = await add(1)
    hidden.add(hash)
    replica.edit((edits) => edits.addImage(record(hash)))
    replica.edit((edits) => edits.createBoard('boardnumber1', 'Picks'))
    await replica.push()
    const keys: string[] = []
    for await (const { key } of store.list('devices/')) keys.push(key)
    expect(keys.filter((key) => parsePackKey(key))).toEqual([])
  })
})
