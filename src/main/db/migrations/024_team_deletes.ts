import type { Migration } from '../migrate'

/**
 * Images a designer deleted _for everyone_ (`sync/teamDeletes.ts`): one row per location whose team
 * library holds the image, written in the same transaction as the gallery's delete. The gallery row is
 * gone by then, so this row is all that says the team should hear of it: the next sync of that location
 * sends the delete and removes the row, however long the location stays out of reach, across restarts.
 */
export const migration024TeamDeletes: Migration = {
  version: 24,
  name: '024_team_deletes',
  up(db) {
    db.exec(`
      CREATE TABLE team_deletes (
        location_id TEXT NOT NULL REFERENCES team_locations (id) ON DELETE CASCADE,
        sha256 TEXT NOT NULL,
        asked_at INTEGER NOT NULL,
        PRIMARY KEY (location_id, sha256)
      ) STRICT;
    `)
  }
}
