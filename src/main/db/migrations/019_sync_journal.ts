import type { Migration } from '../migrate'

/**
 * The sync journal of each team location on this device (`sync/journal.ts`): every change merged here
 * (made here or read from a segment), the edits not yet sealed into a segment, the segment being sent,
 * and how far each device's log has been read. One row of `sync_replicas` per location; all of it goes
 * with the location.
 */
export const migration019SyncJournal: Migration = {
  version: 19,
  name: '019_sync_journal',
  up(db) {
    db.exec(`
      CREATE TABLE sync_replicas (
        location_id TEXT PRIMARY KEY REFERENCES team_locations (id) ON DELETE CASCADE,
        device TEXT NOT NULL,
        clock TEXT,
        next_seq INTEGER NOT NULL,
        pending TEXT
      ) STRICT;
      CREATE TABLE sync_changes (
        location_id TEXT NOT NULL REFERENCES sync_replicas (location_id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        change TEXT NOT NULL,
        PRIMARY KEY (location_id, n)
      ) STRICT;
      CREATE TABLE sync_outbox (
        location_id TEXT NOT NULL REFERENCES sync_replicas (location_id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        change TEXT NOT NULL,
        PRIMARY KEY (location_id, n)
      ) STRICT;
      CREATE TABLE sync_applied (
        location_id TEXT NOT NULL REFERENCES sync_replicas (location_id) ON DELETE CASCADE,
        device TEXT NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (location_id, device)
      ) STRICT;
    `)
  }
}
