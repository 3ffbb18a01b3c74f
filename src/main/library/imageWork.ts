import { availableParallelism } from 'node:os'

export type ImagePriority = 'now' | 'later'

interface Job {
  run: () => Promise<void>
}

/**
 * Where the library's image work (sharp: decoding, thumbnails) waits its turn. sharp runs on libuv's thread
 * pool (4 threads by default), which the file writes and fsyncs of RELIABILITY P28 also need: with ten
 * images decoding at once, a result's fsync would queue behind other images' thumbnails. So at most
 * `concurrency` image jobs (the cores, at most 3, leaving a pool thread to the files) run at once, and
 * `now` work (a thumbnail someone is waiting for) always goes before `later` work (thumbnails made as
 * results arrive). `later` work takes at most `concurrency - 1` of them (one on 2 cores): each job is one
 * libvips thread (sharp's concurrency here), and a streamed group's ten thumbnails decoding on both cores
 * starved the main thread that reads the stream and commits the results (a group took 108 ms instead of 40).
 * And `later` work starts only while `mayStartLater` says so: the library holds it back while any result
 * is on its way to counting (a streamed burst), so thumbnails follow the burst instead of taking a core
 * from the stream. `poke` when that changes.
 */
export class ImageWork {
  private readonly queues: Record<ImagePriority, Job[]> = { now: [], later: [] }
  private running = 0
  private runningLater = 0
  private readonly idleWaiters: (() => void)[] = []

  private readonly laterConcurrency: number

  constructor(
    readonly concurrency = Math.max(1, Math.min(3, availableParallelism())),
    private readonly mayStartLater: () => boolean = () => true
  ) {
    this.laterConcurrency = Math.max(1, concurrency - 1)
  }

  /** Starts what may start now (after `mayStartLater` changed its mind). */
  poke(): void {
    this.pump()
  }

  run<T>(priority: ImagePriority, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queues[priority].push({
        run: () => work().then(resolve, reject)
      })
      this.pump()
    })
  }

  /** Jobs queued or running. */
  get size(): number {
    return this.running + this.queues.now.length + this.queues.later.length
  }

  /** Resolves once nothing is queued or running (tests, benches, shutdown). */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  private pump(): void {
    while (this.running < this.concurrency) {
      const later = this.queues.now.length === 0
      if (later && (this.runningLater >= this.laterConcurrency || !this.mayStartLater())) break
      const job = later ? this.queues.later.shift() : this.queues.now.shift()
      if (!job) break
      this.running += 1
      if (later) this.runningLater += 1
      void job.run().finally(() => {
        this.running -= 1
        if (later) this.runningLater -= 1
        this.pump()
        if (this.size === 0) for (const wake of this.idleWaiters.splice(0)) wake()
      })
    }
  }
}
