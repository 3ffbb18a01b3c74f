import type { Db } from '../db/connection'

/** The whole queue's pause (migration 012's one-row `queue_control`), its one writer. */
export class QueueControl {
  constructor(
    private readonly db: Db,
    private readonly now: () => number
  ) {}

  /** When the queue was paused, or null while it sends. */
  pausedAt(): number | null {
    const row = this.db.prepare('SELECT paused_at FROM queue_control WHERE id = 1').get() as
      { paused_at: number | null } | undefined
    return row?.paused_at ?? null
  }

  setPaused(paused: boolean): number | null {
    const at = paused ? this.now() : null
    this.db.prepare('UPDATE queue_control SET paused_at = ? WHERE id = 1').run(at)
    return at
  }
}
