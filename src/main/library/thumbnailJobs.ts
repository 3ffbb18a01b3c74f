import type { ImageWork } from './imageWork'
import type { MediaStore } from './mediaStore'
import type { MediaTable } from './mediaTable'
import type { PacedCommits } from './pacedCommits'
import { objectSource, type MediaRecord, type MediaSource } from './records'
import { RecentThumbnails } from './recentThumbnails'
import { familyOf } from './sniff'
import { makeImageThumbnail, videoPlaceholder } from './thumbnails'
import { writeThumbnail, type ThumbWrite } from './thumbWrite'

export interface ThumbnailJobsDeps {
  files: MediaStore
  table: MediaTable
  /** The encode queue the library's intake shares (thumbnails yield to a burst of stores). */
  work: ImageWork
  commits: PacedCommits
  /** True while a store of these bytes is under way: it will name the thumbnail itself. */
  storing: (sha256: string) => boolean
  /** Removes an object no row names (a failure costs only disk space, and is said). */
  forget: (key: string) => Promise<void>
  onError?: (message: string, error: unknown) => void
}

/** A thumbnail queued at intake from the bytes in memory (see `Library.write`). */
export interface EarlyThumbnail {
  readonly key: string
  readonly write: ThumbWrite
}

/**
 * The library's thumbnails: made in `ImageWork`, written atomically beside their media (P28), named by the
 * media row only once durable (a row never names a missing thumbnail), and kept in memory a while once
 * encoded so a page asking for one right after its result is announced waits only for the encode. One job
 * per media id; one the app stopped before making is made on request.
 */
export class ThumbnailJobs {
  /** Thumbnails being made, by media id: `file` answers its key once readable (or null). */
  private readonly jobs = new Map<
    string,
    { file: Promise<string | null>; webp: Promise<Buffer | null>; done: Promise<void> }
  >()
  /** Thumbnails just encoded, by media id, served from memory before (and after) their object is whole. */
  private readonly recent = new RecentThumbnails()
  /** Thumbnails started at intake, not yet handed to a row (or cleaned up after a failed store). */
  private readonly early = new Set<Promise<unknown>>()

  constructor(private readonly deps: ThumbnailJobsDeps) {}

  /**
   * Queues the thumbnail `key` of bytes in memory; `ImageWork` starts it once no result is on its way to
   * counting, so the media's row (committed before that) is given it by a later commit.
   */
  begin(key: string, thumbnail: () => Promise<Buffer>): EarlyThumbnail {
    const early: EarlyThumbnail = { key, write: this.write(key, thumbnail) }
    this.track(early.write.durable)
    return early
  }

  /** The media's store failed: no row will name `early` (unless one of the same bytes already does). */
  abandon(early: EarlyThumbnail, sha256: string): void {
    this.track(
      early.write.durable.then(() => {
        if (!this.deps.table.bySha(sha256)) return this.deps.forget(early.key)
      })
    )
  }

  /**
   * `kept`'s row is durable: its early thumbnail is kept in memory once encoded, and a row committed
   * without a thumbnail gets one (the early one once durable, else one made from the stored media).
   */
  adopt(
    kept: MediaRecord,
    early: EarlyThumbnail | null,
    thumbnail: (media: string | Buffer) => Promise<Buffer>
  ): void {
    if (early) void this.remember(kept.id, early.write.encoded)
    if (kept.thumbPath !== null) return
    void this.make(
      kept,
      (key) => early?.write ?? this.write(key, async () => thumbnail(await this.bytesOf(kept.path)))
    )
  }

  /**
   * Resolves once `id`'s thumbnail can be answered from memory, or at once when none is being made; waits
   * at most `limitMs`. Never rejects.
   */
  async ready(id: string, limitMs: number): Promise<void> {
    const webp = this.jobs.get(id)?.webp
    if (!webp) return
    let timer: NodeJS.Timeout | undefined
    const limit = new Promise<void>((resolveLimit) => (timer = setTimeout(resolveLimit, limitMs)))
    // `webp` never rejects: a failed encode answers null.
    await Promise.race([webp, limit])
    clearTimeout(timer)
  }

  /** `id`'s thumbnail from memory: just encoded, or being encoded now (waited for); else null. */
  async inMemory(id: string): Promise<Buffer | null> {
    return this.recent.get(id) ?? (await this.jobs.get(id)?.webp) ?? null
  }

  /**
   * `id`'s thumbnail as an object: one still being made is waited for, and one missing from its row (the
   * app stopped before it was made) is made now, from the media's bytes. Null for an unknown id.
   */
  async source(id: string): Promise<MediaSource | null> {
    const job = this.jobs.get(id)
    // Whole under its key is enough to show it: the row learns its key once it is durable, a commit later.
    const early = job ? await job.file : null
    if (early && this.deps.table.get(id)) {
      const found = await objectSource(this.deps.files, early, 'image/webp')
      if (found) return found
    }
    await job?.done
    const named = await this.named(id)
    if (named) return named
    const row = this.deps.table.get(id)
    if (!row || row.thumbPath !== null || !(await this.deps.files.stat(row.path))) return null
    const thumbnail =
      familyOf(row.mime) === 'image'
        ? (): Promise<Buffer> =>
            this.deps.work.run(
              'now',
              async () => (await makeImageThumbnail(await this.bytesOf(row.path))).webp
            )
        : videoPlaceholder
    // The app may have stopped after the thumbnail's object was made but before its row learnt of it.
    await this.make(row, (key) => this.write(key, thumbnail, true))
    return this.named(id)
  }

  /** `id` was removed: its thumbnail is not served from memory any more. */
  drop(id: string): void {
    this.recent.delete(id)
  }

  /** Resolves once no thumbnail is being made. */
  async idle(): Promise<void> {
    while (this.jobs.size > 0 || this.early.size > 0 || this.deps.work.size > 0) {
      await Promise.all([...this.jobs.values()].map((job) => job.done))
      await Promise.all(this.early)
      await this.deps.work.idle()
    }
  }

  /** The thumbnail `id`'s row names, if the store has it. */
  private async named(id: string): Promise<MediaSource | null> {
    const key = this.deps.table.get(id)?.thumbPath
    return key ? objectSource(this.deps.files, key, 'image/webp') : null
  }

  /** The object's file where the store keeps one (read in place), else its bytes. */
  private async bytesOf(key: string): Promise<string | Buffer> {
    const local = this.deps.files.localFile(key)
    if (local) return local
    const bytes = await this.deps.files.read(key)
    if (!bytes) throw new Error(`the library has no object ${key}`)
    return bytes
  }

  private write(key: string, thumbnail: () => Promise<Buffer>, reuseExisting = false): ThumbWrite {
    const { files } = this.deps
    return writeThumbnail(
      {
        put: (webp, onVisible) => files.put(key, webp, onVisible),
        exists: async () => (await files.stat(key)) !== null
      },
      this.deps.onError,
      thumbnail,
      reuseExisting
    )
  }

  /** Keeps a thumbnail's bytes in memory once encoded; answers them. */
  private remember(id: string, encoded: Promise<Buffer | null>): Promise<Buffer | null> {
    return encoded.then((webp) => {
      if (webp) this.recent.set(id, webp)
      return webp
    })
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch(() => undefined).finally(() => this.early.delete(tracked))
    this.early.add(tracked)
  }

  /**
   * Records `record`'s thumbnail once `write` has made its object durable; one job per media id. The row
   * learns the thumbnail's key only then; a row removed meanwhile leaves nothing.
   */
  private make(record: MediaRecord, write: (key: string) => ThumbWrite): Promise<void> {
    const running = this.jobs.get(record.id)
    if (running) return running.done
    const { table, commits } = this.deps
    const relDir = record.path.slice(0, record.path.lastIndexOf('/'))
    const key = `${relDir}/${record.sha256}_thumb.webp`
    const writing = write(key)
    const file = writing.readable.then((ok) => (ok ? key : null))
    const done = (async (): Promise<void> => {
      if (!(await writing.durable)) return
      const set = await commits.lazy(() => table.setThumb(record.id, key))
      if (!set && !table.bySha(record.sha256) && !this.deps.storing(record.sha256))
        await this.deps.forget(key)
    })()
      .catch((error: unknown) => this.deps.onError?.('a thumbnail could not be recorded', error))
      .finally(() => this.jobs.delete(record.id))
    const webp = this.remember(record.id, writing.encoded)
    this.jobs.set(record.id, { file, webp, done })
    return done
  }
}
