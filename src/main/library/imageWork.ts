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
 * `now` work (what makes a result durable: the decode that proves it is an image) always goes before
 * `later` work (encoding thumbnails).
 */
export class ImageWork {
  private readonly queues: Record<ImagePriority, Job[]> = { now: [], later: [] }
  private running = 0
  private readonly idleWaiters: (() => void)[] = []

  constructor(readonly concurrency = Math.max(1, Math.min(3, availableParallelism()))) {}

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
      const job = this.queues.now.shift() ?? this.queues.later.shift()
      if (!job) break
      this.running += 1
      void job.run().finally(() => {
        this.running -= 1
        this.pump()
        if (this.size === 0) for (const wake of this.idleWaiters.splice(0)) wake()
      })
    }
  }
}
