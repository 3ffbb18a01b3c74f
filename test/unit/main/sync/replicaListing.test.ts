import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { ListedObject, MediaStore, PutOptions } from '../../../../src/main/library/mediaStore'
import { MemoryMediaStore } from '../../../../src/main/library/memoryStore'
import { MemoryJournal } from '../../../../src/main/sync/memoryJournal'
import { Replica } from '../../../../src/main/sync/replica'
import type { ImageRecord } from '../../../../src/main/sync/teamLibrary'
import type { StepReport } from '../../../../src/main/sync/teamWork'

/** A bucket-like store: listings are trusted and counted, and so are the puts that asked first. */
class ListingStore extends MemoryMediaStore implements MediaStore {
  readonly trustsListing = true
  readonly listings: string[] = []
  checkedPuts = 0

  readonly putKeys: string[] = []

  /** In key order, as a bucket lists. */
  override async *list(prefix = ''): AsyncIterable<ListedObject> {
    this.listings.push(prefix)
    const all: ListedObject[] = []
    for await (const object of super.list(prefix)) all.push(object)
    yield* all.sort((a, b) => (a.key < b.key ? -1 : 1))
  }

  override async put(
    key: string,
    data: Uint8Array,
    onVisible?: () => void,
    options?: PutOptions
  ): Promise<void> {
    if (!options?.listedAbsent) this.checkedPuts++
    this.putKeys.push(key)
    await super.put(key, data, onVisible)
  }
}

const bytesOf = (n: number): Buffer => Buffer.from(`image number ${n}`)
const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

function device(store: MediaStore): { replica: Replica; add: (from: number, to: number) => void } {
  return deviceOf(store, (n) => n)
}

/** A device whose images are `pick(0)`, `pick(1)`, … of `bytesOf`. */
function deviceOf(
  store: MediaStore,
  pick: (n: number) => number
): { replica: Replica; add: (from: number, to: number) => void } {
  const images = new Map<string, Buffer>()
  let wall = 1_800_000_000_000
  const replica = new Replica(
    'listingdevice',
    new MemoryJournal('listingdevice'),
    store,
    { original: (hash) => Promise.resolve(images.get(hash) ?? null) },
    () => (wall += 1)
  )
  const add = (from: number, to: number): void => {
    replica.edit((edits) => {
      const changes = []
      for (let n = from; n < to; n++) {
        const bytes = bytesOf(pick(n))
        images.set(sha(bytes), bytes)
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
        changes.push(...edits.addImage(record))
      }
      return changes
    })
  }
  return { replica, add }
}

describe('a push asks a bucket what it holds in as few requests as it can', () => {
  it('lists all of objects/ once for a first publish, and only the folders a small push to a large library goes in', async () => {
    const store = new ListingStore()
    const { replica, add } = device(store)

    // 400 images into an empty location (one segment): one listing, not one per `objects/<ab>/` folder.
    add(0, 400)
    expect(await replica.push()).toMatchObject({ segments: 1, objects: 400 })
    // And `cleanups/` before and after, for a Clean up under way elsewhere (cleanUpNotices.ts).
    expect(store.listings).toEqual(['cleanups/', 'objects/', 'cleanups/'])
    expect(store.checkedPuts).toBe(1) // the segment only: no image was asked for on its own

    // Two more into a library of 400: the folders they go in, not every object the location has.
    store.listings.length = 0
    add(400, 402)
    expect(await replica.push()).toMatchObject({ segments: 1, objects: 2 })
    const folders = [bytesOf(400), bytesOf(401)].map((bytes) => `objects/${sha(bytes).slice(0, 2)}/`)
    expect(store.listings.sort()).toEqual([...new Set(folders), 'cleanups/', 'cleanups/'].sort())
    expect(store.checkedPuts).toBe(2)

    // Nothing was sent twice, and every image is there under its name.
    const keys: string[] = []
    for await (const { key } of store.list('objects/')) keys.push(key)
    expect(keys).toHaveLength(402)
  })

  it('stops listing all of objects/ once it cost as much as the folders would, and lists the rest one by one', async () => {
    const store = new ListingStore()
    // A location far bigger than this new device knows: 2,500 objects of teammates' pushes it has not read.
    for (let n = 0; n < 2_500; n++) {
      const bytes = Buffer.from(`a teammate's image ${n}`)
      await store.put(`objects/${sha(bytes).slice(0, 2)}/${sha(bytes)}.png`, bytes)
    }
    // Three images of its own: one in an early folder, two in late ones, and a teammate had already put
    // up one of the late two.
    const folderOf = (n: number): string => sha(bytesOf(n)).slice(0, 2)
    const candidates = Array.from({ length: 2_000 }, (_, n) => 10_000 + n)
    const early = candidates.find((n) => folderOf(n) < '10') ?? 0
    const late = candidates.filter((n) => folderOf(n) >= 'f0' && folderOf(n) !== folderOf(early)).slice(0, 2)
    const picks = [early, ...late]
    expect(new Set(picks.map(folderOf)).size).toBe(3)
    const already = bytesOf(late[1] ?? 0)
    const alreadyKey = `objects/${sha(already).slice(0, 2)}/${sha(already)}.png`
    await store.put(alreadyKey, already)
    store.listings.length = 0
    store.putKeys.length = 0
    store.checkedPuts = 0

    const { replica, add } = deviceOf(store, (n) => picks[n] ?? 0)
    add(0, 3)
    expect(await replica.push()).toMatchObject({ segments: 1, objects: 3 })
    // All of objects/ first, cut after 2,000 keys (what 3 folders would cost, less one); the late folders
    // are beyond the cut, so each is listed on its own; the early one was in what the listing read.
    expect(store.listings.slice(0, 2)).toEqual(['cleanups/', 'objects/'])
    expect(store.listings.slice(2, -1).sort()).toEqual(late.map((n) => `objects/${folderOf(n)}/`).sort())
    expect(store.listings.at(-1)).toBe('cleanups/')
    // The image already there was found, not written again; the other two went up without asking.
    expect(store.putKeys.filter((key) => key.startsWith('objects/'))).toHaveLength(2)
    expect(store.putKeys).not.toContain(alreadyKey)
    expect(store.checkedPuts).toBe(1) // the segment
  })
})

/** A store that says each put's bytes in two halves, as a bucket says a video's parts. */
class HalvingStore extends ListingStore {
  override async put(
    key: string,
    data: Uint8Array,
    onVisible?: () => void,
    options?: PutOptions
  ): Promise<void> {
    options?.onProgress?.(Math.floor(data.length / 2), data.length)
    await super.put(key, data, onVisible, options)
    options?.onProgress?.(data.length, data.length)
  }
}

describe('a push says the bytes of the images it sends', () => {
  it('counts them as the store reports them, and at once those the location held, up to all of them', async () => {
    const store = new HalvingStore()
    // A teammate put image 0 up already: found by the listing, not sent.
    const already = bytesOf(0)
    await store.put(`objects/${sha(already).slice(0, 2)}/${sha(already)}.png`, already)
    const { replica, add } = device(store)
    add(0, 4)
    const total = [0, 1, 2, 3].reduce((sum, n) => sum + bytesOf(n).length, 0)
    const steps: Array<[string, number, number | undefined]> = []
    const moved: number[] = []
    let images = 0
    const report: StepReport = {
      step: (step, count, bytes) => steps.push([step, count, bytes]),
      advance: (by = 1) => (images += by),
      advanceBytes: (by) => moved.push(by)
    }
    expect(await replica.push(report)).toMatchObject({ segments: 1, objects: 4 })
    expect(steps).toEqual([['sending', 4, total]])
    expect(images).toBe(4)
    // Images 1 to 3 in two halves each, image 0 whole at once; the segment's own bytes are not counted.
    expect(moved).toHaveLength(7)
    expect(moved).toContain(already.length)
    for (const n of [1, 2, 3]) expect(moved).toContain(Math.floor(bytesOf(n).length / 2))
    expect(moved.reduce((sum, by) => sum + by, 0)).toBe(total)
  })
})
