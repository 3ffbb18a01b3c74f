import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { ListedObject } from '../../../../src/main/library/mediaStore'
import { MemoryMediaStore } from '../../../../src/main/library/memoryStore'
import { cleanUpLocation, CLEAN_UP_GRACE_MS } from '../../../../src/main/sync/cleanUp'
import { objectKey, segmentKey } from '../../../../src/main/sync/layout'
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
