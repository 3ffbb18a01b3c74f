import type { GroupCommit } from '../db/groupCommit'

/** A commit that took longer than this (a disk hiccup) does not make the next rows wait longer. */
const MAX_GAP_MS = 8
/** How long a `lazy` write may wait for a commit to share (nobody waits on it: see `lazy`). */
const LAZY_MS = 50

/**
 * The library's rows go to the database through this. Each commit is a WAL fsync (`synchronous=FULL`,
 * RELIABILITY P27) on the main thread, 2–3 ms here, during which the stream that brings the next images
 * is not read: ten images of a streamed group land a few milliseconds apart, so `GroupCommit` alone (rows
 * of one turn share a commit) still made ten or more commits per group, most of the main thread's time.
 *
 * So after a commit, the rows that become ready within as long again wait and share the next commit: while
 * nothing is committing a row is committed at once (no added latency when quiet); under a burst at most
 * about half the main thread goes to commits, and a row waits at most one commit's time longer. Each
 * caller is still answered only after the commit that holds its row (P28: a result counts once its file
 * and row are durable, never before).
 *
 * `lazy` writes (a thumbnail's path set on its row, once its file is durable and already served from it)
 * ride along with the next commit, or go alone after `LAZY_MS`: a group's ten thumbnails, finished one
 * after the other, no longer cost ten more fsyncs on the main thread.
 */
export class PacedCommits {
  /** Monotonic ms before which a new commit waits. */
  private nextAt = 0
  private waiting: (() => void)[] = []
  private timer: ReturnType<typeof setTimeout> | null = null
  private lazyWaiting: (() => void)[] = []
  private lazyTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly commits: GroupCommit,
    /** The backend's one clock's monotonic ms (`Clock.monotonic`): pacing is about time passing. */
    private readonly monotonic: () => number
  ) {}

  run<T>(work: () => T): Promise<T> {
    if (this.timer === null && this.monotonic() >= this.nextAt) return this.commit(work)
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => void this.commit(work).then(resolve, reject))
      this.timer ??= setTimeout(() => this.release(), Math.max(0, this.nextAt - this.monotonic()))
    })
  }

  /** A write that may wait for the next commit (at most `LAZY_MS`); answered after the commit holding it. */
  lazy<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.lazyWaiting.push(() => void this.commit(work, false).then(resolve, reject))
      this.lazyTimer ??= setTimeout(() => this.releaseLazy(), LAZY_MS)
    })
  }

  private release(): void {
    this.timer = null
    // All in this turn: `GroupCommit` puts them in one transaction.
    for (const start of this.waiting.splice(0)) start()
  }

  private releaseLazy(): void {
    if (this.lazyTimer !== null) clearTimeout(this.lazyTimer)
    this.lazyTimer = null
    for (const start of this.lazyWaiting.splice(0)) start()
  }

  private commit<T>(work: () => T, takeLazy = true): Promise<T> {
    // Same turn, same transaction.
    if (takeLazy && this.lazyWaiting.length > 0) this.releaseLazy()
    let began = 0
    const done = this.commits.run(() => {
      began ||= this.monotonic()
      return work()
    })
    const paced = (): void => {
      const end = this.monotonic()
      if (began > 0) this.nextAt = Math.max(this.nextAt, end + Math.min(MAX_GAP_MS, end - began))
    }
    done.then(paced, paced)
    return done
  }
}
