import type { CrashProbe } from '../crashPoints'
import type { Clock } from '../time/clock'
import { writeTransaction, type Db } from '../db/connection'
import { GroupCommit } from '../db/groupCommit'
import { writeThumbnail, type ThumbWrite } from './thumbWrite'
import { downloadMedia } from './download'
import { ImageWork } from './imageWork'
import { base64Bytes, incomingBytes, inspect, type Incoming } from './intake'
import type { MediaStore } from './mediaStore'
import { monthOf } from './names'
import {
  newMediaId,
  type MediaRecord,
  type MediaSource,
  type RemoveOutcome,
  type ServedMedia,
  type StoreDownloadOptions,
  type StoreOptions
} from './records'
import { familyOf, type MediaMime } from './sniff'
import { PacedCommits } from './pacedCommits'
import { RecentThumbnails } from './recentThumbnails'
import { makeImageThumbnail, videoPlaceholder } from './thumbnails'
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
}

/** `media` columns under the names of `MediaRecord`. */
const COLUMNS =
  'id, sha256, mime, path, bytes, width, height, duration_ms AS durationMs, thumb_path AS thumbPath, created_at AS createdAt'

const MEDIA_REF = /^([0-9a-f]{32})(_thumb)?$/

/**
 * The media library (ARCHITECTURE §3): result files under `<root>/<yyyy>/<mm>/<sha256>.<ext>`, named by
 * content so the same bytes are written once, with a WebP thumbnail beside them, and a `media` row that
 * is committed only after the file's rename (P28). Files are reached by media id only.
 *
 * A store answers once the file and its row are durable (the result counts): the bytes sniffed and checked
 * whole (`wholeness.ts`), written, fsynced and renamed, the directory fsynced (one fsync for the renames
 * that land together) and the row committed (rows that land close together share one commit,
 * `PacedCommits`). The thumbnail of bytes in memory (a streamed image) starts at intake, beside those
 * writes, in `ImageWork`'s later lane so it never holds them up; it is written the same atomic way and
 * named by the row only once durable: in the row's own insert when it was ready by then (no second
 * commit), else set on the row afterwards, so a row never names a missing thumbnail. A download's
 * thumbnail is decoded from the placed file. `resolveMedia('<id>_thumb')` serves a thumbnail as soon as its
 * file is durable, waits for one being made, and makes one a row was left without (a crash) on request.
 */
export class Library {
  private readonly now: () => number
  private readonly inflight = new Map<string, Promise<MediaRecord>>()
  /** Thumbnails being made, by media id: `file` answers its relative path once readable (or null). */
  private readonly thumbJobs = new Map<
    string,
    { file: Promise<string | null>; webp: Promise<Buffer | null>; done: Promise<void> }
  >()
  /** Thumbnails just encoded, by media id, served from memory before (and after) their file is whole. */
  private readonly recent = new RecentThumbnails()
  /** Thumbnails started at intake, not yet handed to a row (or cleaned up after a failed store). */
  private readonly earlyThumbs = new Set<Promise<unknown>>()
  /** Thumbnails wait while several stores are under way (a burst): see `ImageWork`. */
  private readonly work = new ImageWork(undefined, () => this.inflight.size <= 1)
  private readonly commits: PacedCommits
  private readonly stmt

  constructor(
    private readonly db: Db,
    /** Where the bytes are (the disk, in the app; the port lets it be anything that passes its suite). */
    private readonly files: MediaStore,
    private readonly options: LibraryOptions
  ) {
    this.now = () => options.clock.now()
    this.commits = new PacedCommits(new GroupCommit(db), () => options.clock.monotonic())
    this.stmt = {
      byId: db.prepare<[string], MediaRecord>(`SELECT ${COLUMNS} FROM media WHERE id = ?`),
      bySha: db.prepare<[string], MediaRecord>(`SELECT ${COLUMNS} FROM media WHERE sha256 = ?`),
      insert: db.prepare<[MediaRecord]>(
        `INSERT INTO media (id, sha256, mime, path, bytes, width, height, duration_ms, thumb_path, created_at)
         VALUES (@id, @sha256, @mime, @path, @bytes, @width, @height, @durationMs, @thumbPath, @createdAt)`
      ),
      repair: db.prepare<[{ id: string; path: string; thumbPath: string | null }]>(
        'UPDATE media SET path = @path, thumb_path = @thumbPath WHERE id = @id'
      ),
      setThumb: db.prepare<[{ id: string; thumbPath: string }]>(
        'UPDATE media SET thumb_path = @thumbPath WHERE id = @id AND thumb_path IS NULL'
      ),
      used: db.prepare<[string], { n: number }>('SELECT 1 AS n FROM results WHERE media_id = ? LIMIT 1'),
      remove: db.prepare<[string]>('DELETE FROM media WHERE id = ?')
    }
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
    return this.place(incomingBytes(bytes, options, this.now()))
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
    return this.stmt.byId.get(id) ?? null
  }

  findBySha256(sha256: string): MediaRecord | null {
    return this.stmt.bySha.get(sha256) ?? null
  }

  /** `<id>` → the media's object, `<id>_thumb` → its thumbnail's; null for anything else or unknown. */
  private keyOf(ref: string): { key: string; mime: MediaMime | 'image/webp' } | null {
    const m = MEDIA_REF.exec(ref)
    if (!m?.[1]) return null
    const row = this.stmt.byId.get(m[1])
    if (!row) return null
    const key = m[2] ? row.thumbPath : row.path
    return key ? { key, mime: m[2] ? 'image/webp' : row.mime } : null
  }

  /**
   * `ref`'s bytes as the shells and the export send them (a stream, whole or by range), or null for an
   * unknown ref or an object the store no longer has.
   */
  async source(ref: string): Promise<MediaSource | null> {
    const found = this.keyOf(ref)
    const info = found ? await this.files.stat(found.key) : null
    if (!found || !info) return null
    return { mime: found.mime, size: info.size, open: (range) => this.files.open(found.key, range) }
  }

  /** The stored bytes of `ref` (an edit's input, a reference image, a chat attachment), or null. */
  async read(ref: string): Promise<{ bytes: Buffer; mime: string } | null> {
    const found = this.keyOf(ref)
    const bytes = found ? await this.files.read(found.key) : null
    return found && bytes ? { bytes, mime: found.mime } : null
  }

  /** Where the store keeps `ref` as a file on this machine, if it does (the disk): tests and benches. */
  localFile(ref: string): string | null {
    const found = this.keyOf(ref)
    return found ? this.files.localFile(found.key) : null
  }

  /**
   * Resolves once `id`'s thumbnail can be answered from memory, or at once when none is being made; waits
   * at most `limitMs`. A streamed image is announced then, so the page's request for it is answered at
   * once instead of waiting on the encode behind the announcement (issue 17). Never rejects.
   */
  async thumbnailReady(id: string, limitMs = 250): Promise<void> {
    const webp = this.thumbJobs.get(id)?.webp
    if (!webp) return
    let timer: NodeJS.Timeout | undefined
    const limit = new Promise<void>((resolveLimit) => (timer = setTimeout(resolveLimit, limitMs)))
    // `webp` never rejects: a failed encode answers null.
    await Promise.race([webp, limit])
    clearTimeout(timer)
  }

  /**
   * What the shells send for `ref`: a thumbnail just encoded, from memory (the page waits for the encode,
   * not for the file's fsync and rename), else `mediaSource`'s object. Only for a row the database knows.
   */
  async serveMedia(ref: string): Promise<ServedMedia | null> {
    const id = MEDIA_REF.exec(ref)?.[2] ? ref.slice(0, 32) : null
    const webp = id ? (this.recent.get(id) ?? (await this.thumbJobs.get(id)?.webp)) : null
    if (id && webp && this.stmt.byId.get(id)) return { bytes: webp, mime: 'image/webp' }
    return this.mediaSource(ref)
  }

  /**
   * `source`, except that a thumbnail still being made is waited for, and one that is missing from its
   * row (the app stopped before it was made) is made now, from the media's bytes.
   */
  async mediaSource(ref: string): Promise<MediaSource | null> {
    const m = MEDIA_REF.exec(ref)
    const id = m?.[1]
    if (!id || !m[2]) return this.source(ref)
    const job = this.thumbJobs.get(id)
    // Whole under its key is enough to show it: the row learns its key once it is durable, a commit later.
    const early = job ? await job.file : null
    if (early && this.stmt.byId.get(id)) {
      const info = await this.files.stat(early)
      if (info) return { mime: 'image/webp', size: info.size, open: (range) => this.files.open(early, range) }
    }
    await job?.done
    const found = await this.source(ref)
    if (found) return found
    const row = this.stmt.byId.get(id)
    if (!row || row.thumbPath !== null || !(await this.files.stat(row.path))) return null
    const thumbnail =
      familyOf(row.mime) === 'image'
        ? (): Promise<Buffer> =>
            this.work.run('now', async () => (await makeImageThumbnail(await this.bytesOf(row.path))).webp)
        : videoPlaceholder
    // The app may have stopped after the thumbnail's file was made but before its row learnt of it.
    await this.makeThumbnail(row, (thumbKey) => this.writeThumb(thumbKey, thumbnail, true))
    return this.source(ref)
  }

  /** Resolves once no thumbnail is being made (tests, benches, and before the database closes). */
  async idle(): Promise<void> {
    while (this.thumbJobs.size > 0 || this.earlyThumbs.size > 0 || this.work.size > 0) {
      await Promise.all([...this.thumbJobs.values()].map((job) => job.done))
      await Promise.all(this.earlyThumbs)
      await this.work.idle()
    }
  }

  /**
   * Deletes a media row, then its objects. Refuses (`in_use`) while a result still points at it: the same
   * bytes may belong to several jobs. A crash between the two leaves unreferenced objects, never a row
   * pointing at nothing.
   */
  async remove(id: string): Promise<RemoveOutcome> {
    const outcome = writeTransaction(this.db, (): MediaRecord | 'not_found' | 'in_use' => {
      const row = this.stmt.byId.get(id)
      if (!row) return 'not_found'
      if (this.stmt.used.get(id)) return 'in_use'
      this.stmt.remove.run(id)
      return row
    })
    if (typeof outcome === 'string') return outcome
    this.recent.delete(id)
    // A store of the same bytes under way reuses the same keys: leave the objects to it.
    if (!this.inflight.has(outcome.sha256)) {
      const keys = [outcome.path, outcome.thumbPath].filter((key): key is string => key !== null)
      await Promise.all(keys.map((key) => this.forget(key)))
    }
    return 'removed'
  }

  /** The object's file where the store keeps one (read in place), else its bytes. */
  private async bytesOf(key: string): Promise<string | Buffer> {
    const local = this.files.localFile(key)
    if (local) return local
    const bytes = await this.files.read(key)
    if (!bytes) throw new Error(`the library has no object ${key}`)
    return bytes
  }

  /** Removes an object no row names any more; a failure costs only disk space, and is said. */
  private async forget(key: string): Promise<void> {
    try {
      await this.files.remove(key)
    } catch (error) {
      this.options.onError?.('a library file could not be removed', error)
    }
  }

  private writeThumb(key: string, thumbnail: () => Promise<Buffer>, reuseExisting = false): ThumbWrite {
    return writeThumbnail(
      {
        put: (webp, onVisible) => this.files.put(key, webp, onVisible),
        exists: async () => (await this.files.stat(key)) !== null
      },
      this.options.onError,
      thumbnail,
      reuseExisting
    )
  }

  private async place(incoming: Incoming): Promise<MediaRecord> {
    const existing = this.stmt.bySha.get(incoming.sha256)
    if (existing && (await this.files.stat(existing.path))) {
      await incoming.download?.discard()
      return existing
    }
    const running = this.inflight.get(incoming.sha256)
    if (running) {
      await incoming.download?.discard()
      return running
    }
    const work = this.write(incoming).finally(() => {
      this.inflight.delete(incoming.sha256)
      this.work.poke()
    })
    this.inflight.set(incoming.sha256, work)
    return work
  }

  private async write(incoming: Incoming): Promise<MediaRecord> {
    const relDir = monthOf(incoming.createdAt)
    const key = `${relDir}/${incoming.sha256}.${incoming.ext}`
    const thumbKey = `${relDir}/${incoming.sha256}_thumb.webp`
    const { info, thumbnail } = await inspect(incoming, this.work)
    // From bytes in memory the thumbnail is made now, beside the file's writes and fsyncs (which the count
    // waits for, not the thumbnail), so it is usually there when the result is announced. One already
    // there (the same bytes kept before) is not looked for first: that check cost each streamed image a
    // thread-pool round trip and a thrown ENOENT on the main thread, for a file a crash left.
    let thumbReady = false
    const data = incoming.data
    const early = data ? this.writeThumb(thumbKey, () => thumbnail(data)) : null
    if (early) this.trackEarly(early.durable.then((ok) => (thumbReady = ok)))
    try {
      if (incoming.download) await incoming.download.commit(key)
      else if (data) await this.files.put(key, data)
    } catch (error) {
      // No row will name it (unless one of the same bytes already does).
      if (early) {
        this.trackEarly(
          early.durable.then(() => {
            if (!this.stmt.bySha.get(incoming.sha256)) return this.forget(thumbKey)
          })
        )
      }
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
    const kept = await this.commits.run(() => {
      // As the commit starts: an early thumbnail durable by now goes into the row's own insert.
      if (thumbReady) ours.thumbPath = thumbKey
      const row = this.stmt.bySha.get(ours.sha256)
      if (!row) {
        this.stmt.insert.run(ours)
        return ours
      }
      // A row of these bytes whose object was lost (`place` found it without one; a store of the same bytes
      // in this process waits for this one): it is repaired to name the object just written.
      const repaired = { ...row, path: ours.path, thumbPath: ours.thumbPath }
      this.stmt.repair.run({ id: row.id, path: repaired.path, thumbPath: repaired.thumbPath })
      return repaired
    })
    if (early) void this.remember(kept.id, early.encoded)
    if (kept.thumbPath === null)
      void this.makeThumbnail(
        kept,
        (thumb) => early ?? this.writeThumb(thumb, async () => thumbnail(await this.bytesOf(kept.path)))
      )
    return kept
  }

  /** Keeps a thumbnail's bytes in memory once encoded (see `serveMedia`); answers them. */
  private remember(id: string, encoded: Promise<Buffer | null>): Promise<Buffer | null> {
    return encoded.then((webp) => {
      if (webp) this.recent.set(id, webp)
      return webp
    })
  }

  private trackEarly(work: Promise<unknown>): void {
    const tracked = work.catch(() => undefined).finally(() => this.earlyThumbs.delete(tracked))
    this.earlyThumbs.add(tracked)
  }

  /**
   * Records the thumbnail of a kept row once `write` has made its object durable; one job per media id. The
   * row learns the thumbnail's key only then; a row removed meanwhile leaves nothing.
   */
  private makeThumbnail(record: MediaRecord, write: (thumbKey: string) => ThumbWrite): Promise<void> {
    const running = this.thumbJobs.get(record.id)
    if (running) return running.done
    const relDir = record.path.slice(0, record.path.lastIndexOf('/'))
    const thumbPath = `${relDir}/${record.sha256}_thumb.webp`
    const writing = write(thumbPath)
    const file = writing.readable.then((ok) => (ok ? thumbPath : null))
    const done = (async (): Promise<void> => {
      if (!(await writing.durable)) return
      const set = await this.commits.lazy(() => this.stmt.setThumb.run({ id: record.id, thumbPath }).changes)
      if (set === 0 && !this.stmt.bySha.get(record.sha256) && !this.inflight.has(record.sha256))
        await this.forget(thumbPath)
    })()
      .catch((error: unknown) => this.options.onError?.('a thumbnail could not be recorded', error))
      .finally(() => this.thumbJobs.delete(record.id))
    const webp = this.remember(record.id, writing.encoded)
    this.thumbJobs.set(record.id, { file, webp, done })
    return done
  }
}
