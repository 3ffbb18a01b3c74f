import { readJson, type JsonLimits } from '../../shared/json'
import type { CrashProbe } from '../crashPoints'
import type { MediaStore, PutOptions } from '../library/mediaStore'
import { cleanUpsSeen, keepFromCleanUps } from './cleanUpNotices'
import { inTurns } from './inTurns'
import { LOG_MAX_BYTES, readAtMost, TOO_LARGE } from './readAtMost'
import { HybridClock, type Stamp } from './hlc'
import {
  DEVICES_PREFIX,
  FORMAT,
  objectKey,
  packKey,
  parseDeviceKey,
  segmentKey,
  segmentSchema,
  snapshotKey,
  snapshotSchema,
  type Segment,
  type Snapshot
} from './layout'
import { ReplicatedState, type Change, type StateJson } from './state'
import { imageRecordSchema, imagesEverAdded, TeamEdits, viewOf, type LibraryView } from './teamLibrary'
import type { StepReport } from './teamWork'
import { writePack } from './thumbPacks'

/**
 * One device's copy of a team location, and the two moves of a sync: push (this device's changes go up as
 * the next segment of its own log) and pull (other devices' new segments come down and merge in).
 *
 * Every step is recorded in the journal before the next one starts, so a process killed anywhere resumes
 * where it was: an edit is in the outbox; a segment is sealed (numbered, its changes fixed) before any
 * byte of it goes up, and the same bytes go up again after a crash (a key is written once; a store skips
 * an object that exists); the objects a segment names go up before the segment, so no device reads a
 * change whose image is missing; a pulled segment is applied and counted in one journal step.
 */

/** What the journal keeps; `load` gives it back as at the last completed step. */
export interface ReplicaSaved {
  clock: Stamp | null
  state: StateJson
  /** Edits made here, not yet in a segment. */
  outbox: Change[]
  /** A segment sealed and perhaps partly sent. */
  pending: Segment | null
  /** The seq of the next segment this device will seal. */
  nextSeq: number
  /** For each device (this one included), the last of its segments merged here. */
  applied: Record<string, number>
}

/** The durable side of a replica; each method is one atomic step (a transaction in the database). */
export interface ReplicaJournal {
  load(): ReplicaSaved
  edited(changes: Change[], clock: Stamp): void
  sealed(segment: Segment): void
  pushed(seq: number): void
  pulled(device: string, seq: number, changes: Change[], clock: Stamp | null): void
  adopted(snapshot: Snapshot): void
}

/**
 * The bytes of this device's images, for the objects a segment names, and their thumbnails, for the
 * segment's thumbnail pack. Thumbnails go up packed by segment (`thumbPacks.ts`), never one object each:
 * sent beside each image, they took a second request per image (a third of a board's publish against a
 * plain upload of its files, bench/suites/teamSync.ts).
 */
export interface ImageBytes {
  original(sha256: string): Promise<Uint8Array | null>
  /**
   * The image's WebP thumbnail, or null (none here: a subscriber then fetches the file). Absent (tools,
   * tests): no packs, and records name none.
   */
  thumbnail?(sha256: string): Promise<Buffer | null>
}

export interface PushResult {
  segments: number
  objects: number
}

export interface PullResult {
  segments: number
  /** Segments that were unreadable as a segment (damaged, or from a newer app): counted, skipped. */
  skipped: number
  snapshot: boolean
}

/** A segment holds at most this many changes, so one read never has to take in a whole history. */
const SEGMENT_CHANGES = 1_000
/** After this many segments merged since this device's last snapshot, the next push writes one. */
const SNAPSHOT_EVERY = 32
/**
 * Images of a segment in flight at once: as many transfers as the store's multipart uploads keep (and as a
 * script uploading a folder would run), while holding no more than a few images' bytes in memory.
 */
const SEND_AT_ONCE = 4
/** Keys a bucket's listing returns per request. */
const LISTING_PAGE = 1_000
const OBJECTS_PREFIX = 'objects/'

export class Replica {
  private readonly state = new ReplicatedState()
  private readonly clock: HybridClock
  private readonly edits: TeamEdits
  private saved: ReplicaSaved
  private sinceSnapshot = 0

  constructor(
    readonly device: string,
    private readonly journal: ReplicaJournal,
    private readonly store: MediaStore,
    private readonly bytes: ImageBytes,
    private readonly now: () => number,
    /** Test-only crash points (crashPoints.ts); production passes none. */
    private readonly probe?: CrashProbe
  ) {
    this.saved = journal.load()
    this.clock = new HybridClock(device, this.saved.clock ?? undefined)
    this.state.merge(this.saved.state)
    this.edits = new TeamEdits(this.state, this.clock, now)
  }

  /** Makes an edit here (offline is fine): applied at once, sent by the next push. */
  edit(make: (edits: TeamEdits) => Change[]): Change[] {
    const changes = this.pointAtPacks(make(this.edits))
    if (changes.length === 0) return changes
    for (const change of changes) this.state.apply(change)
    this.journal.edited(changes, this.clock.stamp())
    this.saved.outbox.push(...changes)
    return changes
  }

  /**
   * Each new image record of this edit names the pack of the segment it will go up in. The outbox is sealed
   * from the front, `SEGMENT_CHANGES` at a time, numbered from `nextSeq`, so a change's place in it says
   * which segment takes it. Named here, before the change is applied or journaled, the record is the same
   * in this device's state, its segment and every reader's.
   */
  private pointAtPacks(changes: Change[]): Change[] {
    if (!this.bytes.thumbnail) return changes
    const base = this.saved.outbox.length
    return changes.map((change, at) => {
      if (change.k !== 'set' || change.f !== 'record') return change
      const record = imageRecordSchema.safeParse(change.v)
      if (!record.success || record.data.thumbs || record.data.type === 'video/mp4') return change
      const seq = this.saved.nextSeq + Math.floor((base + at) / SEGMENT_CHANGES)
      return { ...change, v: { ...record.data, thumbs: { device: this.device, seq } } }
    })
  }

  view(): LibraryView {
    return viewOf(this.state)
  }

  digest(): string {
    return this.state.digest()
  }

  /** Changes made here and not yet acknowledged by the location. */
  get unsent(): number {
    return this.saved.outbox.length + (this.saved.pending?.changes.length ?? 0)
  }

  async push(report?: StepReport): Promise<PushResult> {
    const result: PushResult = { segments: 0, objects: 0 }
    if (report) {
      const images = imagesIn([...(this.saved.pending?.changes ?? []), ...this.saved.outbox])
      report.step(
        'sending',
        images.length,
        images.reduce((sum, image) => sum + image.size, 0)
      )
    }
    for (;;) {
      let segment = this.saved.pending
      if (!segment) {
        if (this.saved.outbox.length === 0) break
        segment = {
          format: FORMAT,
          device: this.device,
          seq: this.saved.nextSeq,
          changes: this.saved.outbox.slice(0, SEGMENT_CHANGES)
        }
        this.journal.sealed(segment)
        this.saved.outbox = this.saved.outbox.slice(segment.changes.length)
        this.saved.pending = segment
        this.saved.nextSeq = segment.seq + 1
        this.probe?.('sync.sealed')
      }
      const images = imagesIn(segment.changes)
      // What the location says of Clean ups before this push asks which objects it holds, and again once
      // its segment is there: the two listings that keep a Clean up under way from removing a file the
      // segment names (cleanUpNotices.ts has the argument). A segment that adds no image names no file.
      const before = images.length > 0 ? await cleanUpsSeen(this.store, this.device) : null
      // The pack goes up beside the images, not before them: it need only be there before the segment.
      // Sent first, it kept the images waiting 150-200 ms per segment; interleaved runs of both ways
      // (bench/suites/teamSync.ts, 8 runs each time) put this way's publish ratio about 0.1 higher. Both
      // are waited for whichever fails, so nothing of this push is still in flight when it throws.
      const [pack, objects] = await Promise.allSettled([
        this.sendPack(segment),
        this.sendObjects(images, report)
      ])
      if (pack.status === 'rejected') throw pack.reason
      if (objects.status === 'rejected') throw objects.reason
      result.objects += objects.value
      await this.store.put(segmentKey(this.device, segment.seq), Buffer.from(JSON.stringify(segment)))
      this.probe?.('sync.segmentSent')
      if (before) {
        await keepFromCleanUps({
          store: this.store,
          device: this.device,
          before,
          images,
          original: (sha256) => this.bytes.original(sha256)
        })
      }
      this.journal.pushed(segment.seq)
      this.saved.pending = null
      this.saved.applied[this.device] = segment.seq
      this.sinceSnapshot++
      result.segments++
    }
    if (this.sinceSnapshot >= SNAPSHOT_EVERY && this.unsent === 0) await this.writeSnapshot()
    return result
  }

  async pull(report?: StepReport): Promise<PullResult> {
    const result: PullResult = { segments: 0, skipped: 0, snapshot: false }
    const logs = new Map<string, number[]>()
    const snapshots: Array<{ device: string; seq: number; key: string }> = []
    for await (const { key } of this.store.list(DEVICES_PREFIX)) {
      const parsed = parseDeviceKey(key)
      if (!parsed || parsed.device === this.device) continue
      if (parsed.kind === 'snapshots') snapshots.push({ device: parsed.device, seq: parsed.seq, key })
      else {
        const seqs = logs.get(parsed.device)
        if (seqs) seqs.push(parsed.seq)
        else logs.set(parsed.device, [parsed.seq])
      }
    }
    result.snapshot = await this.adoptSnapshot(logs, snapshots)
    report?.step(
      'reading',
      [...logs].reduce((sum, [device, seqs]) => sum + unbrokenAfter(seqs, this.saved.applied[device] ?? 0), 0)
    )
    for (const [device, seqs] of [...logs].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const have = new Set(seqs)
      // Segments are merged in order and only while unbroken: a gap is a segment still being written.
      for (let seq = (this.saved.applied[device] ?? 0) + 1; have.has(seq); seq++) {
        const bytes = await readAtMost(this.store, segmentKey(device, seq), LOG_MAX_BYTES)
        if (!bytes) break
        // Longer than any log this app writes: skipped as a damaged one is.
        const segment = bytes === TOO_LARGE ? null : readSegment(bytes, device, seq)
        const changes = segment?.changes ?? []
        if (!segment) result.skipped++
        for (const change of changes) {
          this.state.apply(change)
          this.clock.observe(change.at, this.now())
        }
        this.probe?.('sync.pulled')
        this.journal.pulled(device, seq, changes, changes.length > 0 ? this.clock.stamp() : null)
        this.saved.applied[device] = seq
        this.sinceSnapshot++
        result.segments++
        report?.advance()
      }
    }
    return result
  }

  /**
   * The thumbnails of the images whose records name this segment's pack, as one object, before the segment
   * (a reader who finds a record finds its pack). Put unless present, like every write here: a segment sent
   * again after a crash finds its pack there. None when no such image has a thumbnail here.
   */
  private async sendPack(segment: Segment): Promise<void> {
    const shas: string[] = []
    for (const change of segment.changes) {
      if (change.k !== 'set' || change.f !== 'record') continue
      const record = imageRecordSchema.safeParse(change.v)
      const thumbs = record.success ? record.data.thumbs : undefined
      if (record.success && thumbs?.device === this.device && thumbs.seq === segment.seq)
        shas.push(record.data.sha256)
    }
    const thumbs = new Map<string, Buffer>()
    await inTurns(shas, SEND_AT_ONCE, async (sha256) => {
      const webp = (await this.bytes.thumbnail?.(sha256)) ?? null
      if (webp) thumbs.set(sha256, webp)
    })
    if (thumbs.size === 0) return
    // Entries in a fixed order, so the pack is the same bytes whichever thumbnail came first.
    const ordered = new Map([...thumbs].sort(([a], [b]) => (a < b ? -1 : 1)))
    await this.store.put(packKey(this.device, segment.seq), await writePack(ordered))
  }

  /**
   * Uploads the images a segment adds, before the segment itself. A few at a time: one after another,
   * each object's round trips (the store's existence check, then the upload) left the link idle between
   * them (bench/suites/teamSync.ts). On a failure no further image is started, and the ones under way are
   * waited for, so nothing of this push is still in flight when it fails (the caller then closes the store).
   */
  private async sendObjects(
    images: ReadonlyArray<{ sha256: string; type: string; size: number }>,
    report: StepReport | undefined
  ): Promise<number> {
    const present = await this.presentKeys(images)
    let sent = 0
    await inTurns(images, SEND_AT_ONCE, async (image) => {
      // The bytes of this image said so far: the store's reports as they come, the rest once it is there
      // (found there already, or no longer on this device), so the step's bytes add up to its total.
      let counted = 0
      const count = (bytes: number): void => {
        const upTo = Math.min(image.size, bytes)
        if (upTo <= counted) return
        report?.advanceBytes(upTo - counted)
        counted = upTo
      }
      if (await this.sendImage(image.sha256, image.type, present, report ? count : undefined)) sent++
      count(image.size)
      report?.advance()
    })
    return sent
  }

  /**
   * Which of these images' objects the location has, from listings, where the store would otherwise ask
   * for every key on its own (a bucket: a HEAD each). Either each folder they fall in (`objects/<ab>/`,
   * one request each) or all of `objects/` (a request per 1,000 objects there), whichever the merged state
   * says is fewer: a first publish of 1,000 images takes one or two requests instead of 256, a small push
   * to a large library a few folders. The merged state can know far less than the location holds (a new
   * device publishing before its first pull), so the listing of all of `objects/` stops once it has taken
   * as many requests as the folders would, and the folders it has not reached are listed one by one: at
   * most twice the requests of the folders. Null when the store asks cheaply itself, or a listing failed
   * (each put then asks for itself, as always).
   */
  private async presentKeys(
    images: ReadonlyArray<{ sha256: string; type: string }>
  ): Promise<Set<string> | null> {
    if (!this.store.trustsListing || images.length === 0) return null
    const folders = new Set<string>()
    for (const { sha256, type } of images) {
      const key = objectKey(sha256, type)
      folders.add(key.slice(0, key.lastIndexOf('/') + 1))
    }
    // What the location holds, as far as this device knows: every image of the merged state, and as many
    // again for objects whose segments it has not read (a teammate's push under way, debris).
    const pages = Math.ceil((2 * imagesEverAdded(this.state)) / LISTING_PAGE) + 1
    const present = new Set<string>()
    try {
      let left = [...folders]
      if (pages < folders.size) {
        const budget = (folders.size - 1) * LISTING_PAGE
        let seen = 0
        let last = ''
        for await (const { key } of this.store.list(OBJECTS_PREFIX)) {
          present.add(key)
          last = key
          if (++seen >= budget) break
        }
        // Keys come in order: the folders before the last key's are whole; from its folder on, each alone.
        left =
          seen < budget ? [] : left.filter((folder) => folder >= last.slice(0, last.lastIndexOf('/') + 1))
      }
      await inTurns(left, SEND_AT_ONCE, async (folder) => {
        for await (const { key } of this.store.list(folder)) present.add(key)
      })
    } catch {
      return null
    }
    return present
  }

  /** One image; false when this device no longer has its bytes. `progress`: its bytes sent so far. */
  private async sendImage(
    sha256: string,
    type: string,
    present: Set<string> | null,
    progress?: (sent: number) => void
  ): Promise<boolean> {
    const original = await this.bytes.original(sha256)
    // Deleted here before it was ever sent: the same segment removes it, so no device will show it.
    if (!original) return false
    await this.putUnlessPresent(objectKey(sha256, type), original, present, progress, sha256)
    this.probe?.('sync.objectSent')
    return true
  }

  /** A key the listing found is not written again; one it did not find is written without asking again. */
  private async putUnlessPresent(
    key: string,
    bytes: Uint8Array,
    present: Set<string> | null,
    progress?: (sent: number) => void,
    sha256?: string
  ): Promise<void> {
    const options: PutOptions = {
      ...(progress ? { onProgress: progress } : {}),
      ...(sha256 !== undefined ? { sha256 } : {})
    }
    if (present === null) await this.store.put(key, bytes, undefined, options)
    else if (!present.has(key))
      await this.store.put(key, bytes, undefined, { ...options, listedAbsent: true })
  }

  /**
   * A device far behind (a new subscriber, above all) starts from the newest snapshot that covers more
   * than it has, instead of reading every segment since the beginning.
   */
  private async adoptSnapshot(
    logs: Map<string, number[]>,
    snapshots: Array<{ device: string; seq: number; key: string }>
  ): Promise<boolean> {
    const behind = [...logs].reduce(
      (sum, [device, seqs]) => sum + Math.max(0, seqs.length - (this.saved.applied[device] ?? 0)),
      0
    )
    if (behind < SNAPSHOT_EVERY || snapshots.length === 0) return false
    const newest = snapshots.sort((a, b) => b.seq - a.seq || (a.device < b.device ? -1 : 1))
    for (const candidate of newest) {
      const bytes = await readAtMost(this.store, candidate.key, LOG_MAX_BYTES)
      const snapshot =
        bytes && bytes !== TOO_LARGE ? readSnapshot(bytes, candidate.device, candidate.seq) : null
      if (!snapshot) continue
      const gains = Object.entries(snapshot.vector).some(
        ([device, seq]) => device !== this.device && seq > (this.saved.applied[device] ?? 0)
      )
      if (!gains) return false
      this.state.merge(snapshot.state)
      this.clock.observe(snapshot.clock, this.now())
      this.journal.adopted(snapshot)
      for (const [device, seq] of Object.entries(snapshot.vector)) {
        if (device !== this.device)
          this.saved.applied[device] = Math.max(this.saved.applied[device] ?? 0, seq)
      }
      return true
    }
    return false
  }

  private async writeSnapshot(): Promise<void> {
    const seq = this.saved.applied[this.device]
    if (seq === undefined) return
    const snapshot: Snapshot = {
      format: FORMAT,
      device: this.device,
      seq,
      vector: { ...this.saved.applied },
      clock: this.clock.stamp(),
      state: this.state.toJSON()
    }
    await this.store.put(snapshotKey(this.device, seq), Buffer.from(JSON.stringify(snapshot)))
    this.sinceSnapshot = 0
  }
}

/** The images whose records these changes set, each once (a record set twice is still one object). */
function imagesIn(changes: readonly Change[]): Array<{ sha256: string; type: string; size: number }> {
  const images: Array<{ sha256: string; type: string; size: number }> = []
  const seen = new Set<string>()
  for (const change of changes) {
    if (change.k !== 'set' || change.f !== 'record') continue
    const record = imageRecordSchema.safeParse(change.v)
    if (!record.success || seen.has(record.data.sha256)) continue
    seen.add(record.data.sha256)
    images.push({ sha256: record.data.sha256, type: record.data.type, size: record.data.size })
  }
  return images
}

/** How many of `seqs` follow `after` without a gap (what a pull will read of that device's log). */
function unbrokenAfter(seqs: readonly number[], after: number): number {
  const have = new Set(seqs)
  let count = 0
  while (have.has(after + count + 1)) count++
  return count
}

/** A segment's bytes as the segment they say they are (`device`'s number `seq`), or null. */
export function readSegment(bytes: Uint8Array, device: string, seq: number): Segment | null {
  const parsed = segmentSchema.safeParse(parseJson(bytes))
  return parsed.success && parsed.data.device === device && parsed.data.seq === seq ? parsed.data : null
}

/** A snapshot's bytes as the snapshot they say they are (`device`'s, after its segment `seq`), or null. */
export function readSnapshot(bytes: Uint8Array, device: string, seq: number): Snapshot | null {
  const parsed = snapshotSchema.safeParse(parseJson(bytes))
  return parsed.success && parsed.data.device === device && parsed.data.seq === seq ? parsed.data : null
}

/** A snapshot of a large library holds millions of values; nesting stays shallow in every valid file. */
const LOG_LIMITS: JsonLimits = { maxDepth: 32, maxNodes: 50_000_000 }

function parseJson(bytes: Uint8Array): unknown {
  const reading = readJson(Buffer.from(bytes).toString('utf8'), LOG_LIMITS)
  return reading.ok ? reading.value : undefined
}
