import { writeTransaction, type Db } from './connection'

interface Pending {
  work: () => unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Group commit: writes asked for in the same turn of the event loop share one transaction, so one WAL fsync
 * (`synchronous=FULL`, RELIABILITY P27) makes all of them durable instead of one fsync each on the main
 * thread. Each write runs in its own savepoint (a failing one rolls back alone), and each caller is answered
 * only after the commit that holds its write: nothing is acknowledged before it is on disk.
 */
export class GroupCommit {
  private queue: Pending[] = []
  private scheduled = false

  constructor(private readonly db: Db) {}

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  private flush(): void {
    this.scheduled = false
    const batch = this.queue
    this.queue = []
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = []
    try {
      writeTransaction(this.db, () => {
        for (const item of batch) {
          try {
            // A nested transaction is a savepoint: this write alone is undone if it throws.
            outcomes.push({ ok: true, value: this.db.transaction(item.work)() })
          } catch (error) {
            outcomes.push({ ok: false, error })
          }
        }
      })
    } catch (error) {
      // The commit itself failed: none of the batch is durable.
      for (const item of batch) item.reject(error)
      return
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]
      if (outcome?.ok) item.resolve(outcome.value)
      else item.reject(outcome?.error)
    })
  }
}
