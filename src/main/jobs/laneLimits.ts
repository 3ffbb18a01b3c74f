import type { Db } from '../db/connection'
import { LaneLimits } from '../../shared/schemas/lanes'
import { laneKey as keyOf } from './lanes'

interface LaneLimitRow {
  profile_id: string
  endpoint: string
  concurrency: number
  per_minute: number | null
}

/**
 * The user's limits per lane (migration 013's `lane_limits`), its one writer. Read at every send decision,
 * so they are held in memory and written through.
 */
export class LaneLimitStore {
  private readonly custom = new Map<string, LaneLimits>()

  constructor(
    private readonly db: Db,
    private readonly now: () => number
  ) {
    const rows = db
      .prepare('SELECT profile_id, endpoint, concurrency, per_minute FROM lane_limits')
      .all() as LaneLimitRow[]
    for (const row of rows) {
      // A row a newer version wrote with limits this one does not accept is left to the defaults.
      const limits = LaneLimits.safeParse({ concurrency: row.concurrency, perMinute: row.per_minute })
      if (limits.success) this.custom.set(keyOf(row.profile_id, row.endpoint), limits.data)
    }
  }

  /** The user's limits for the lane, or null while it follows the defaults. */
  get(profileId: string, endpoint: string): LaneLimits | null {
    return this.custom.get(keyOf(profileId, endpoint)) ?? null
  }

  /** Sets the lane's limits; null puts it back on the defaults. */
  set(profileId: string, endpoint: string, limits: LaneLimits | null): void {
    if (limits === null) {
      this.db
        .prepare('DELETE FROM lane_limits WHERE profile_id = ? AND endpoint = ?')
        .run(profileId, endpoint)
      this.custom.delete(keyOf(profileId, endpoint))
      return
    }
    this.db
      .prepare(
        `INSERT INTO lane_limits (profile_id, endpoint, concurrency, per_minute, updated_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, endpoint) DO UPDATE SET
           concurrency = excluded.concurrency, per_minute = excluded.per_minute, updated_at = excluded.updated_at`
      )
      .run(profileId, endpoint, limits.concurrency, limits.perMinute, this.now())
    this.custom.set(keyOf(profileId, endpoint), limits)
  }

  /** A deleted profile's limits went with it (ON DELETE CASCADE); the copy in memory follows. */
  forgetProfile(profileId: string): void {
    for (const key of [...this.custom.keys()]) if (key.startsWith(`${profileId}\n`)) this.custom.delete(key)
  }
}
