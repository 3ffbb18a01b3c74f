import type { CrashProbe } from '../crashPoints'
import type { Clock } from '../time/clock'
import type { Db } from '../db/connection'
import { GroupCommit } from '../db/groupCommit'
import { downloadMedia } from './download'
import { ImageWork } from './imageWork'
import { isMediaError } from './errors'
import { base64Bytes, incomingBytes, inspect, type Incoming } from './intake'
import type { MediaStore } from './mediaStore'
import { MediaTable } from './mediaTable'
import { monthOf } from './names'
import {
  newMediaId,
  objectSource,
  type MediaRecord,
  type MediaSource,
  type RemoveOutcome,
  type ServedMedia,
  type StoreDownloadOptions,
  type StoreOptions
} from './records'
import type { MediaMime } from './sniff'
import { PacedCommits } from './pacedCommits'
import { ThumbnailJobs } from './thumbnailJobs'
import type { HostLookup } from './urlPolicy'

export interface LibraryOptions {
  /**
   * The backend's one clock: wall-clock ms for `created_at`, the `<yyyy>/<mm>` folder and the sweep, and
   * monotonic ms for pacing commits.
   */
  clock: Pick<Clock, 'now' | 'monotonic'>
  /** DNS for the download policy; default `dns.promises.lookup` (tests inject one). */
  lookup?: HostLookup
  idleTimeoutMs?: number
  connectTimeoutMs?: number
  /** Test-only crash points (`crashPoints.ts`); production passes none. */
  probe?: CrashProbe
  /** Where a thumbnail that could not be made is reported (the file itself is kept). */
  onError?: (message: string, error: unknown) => void
  /** A team image's file came here (fetched, or found here): its row is unmarked, committed. */
  onFileHere?: (mediaId: string) => void
}

const MEDIA_REF = /^([0-9a-f]{32})(_thumb)?$/
/** Thumbnails are a few tens of KB; one larger than this (not one we made) is streamed like any file. */
const THUMBNAIL_READ_LIMIT = 512 * 1024

/** The file extension a team image's object gets here, by its type (as `sniff.ts` names them). */
const REMOTE_EXT: Partial<Record<MediaMime, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp'
}

/**
 * Fetches a team image's file from the location it is at (set by team sync at wiring time): its bytes,
 * or null when the location has no such object or cannot be reached (a throw means the same). The bytes
 * are the library's from then on: their memory may be moved to the disk store's writer thread, leaving
 * them empty, so a fetch answers bytes nobody else holds.
 */
export type RemoteFetch = (remote: {
  locationId: string
  sha256: string
  mime: MediaMime
}) => Promise<Uint8Array | null>

/** What a team image's row is made of before its file is here (`keepRemote`). */
export interface RemoteMedia {
  sha256: string
  mime: MediaMime
  bytes: number
  width: number | null
  height: number | null
  /** Its thumbnail, checked as WebP by whoever read it (the thumbnail pack). */
  thumbnail: Buffer
  locationId: string
}

/**
 * The media library (docs/ARCHITECTURE.md §6): objects in a `MediaStore` under `<yyyy>/<mm>/<sha256>.<ext>`,
 * named by content so the same bytes are written once, with a WebP thumbnail beside them
 * (`ThumbnailJobs`), and a `media` row (`MediaTable`) committed only after the object is durable (P28).
 * Everything outside reaches media by id.
 *
 * A store answers once the object and its row are durable (the result counts): the bytes sniffed and
 * checked whole (`wholeness.ts`), put (on disk: written, fsynced and renamed, the directory fsynced once
 * for the renames that land together) and the row committed (rows that land close together share one
 * commit, `PacedCommits`). The thumbnail of bytes in memory (a streamed image) is queued at intake in
 * `ImageWork`'s later lane and starts once no result is on its way to counting, its own included, so it
 * never takes a core from a burst; the row learns its key by a later commit. A download's thumbnail is
 * decoded from the placed object.
 */
export class Library {
  private readonly now: () => number
  private readonly inflight = new Map<string, Promise<MediaRecord>>()
  /** Results (`now` intakes and downloads) on their way to counting; bulk intakes are not counted. */
  private resultsUnderWay = 0
  /**
   * Thumbnails wait while any result is on its way to counting. A lone image's starts a few ms later (after
   * its own file and row); a streamed burst's wait for the burst, where the first one's, started at once,
   * took a core for 10–20 ms from the stream the next nine came on (the partner-a bench, with the writer
   * thread: 0.63–0.74× with it, 0.81–0.89× without). An import's files do not hold them back: a result's
   * thumbnail is for someone looking now, the import's are made when the gallery shows them.
   */
  private readonly work = new ImageWork(undefined, () => this.resultsUnderWay === 0)
  private readonly commits: PacedCommits
  private readonly table: MediaTable
  private readonly thumbnails: ThumbnailJobs
  private fetcher: RemoteFetch | null = null
  /** Team files being fetched, by content hash: readers asking at once share one fetch. */
  private readonly fetching = new Map<string, Promise<void>>()

  constructor(
    db: Db,
    /** Where the bytes are (the disk, in the app; the port lets it be anything that passes its suite). */
    private readonly files: MediaStore,
    private readonly options: LibraryOptions
  ) {
    this.now = () => options.clock.now()
    this.commits = new PacedCommits(new GroupCommit(db), () => options.clock.monotonic())
    this.table = new MediaTable(db)
    this.thumbnails = new ThumbnailJobs({
      files,
      table: this.table,
      work: this.work,
      commits: this.commits,
      storing: (sha256) => this.inflight.has(sha256),
      forget: (key) => this.forget(key),
      onError: options.onError
    })
  }

  /**
   * Deletes orphaned temp files under the root (call once at start); returns how many. Directories
   * unchanged since the last sweep are not listed again (`sweepTempFiles`).
   */
  sweep(): number {
    return this.files.sweep(this.now())
  }

  /** Keeps bytes from memory (partial images, decoded `b64_json`) if they sniff as PNG/JPEG/WebP/MP4. */
  async storeBytes(bytes: Uint8Array, options: StoreOptions = {}): Promise<MediaRecord> {
    return this.place(incomingBytes(bytes, options, this.now()), options.intake ?? 'now', options.handOver)
  }

  /** A `b64_json` field: strict base64, then exactly the checks of `storeBytes` (P32). */
  async storeBase64(base64: string, options: StoreOptions = {}): Promise<MediaRecord> {
    return this.storeBytes(base64Bytes(base64, options), options)
  }

  /**
   * Downloads a result URL (P30 policy, P31 caps, P32 sniffing) and keeps it. One try: retries and the
   * URL's expiry are the task engine's. Throws `MediaError` or the signal's reason.
   */
  async storeDownload(url: string, options: StoreDownloadOptions = {}): Promise<MediaRecord> {
    const createdAt = this.now()
    const download = await downloadMedia(url, {
      begin: () => this.files.begin(`${monthOf(createdAt)}/`),
      allowLoopback: options.allowLoopback,
      lookup: this.options.lookup,
      signal: options.signal,
      maxBytes: options.maxBytes,
      expect: options.expect,
      idleTimeoutMs: options.idleTimeoutMs ?? this.options.idleTimeoutMs,
      connectTimeoutMs: this.options.connectTimeoutMs,
      dispatcher: options.dispatcher,
      now: this.now,
      probe: this.options.probe
    })
    return this.place({ ...download, createdAt, download })
  }

  get(id: string): MediaRecord | null {
    return this.table.get(id)
  }

  findBySha256(sha256: string): MediaRecord | null {
    return this.table.bySha(sha256)
  }

  /** How a team image's file is fetched when asked for (team sync sets it; null: none can be). */
  setFetcher(fetch: RemoteFetch | null): void {
    this.fetcher = fetch
  }

  /**
   * Keeps a team image by its thumbnail alone: the thumbnail is written (atomically, as every object) and
   * the row committed with it, marked as at `locationId` (`team_files`). Its file comes the first time a
   * reader asks for it (`source`, `read`, `mediaSource`, `serveMedia`). A row of these bytes already here
   * is answered as it is.
   */
  async keepRemote(remote: RemoteMedia): Promise<MediaRecord> {
    const existing = this.table.bySha(remote.sha256)
    if (existing) return existing
    const ext = REMOTE_EXT[remote.mime]
    if (!ext) throw new Error(`not a type a team image is kept as: ${remote.mime}`)
    const createdAt = this.now()
    const relDir = monthOf(createdAt)
    const thumbPath = `${relDir}/${remote.sha256}_thumb.webp`
    await this.files.put(thumbPath, remote.thumbnail)
    this.options.probe?.('library.renamed')
    const ours: MediaRecord = {
      id: newMediaId(),
      sha256: remote.sha256,
      mime: remote.mime,
      path: `${relDir}/${remote.sha256}.${ext}`,
      bytes: remote.bytes,
      width: remote.width,
      height: remote.height,
      durationMs: null,
      thumbPath,
      createdAt
    }
    return this.commits.run(() => this.table.keepRemote(ours, remote.locationId))
  }

  /** The team location `id`'s file is still at (its thumbnail is here, the file not yet), or null. */
  remoteOf(id: string): string | null {
    return this.table.remoteOf(id)
  }

  /**
   * Brings the file of `ref` here if it is a team image's still at its location: fetched once however
   * many readers ask at the same time, checked (the bytes its hash names, sniffed as its type, whole),
   * written atomically, then unmarked. A fetch that fails leaves the row as it was (the reader finds no
   * object, as for any missing file) and is tried again by the next reader. Thumbnails are never fetched.
   */
  private async bringHere(ref: string): Promise<void> {
    const m = MEDIA_REF.exec(ref)
    if (!m?.[1] || m[2]) return
    const locationId = this.table.remoteOf(m[1])
    const row = locationId === null ? null : this.table.get(m[1])
    if (!row || locationId === null) return
    let running = this.fetching.get(row.sha256)
    if (!running) {
      running = this.fetchOriginal(row, locationId).finally(() => this.fetching.delete(row.sha256))
      this.fetching.set(row.sha256, running)
    }
    await running
  }

  private async fetchOriginal(row: MediaRecord, locationId: string): Promise<void> {
    if (await this.files.stat(row.path)) {
      await this.unmark(row.id)
      return
    }
    const fetch = this.fetcher
    if (!fetch) return
    try {
      const bytes = await fetch({ locationId, sha256: row.sha256, mime: row.mime })
      if (!bytes) return
      const incoming = incomingBytes(bytes, { expect: 'image', sha256: row.sha256 }, this.now())
      if (incoming.mime !== row.mime) throw new Error(`a team file of ${row.mime} sniffs as ${incoming.mime}`)
      await inspect(incoming, this.work)
      // Moved to the writer thread, not copied (a board's files kept here: 325 MB of copies otherwise).
      if (incoming.data) await this.files.put(row.path, incoming.data, undefined, { handOver: true })
    } catch (error) {
      // Refused bytes are said; a location out of reach is the reader's null, and the details say it.
      this.options.onError?.(
        isMediaError(error) ? 'a team file was refused' : 'a team file could not be fetched',
        error
      )
      return
    }
    await this.unmark(row.id)
  }

  /** `id`'s file is here: unmarked, then told (after the commit, so whoever looks finds it here). */
  private async unmark(id: string): Promise<void> {
    await this.commits.run(() => this.table.fetched(id))
    this.options.onFileHere?.(id)
  }

  /** `<id>` → the media's object, `<id>_thumb` → its thumbnail's; null for anything else or unknown. */
  private keyOf(ref: string): { key: string; mime: MediaMime | 'image/webp' } | null {
    const m = MEDIA_REF.exec(ref)
    if (!m?.[1]) return null
    const row = this.table.get(m[1])
    if (!row) return null
    const key = m[2] ? row.thumbPath : row.path
    return key ? { key, mime: m[2] ? 'image/webp' : row.mime } : null
  }

  /**
   * `ref`'s bytes as the shells and the export send them (a stream, whole or by range), or null for an
   * unknown ref or an object the store no longer has.
   */
  async source(ref: string): Promise<MediaSource | null> {
    await this.bringHere(ref)
    const found = this.keyOf(ref)
    return found ? objectSource(this.files, found.key, found.mime) : null
  }

  /** The stored bytes of `ref` (an edit's input, a reference image, a chat attachment), or null. */
  async read(ref: string): Promise<{ bytes: Buffer; mime: string } | null> {
    await this.bringHere(ref)
    const found = this.keyOf(ref)
    const bytes = found ? await this.files.read(found.key) : null
    return found && bytes ? { bytes, mime: found.mime } : null
  }

  /**
   * Where the store keeps `ref` as a file on this machine, if it does (the disk): tests and benches. A
   * team file still at its location is not fetched here (`source` first does that).
   */
  localFile(ref: string): string | null {
    const found = this.keyOf(ref)
    return found ? this.files.localFile(found.key) : null
  }

  /**
   * Resolves once `id`'s thumbnail can be answered from memory, or at once when none is being made; waits
   * at most `limitMs`. A streamed image is announced then, so the page's request for it is answered at
   * once instead of waiting on the encode behind the announcement. Never rejects.
   */
  thumbnailReady(id: string, limitMs = 250): Promise<void> {
    return this.thumbnails.ready(id, limitMs)
  }

  /**
   * What the shells send for `ref`: a thumbnail just encoded, from memory (the page waits for the encode,
   * not for the object's fsync and rename), else `mediaSource`'s object. Only for a row the database knows.
   */
  async serveMedia(ref: string): Promise<ServedMedia | null> {
    const id = MEDIA_REF.exec(ref)?.[2] ? ref.slice(0, 32) : null
    const webp = id ? await this.thumbnails.inMemory(id) : null
    const row = id ? this.table.get(id) : null
    if (webp && row) return { bytes: webp, mime: 'image/webp' }
    // A thumbnail kept as a file here is read at once, whole (`readNow`); anything else is streamed.
    const bytes = row?.thumbPath ? this.files.readNow?.(row.thumbPath, THUMBNAIL_READ_LIMIT) : null
    if (bytes) return { bytes, mime: 'image/webp' }
    return this.mediaSource(ref)
  }

  /**
   * `source`, except that a thumbnail still being made is waited for, and one that is missing from its
   * row (the app stopped before it was made) is made now, from the media's bytes.
   */
  async mediaSource(ref: string): Promise<MediaSource | null> {
    const m = MEDIA_REF.exec(ref)
    return m?.[1] && m[2] ? this.thumbnails.source(m[1]) : this.source(ref)
  }

  /** Resolves once no thumbnail is being made (tests, benches, and before the database closes). */
  idle(): Promise<void> {
    return this.thumbnails.idle()
  }

  /**
   * Deletes a media row, then its objects. Refuses (`in_use`) while a result still points at it: the same
   * bytes may belong to several jobs. A crash between the two leaves unreferenced objects, never a row
   * pointing at nothing.
   */
  async remove(id: string): Promise<RemoveOutcome> {
    const outcome = this.table.removeUnused(id)
    if (typeof outcome === 'string') return outcome
    this.thumbnails.drop(id)
    // A store of the same bytes under way reuses the same keys: leave the objects to it.
    if (!this.inflight.has(outcome.sha256)) {
      const keys = [outcome.path, outcome.thumbPath].filter((key): key is string => key !== null)
      await Promise.all(keys.map((key) => this.forget(key)))
    }
    return 'removed'
  }

  /** Removes an object no row names any more; a failure costs only disk space, and is said. */
  private async forget(key: string): Promise<void> {
    try {
      await this.files.remove(key)
    } catch (error) {
      this.options.onError?.('a library file could not be removed', error)
    }
  }

  private async place(
    incoming: Incoming,
    intake: 'now' | 'bulk' = 'now',
    handOver = false
  ): Promise<MediaRecord> {
    const existing = this.table.bySha(incoming.sha256)
    if (existing && (await this.files.stat(existing.path))) {
      await incoming.download?.discard()
      return existing
    }
    const running = this.inflight.get(incoming.sha256)
    if (running) {
      await incoming.download?.discard()
      return running
    }
    const result = intake === 'now'
    if (result) this.resultsUnderWay += 1
    const work = this.write(incoming, intake, handOver).finally(() => {
      this.inflight.delete(incoming.sha256)
      if (result) this.resultsUnderWay -= 1
      this.work.poke()
    })
    this.inflight.set(incoming.sha256, work)
    return work
  }

  private async write(incoming: Incoming, intake: 'now' | 'bulk', handOver: boolean): Promise<MediaRecord> {
    const relDir = monthOf(incoming.createdAt)
    const key = `${relDir}/${incoming.sha256}.${incoming.ext}`
    const { info, thumbnail } = await inspect(incoming, this.work)
    // From bytes in memory the thumbnail is queued now, and made from them once the stores are done. One
    // already there (the same bytes kept before) is not looked for first: that check cost each streamed
    // image a thread-pool round trip and a thrown ENOENT on the main thread, for a file a crash left.
    const data = incoming.data
    const early =
      data && intake === 'now'
        ? this.thumbnails.begin(`${relDir}/${incoming.sha256}_thumb.webp`, () => thumbnail(data))
        : null
    try {
      if (incoming.download) await incoming.download.commit(key)
      // Bytes handed over with no thumbnail to make from them go to the store without a copy.
      else if (data) await this.files.put(key, data, undefined, { handOver: handOver && early === null })
    } catch (error) {
      if (early) this.thumbnails.abandon(early, incoming.sha256)
      throw error
    }
    this.options.probe?.('library.renamed')

    const ours: MediaRecord = {
      id: newMediaId(),
      sha256: incoming.sha256,
      mime: incoming.mime,
      path: key,
      bytes: incoming.bytes,
      width: info.width,
      height: info.height,
      durationMs: info.durationMs,
      thumbPath: null,
      createdAt: incoming.createdAt
    }
    const { kept, cameHere } = await this.commits.run(() => {
      // A row of these bytes whose object was lost (`place` found it without one; a store of the same bytes
      // in this process waits for this one) is repaired to name the object just written.
      return this.table.keep(ours)
    })
    // A team image's file that came another way (imported, made again): told as a fetched one is.
    if (cameHere) this.options.onFileHere?.(kept.id)
    // Left for later, its thumbnail is made the first time it is asked for (`mediaSource`).
    if (intake === 'now') this.thumbnails.adopt(kept, early, thumbnail)
    return kept
  }
}
