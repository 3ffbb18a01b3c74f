import type { Migration } from '../migrate'

/**
 * What the gallery and a team location last agreed on, per linked board and image (`sync/links.ts`): a
 * board's name and members, an image's verdict. A sync compares the gallery with it to find the edits
 * made here since (sent as changes), then writes the merged team state to the gallery and here.
 */
export const migration021TeamBase: Migration = {
  version: 21,
  name: '021_team_base',
  up(db) {
    db.exec(`
      CREATE TABLE team_base (
        location_id TEXT NOT NULL REFERENCES team_locations (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('name', 'member', 'verdict')),
        team_id TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (location_id, kind, team_id)
      ) STRICT;
    `)
  }
}
