import type { Migration } from '../migrate'

/**
 * The user's limits for one lane of the send queue: a gateway profile and one of its endpoints. Only the
 * lanes the user changed have a row; the others follow the defaults (RELIABILITY P49). Deleting the profile
 * deletes its limits.
 * - concurrency: requests of this lane in flight at once.
 * - per_minute: requests started in any 60 s, or NULL for no limit of ours (the lane still slows down
 *   when the gateway answers 429).
 */
export const migration013LaneLimits: Migration = {
  version: 13,
  name: '013_lane_limits',
  up(db) {
    db.exec(`
      CREATE TABLE lane_limits (
        profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
        endpoint TEXT NOT NULL,
        concurrency INTEGER NOT NULL CHECK (concurrency BETWEEN 1 AND 32),
        per_minute INTEGER CHECK (per_minute BETWEEN 1 AND 10000),
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (profile_id, endpoint)
      ) STRICT;
    `)
  }
}
