import type { Migration } from '../migrate'

/**
 * Team locations: where a team library is synced (a bucket, a WebDAV server, a shared folder). `settings`
 * is the address as JSON and holds no secret; the credentials are ciphertext in `location_secrets`, bound to
 * the origin they were entered for (RELIABILITY P43), and go with their location.
 */
export const migration018TeamLocations: Migration = {
  version: 18,
  name: '018_team_locations',
  up(db) {
    db.exec(`
      CREATE TABLE team_locations (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('s3', 'webdav', 'folder')),
        settings TEXT NOT NULL,
        last_check TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE location_secrets (
        location_id TEXT PRIMARY KEY REFERENCES team_locations (id) ON DELETE CASCADE,
        ciphertext BLOB NOT NULL,
        hint TEXT NOT NULL,
        origin TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `)
  }
}
