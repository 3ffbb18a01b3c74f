import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  ByteRange,
  ListedObject,
  MediaStore,
  ObjectDraft,
  PutOptions
} from '../../../../src/main/library/mediaStore'
import { openLocation, type OpenLocation } from '../../../../src/main/locations/open'
import { MemoryMediaStore } from '../../../../src/main/library/memoryStore'
import { cleanUpLocation, CLEAN_UP_GRACE_MS } from '../../../../src/main/sync/cleanUp'
import {
  cleanUpsSeen,
  keepFromCleanUps,
  nextNotice,
  putNotice,
  readImageObject
} from '../../../../src/main/sync/cleanUpNotices'
import {
  noticeKey,
  noticeOverKey,
  objectKey,
  parseContentKey,
  spareKey
} from '../../../../src/main/sync/layout'
import { MemoryJournal } from '../../../../src/main/sync/memoryJournal'
import { Replica } from '../../../../src/main/sync/replica'
import type { ImageRecord } from '../../../../src/main/sync/teamLibrary'
import { pngRecord, sha256Of, TEAM_PLACES, type TeamPlace } from '../../../helpers/teamPlaces'
import { makeTempDir } from '../../../helpers/tempDir'

/**
 * Clean up on one device and a push on another, stopped at the exact steps where the push's image used to
 * lose its file (cleanUpNotices.ts has the argument): the push finds the image's object at the location
 * and sends none, while Clean up, whose last read of the logs missed the push's segment, removes that
 * object. Each device has its own store (its own client and caches), as two computers do; a hold in a
 * device's store stops it at a chosen call until the test lets it go on.
 */

type Call = 'put' | 'remove'

interface Hold {
  /** Resolves once the device is stopped at the call. */
  reached: Promise<void>
  release(): void
}

/** A device's store that can be stopped at one call (its key picked by the test) and let go again. */
class HeldStore implements MediaStore {
  private holds: Array<{ call: Call; key: (key: string) => boolean; stop: () => Promise<void> }> = []

  constructor(
    private readonly inner: MediaStore,
    /** False for a device whose credentials may only add: a removal fails the test. */
    private readonly mayRemove = true
  ) {}

  get trustsListing(): boolean | undefined {
    return this.inner.trustsListing
  }

  /** The next `call` of a key `key` picks waits, once, until `release`. */
  hold(call: Call, key: (key: string) => boolean): Hold {
    let reached = (): void => undefined
    let release = (): void => undefined
    const arrived = new Promise<void>((resolve) => (reached = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    const entry = {
      call,
      key,
      stop: async () => {
        this.holds = this.holds.filter((one) => one !== entry)
        reached()
        await released
      }
    }
    this.holds.push(entry)
    return { reached: arrived, release }
  }

  private async at(call: Call, key: string): Promise<void> {
    await this.holds.find((one) => one.call === call && one.key(key))?.stop()
  }

  async put(key: string, data: Uint8Array, onVisible?: () => void, options?: PutOptions): Promise<void> {
    await this.at('put', key)
    await this.inner.put(key, data, onVisible, options)
  }

  async remove(key: string): Promise<boolean> {
    if (!this.mayRemove) throw new Error(`a device that may only add removed ${key}`)
    await this.at('remove', key)
    return this.inner.remove(key)
  }

  begin(prefix: string): Promise<ObjectDraft> {
    return this.inner.begin(prefix)
  }

  open(key: string, range?: ByteRange): Promise<Readable | null> {
    return this.inner.open(key, range)
  }

  read(key: string): Promise<Buffer | null> {
    return this.inner.read(key)
  }

  stat(key: string): Promise<{ size: number } | null> {
    return this.inner.stat(key)
  }

  list(prefix?: string): AsyncIterable<ListedObject> {
    return this.inner.list(prefix)
  }

  sweep(now: number): number {
    return this.inner.sweep(now)
  }

  localFile(key: string): string | null {
    return this.inner.localFile(key)
  }
}

const sha = sha256Of
const DAY = 24 * 60 * 60 * 1000
const record = (bytes: Buffer): ImageRecord => pngRecord(bytes, 8, 8)

const temp = makeTempDir('gs-clean-race-')
afterAll(() => temp.cleanup())

describe.each(Object.keys(TEAM_PLACES) as Array<keyof typeof TEAM_PLACES>)(
  'a teammate publishes an image again while Clean up removes its file, at %s [P53]',
  (kind) => {
    let place: TeamPlace
    const opened: OpenLocation[] = []
    /** Each device's own store at the location. */
    const storeOf = async (mayRemove = true): Promise<HeldStore> => {
      const one = await openLocation(place.settings, place.credentials, {
        draftDir: join(temp.dir, `drafts-${kind.replace(/\W/g, '')}`)
      })
      opened.push(one)
      return new HeldStore(one.store, mayRemove)
    }
    const anaImages = new Map<string, Buffer>()
    let anaStore: HeldStore
    let ana: Replica
    let cleanerStore: HeldStore
    let cleaner: Replica

    beforeAll(async () => {
      place = await TEAM_PLACES[kind]()
      // Ana only publishes: nothing she does may remove a file.
      anaStore = await storeOf(false)
      ana = new Replica(
        'anadevice01',
        new MemoryJournal('anadevice01'),
        anaStore,
        { original: (hash) => Promise.resolve(anaImages.get(hash) ?? null) },
        () => Date.now()
      )
      cleanerStore = await storeOf()
      cleaner = new Replica(
        'cleaner001',
        new MemoryJournal('cleaner001'),
        cleanerStore,
        { original: () => Promise.resolve(null) },
        () => Date.now()
      )
    }, 30_000)
    afterAll(async () => {
      for (const one of opened) one.close()
      await place.stop()
    })

    /** An image Ana published and then deleted: its file is at the location and no live image names it. */
    async function deletedImage(shade: number): Promise<Buffer> {
      const bytes = Buffer.from(`the picture with shade ${shade}`)
      anaImages.set(sha(bytes), bytes)
      ana.edit((edits) => edits.addImage(record(bytes)))
      await ana.push()
      ana.edit((edits) => edits.deleteImage(sha(bytes)))
      await ana.push()
      expect(await anaStore.stat(objectKey(sha(bytes), 'image/png'))).not.toBeNull()
      return bytes
    }

    /** Clean up on the cleaner's device, as TeamSync runs it: a pull, then Clean up, a day and more later. */
    async function cleanUp(): Promise<{ images: number }> {
      await cleaner.pull()
      const live = (): ReadonlySet<string> => new Set(cleaner.view().images.map((i) => i.record.sha256))
      const outcome = await cleanUpLocation({
        store: cleanerStore,
        device: cleaner.device,
        now: () => Date.now() + CLEAN_UP_GRACE_MS + DAY,
        live: live(),
        recheck: async () => {
          await cleaner.pull()
          return live()
        },
        shares: { leftovers: () => [], cleared: () => undefined }
      })
      return { images: outcome.kinds.images.files }
    }

    /** The files at the location that hold these bytes, whatever their name. */
    async function filesOf(bytes: Buffer): Promise<string[]> {
      const key = objectKey(sha(bytes), 'image/png')
      const found: string[] = []
      for await (const object of anaStore.list(key.slice(0, key.lastIndexOf('/') + 1))) {
        if (parseContentKey(object.key)?.sha256 !== sha(bytes)) continue
        const read = await anaStore.read(object.key)
        if (read && sha(read) === sha(bytes)) found.push(object.key)
      }
      return found
    }

    /** A device that joins now: the image is live for it, and its bytes are at the location. */
    async function newcomerHas(bytes: Buffer, id: string): Promise<void> {
      const newcomer = new Replica(
        id,
        new MemoryJournal(id),
        await storeOf(),
        { original: () => Promise.resolve(null) },
        () => Date.now()
      )
      await newcomer.pull()
      expect(newcomer.view().images.map((image) => image.record.sha256)).toContain(sha(bytes))
      const read = await readImageObject(anaStore, sha(bytes), 'image/png', bytes.length)
      expect(read && sha(read)).toBe(sha(bytes))
    }

    it('Clean up stopped just before it removes the file, the whole push between: a spare copy stays', async () => {
      const bytes = await deletedImage(1)
      const key = objectKey(sha(bytes), 'image/png')
      const atRemoval = cleanerStore.hold('remove', (one) => one === key)
      const cleaning = cleanUp()
      // Clean up has read the logs its last time and is about to remove the file.
      await atRemoval.reached

      // Ana publishes the same bytes again: the object is there, so her push sends no copy of it first.
      ana.edit((edits) => edits.addImage(record(bytes)))
      expect(await ana.push()).toMatchObject({ segments: 1 })

      atRemoval.release()
      expect(await cleaning).toEqual({ images: 1 })
      // The removal did happen: the object the push found is gone.
      expect(await anaStore.stat(key)).toBeNull()
      const files = await filesOf(bytes)
      expect(files).toHaveLength(1)
      expect(files[0]).not.toBe(key)
      await newcomerHas(bytes, 'newcomer001')

      // The next Clean up keeps it: the image is live.
      expect(await cleanUp()).toEqual({ images: 0 })
      expect(await filesOf(bytes)).toEqual(files)
    }, 60_000)

    it('the push stopped between finding the file and putting its segment, a whole Clean up between: the file is put again', async () => {
      const bytes = await deletedImage(2)
      const key = objectKey(sha(bytes), 'image/png')
      const atSegment = anaStore.hold('put', (one) => one.startsWith('devices/anadevice01/log/'))
      ana.edit((edits) => edits.addImage(record(bytes)))
      const pushing = ana.push()
      // Ana's push has found the object at the location, sent nothing of it, and not put its segment yet.
      await atSegment.reached

      // Clean up runs whole meanwhile: its last read cannot see a segment that is not there.
      expect(await cleanUp()).toEqual({ images: 1 })
      expect(await anaStore.stat(key)).toBeNull()

      atSegment.release()
      expect(await pushing).toMatchObject({ segments: 1 })
      expect(await filesOf(bytes)).toEqual([key])
      await newcomerHas(bytes, 'newcomer002')
      expect(await cleanUp()).toEqual({ images: 0 })
      expect(await filesOf(bytes)).toEqual([key])
    }, 60_000)

    it('leaves no Clean up open, and a push with no Clean up under way puts nothing more', async () => {
      const marks: string[] = []
      for await (const { key } of anaStore.list('cleanups/')) marks.push(key)
      // Each Clean up that had files to remove left its mark, and no notice is open.
      expect(marks.length).toBeGreaterThan(0)
      expect(marks.every((key) => key.endsWith('.done.json'))).toBe(true)

      const bytes = Buffer.from('a picture nobody deleted')
      anaImages.set(sha(bytes), bytes)
      ana.edit((edits) => edits.addImage(record(bytes)))
      await ana.push()
      expect(await filesOf(bytes)).toEqual([objectKey(sha(bytes), 'image/png')])
    }, 60_000)
  }
)

describe('what a push makes of the notices it finds', () => {
  const bytes = Buffer.from('an image a push names')
  const image = { sha256: sha(bytes), type: 'image/png' }
  const key = objectKey(image.sha256, image.type)
  const keep = async (store: MemoryMediaStore, before: Awaited<ReturnType<typeof cleanUpsSeen>>) =>
    keepFromCleanUps({
      store,
      device: 'pusher001',
      before,
      images: [image],
      original: () => Promise.resolve(bytes)
    })
  const spares = async (store: MemoryMediaStore): Promise<string[]> => {
    const out: string[] = []
    for await (const object of store.list('objects/')) if (object.key !== key) out.push(object.key)
    return out
  }

  it('puts a spare copy when a notice cannot be read, under a key no notice names', async () => {
    const store = new MemoryMediaStore()
    await store.put(key, bytes)
    const before = await cleanUpsSeen(store, 'pusher001')
    await store.put(noticeKey('newerapp01', 1), Buffer.from('{"format":"gateway-studio.sync/2"}'))
    expect(await keep(store, before)).toBe(1)
    const [spare] = await spares(store)
    expect(spare).toMatch(
      new RegExp(`^objects/${image.sha256.slice(0, 2)}/${image.sha256}\\.pusher001-[0-9a-f]{16}\\.png$`)
    )
    expect(parseContentKey(spare ?? '')).toEqual({ kind: 'objects', sha256: image.sha256 })
    // A reader takes the spare copy once the object is gone.
    await store.remove(key)
    expect(
      sha((await readImageObject(store, image.sha256, image.type, bytes.length)) ?? Buffer.alloc(0))
    ).toBe(image.sha256)
  })

  it('puts the object again when a Clean up ended during the push, and only if it is gone', async () => {
    const store = new MemoryMediaStore()
    const before = await cleanUpsSeen(store, 'pusher001')
    // A Clean up begun and over while the push ran; it removed the object.
    await putNotice(store, 'cleaner001', 1, [key])
    await store.put(noticeOverKey('cleaner001', 1), Buffer.from('{}'))
    expect(await keep(store, before)).toBe(1)
    expect(await store.read(key)).toEqual(bytes)
    expect(await spares(store)).toEqual([])
    // A Clean up over before the push began says nothing to it.
    expect(await keep(store, await cleanUpsSeen(store, 'pusher001'))).toBe(0)
  })

  it('takes a notice that is gone once read as a Clean up that is over', async () => {
    const store = new MemoryMediaStore()
    const before = await cleanUpsSeen(store, 'pusher001')
    await putNotice(store, 'cleaner001', 1, [key])
    // Listed, but removed before the push reads it: as a Clean up that put its mark and took it away.
    const original = store.open.bind(store)
    store.open = async (one: string) => (one === noticeKey('cleaner001', 1) ? null : original(one))
    expect(await keep(store, before)).toBe(1)
    expect(await store.read(key)).toEqual(bytes)
    expect(await spares(store)).toEqual([])
  })

  it('leaves out its own device’s notices: they never run beside its push', async () => {
    const store = new MemoryMediaStore()
    await store.put(key, bytes)
    const before = await cleanUpsSeen(store, 'pusher001')
    await putNotice(store, 'pusher001', 1, [key])
    expect(await keep(store, before)).toBe(0)
  })

  it('has Clean up close its own notices a crash left open, and number the next past every mark', async () => {
    const store = new MemoryMediaStore()
    await putNotice(store, 'cleaner001', 3, [key])
    await store.put(noticeOverKey('cleaner001', 5), Buffer.from('{}'))
    expect(await nextNotice(store, 'cleaner001')).toBe(6)
    expect(await store.stat(noticeKey('cleaner001', 3))).toBeNull()
    expect(await store.stat(noticeOverKey('cleaner001', 3))).not.toBeNull()
    expect(await cleanUpsSeen(store, 'pusher001')).toEqual({
      over: new Set(['cleaner001/3', 'cleaner001/5']),
      open: []
    })
    expect(spareKey(image.sha256, image.type, 'pusher001', '0123456789abcdef')).toBe(
      `objects/${image.sha256.slice(0, 2)}/${image.sha256}.pusher001-0123456789abcdef.png`
    )
  })
})
