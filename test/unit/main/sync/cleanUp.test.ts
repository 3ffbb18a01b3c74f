import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { ListedObject } from '../../../../src/main/library/mediaStore'
import { MemoryMediaStore } from '../../../../src/main/library/memoryStore'
import { cleanUpLocation, CLEAN_UP_GRACE_MS } from '../../../../src/main/sync/cleanUp'
import { objectKey, packKey, segmentKey } from '../../../../src/main/sync/layout'
import { MemoryJournal } from '../../../../src/main/sync/memoryJournal'
import { Replica } from '../../../../src/main/sync/replica'
import type { ImageRecord } from '../../../../src/main/sync/teamLibrary'

/** A location whose every file the listing dates at time 0: all of it older than any grace period. */
class OldStore extends MemoryMediaStore {
  override async *list(prefix = ''): AsyncIterable<ListedObject> {
    for await (const object of super.list(prefix)) yield { ...object, modified: 0 }
  }
}

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')
const NOW = 10 * CLEAN_UP_GRACE_MS
const noShares = { leftovers: () => [], cleared: () => undefined }

describe('Clean up and a log this app cannot read', () => {
  it('keeps every unused image while a device’s newest segment is of another format, and says so', async () => {
    const store = new OldStore()
    const images = new Map<string, Buffer>()
    let wall = 1_800_000_000_000
    const ana = new Replica(
      'anadevice01',
      new MemoryJournal('anadevice01'),
      store,
      { original: (hash) => Promise.resolve(images.get(hash) ?? null) },
      () => (wall += 1)
    )
    const [kept, deleted] = [Buffer.from('kept image'), Buffer.from('deleted image')]
    for (const bytes of [kept, deleted]) images.set(sha(bytes), bytes)
    ana.edit((edits) =>
      [kept, deleted].flatMap((bytes) => {
        const record: ImageRecord = {
          sha256: sha(bytes),
          type: 'image/png',
          size: bytes.length,
          width: 8,
          height: 8,
          author: 'Ana',
          createdAt: 1,
          prompt: null,
          model: null
        }
        return edits.addImage(record)
      })
    )
    await ana.push()
    ana.edit((edits) => edits.deleteImage(sha(deleted)))
    await ana.push()
    const live = new Set(ana.view().images.map((image) => image.record.sha256))
    expect(live).toEqual(new Set([sha(kept)]))

    // A teammate's newer app: its log is in a format this one skips, so whatever it adds looks unused here.
    const newer = Buffer.from(
      JSON.stringify({ format: 'gateway-studio.sync/2', device: 'newerapp01', seq: 1 })
    )
    await store.put(segmentKey('newerapp01', 1), newer)
    const run = () =>
      cleanUpLocation({
        store,
        device: 'cleaner01',
        now: () => NOW,
        live,
        recheck: () => Promise.resolve(live),
        shares: noShares
      })
    const held = await run()
    expect(held.kinds.images.files).toBe(0)
    expect(held.kept.unread.files).toBe(1)
    expect(await store.stat(objectKey(sha(deleted), 'image/png'))).not.toBeNull()

    // That device moves back to a format this app reads: the deleted image's file goes.
    await store.remove(segmentKey('newerapp01', 1))
    const cleaned = await run()
    expect(cleaned.kinds.images.files).toBe(1)
    expect(cleaned.kept.unread.files).toBe(0)
    expect(await store.stat(objectKey(sha(deleted), 'image/png'))).toBeNull()
    expect(await store.stat(objectKey(sha(kept), 'image/png'))).not.toBeNull()
  })
})

describe('Clean up and thumbnail packs [P54]', () => {
  /** A store that dates every listed object at `modified` (the test moves it). */
  class DatedStore extends MemoryMediaStore {
    modified = 0
    override async *list(prefix = ''): AsyncIterable<ListedObject> {
      for await (const object of super.list(prefix)) yield { ...object, modified: this.modified }
    }
  }

  it('keeps a pack a live record names; removes one none names only once it is old enough', async () => {
    const store = new DatedStore()
    const images = new Map<string, Buffer>()
    const thumb = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345' } })
      .webp()
      .toBuffer()
    let wall = 1_800_000_000_000
    const ana = new Replica(
      'anadevice01',
      new MemoryJournal('anadevice01'),
      store,
      {
        original: (hash) => Promise.resolve(images.get(hash) ?? null),
        thumbnail: () => Promise.resolve(thumb)
      },
      () => (wall += 1)
    )
    const recordOf = (bytes: Buffer): ImageRecord => ({
      sha256: sha(bytes),
      type: 'image/png',
      size: bytes.length,
      width: 8,
      height: 8,
      author: 'Ana',
      createdAt: 1,
      prompt: null,
      model: null
    })
    const [kept, deleted] = [Buffer.from('kept image'), Buffer.from('deleted image')]
    for (const bytes of [kept, deleted]) images.set(sha(bytes), bytes)
    // Each image in its own segment, so each has its own pack.
    ana.edit((edits) => edits.addImage(recordOf(kept)))
    await ana.push()
    ana.edit((edits) => edits.addImage(recordOf(deleted)))
    await ana.push()
    ana.edit((edits) => edits.deleteImage(sha(deleted)))
    await ana.push()
    expect(await store.stat(packKey('anadevice01', 1))).not.toBeNull()
    expect(await store.stat(packKey('anadevice01', 2))).not.toBeNull()

    const view = () => ana.view().images
    const run = () =>
      cleanUpLocation({
        store,
        device: 'cleaner01',
        now: () => NOW,
        live: new Set(view().map((image) => image.record.sha256)),
        packs: () =>
          new Set(
            view().flatMap(({ record }) =>
              record.thumbs ? [packKey(record.thumbs.device, record.thumbs.seq)] : []
            )
          ),
        recheck: () => Promise.resolve(new Set(view().map((image) => image.record.sha256))),
        shares: noShares
      })
    // Recent: kept, and counted as such.
    store.modified = NOW - 1_000
    const young = await run()
    expect(await store.stat(packKey('anadevice01', 2))).not.toBeNull()
    expect(young.kept.recent.files).toBeGreaterThanOrEqual(1)

    // Old enough: the unused pack goes, the live image's stays, and so do the log segments beside them.
    store.modified = 0
    const old = await run()
    expect(await store.stat(packKey('anadevice01', 2))).toBeNull()
    expect(await store.stat(packKey('anadevice01', 1))).not.toBeNull()
    expect(old.kinds.thumbnails.files).toBe(1)
    for (const seq of [1, 2, 3]) expect(await store.stat(segmentKey('anadevice01', seq))).not.toBeNull()
  })
})
