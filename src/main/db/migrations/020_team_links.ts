import type { Migration } from '../migrate'

/**
 * Which gallery board and which gallery image stand for which board and image of a team location
 * (`sync/links.ts`): a published board is linked to the team board it became; a subscriber's board and
 * images are linked to the team's they were made from. A link goes with its location; a deleted board
 * or image leaves a link that points nowhere, which the next sync reads as "no longer here".
 */
export const migration020TeamLinks: Migration = {
  version: 20,
  name: '020_team_links',
  up(db) {
    db.exec(`
      CREATE TABLE team_links (
        location_id TEXT NOT NULL REFERENCES team_locations (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('board', 'image')),
        team_id TEXT NOT NULL,
        local_id TEXT NOT NULL,
        PRIMARY KEY (location_id, kind, team_id)
      ) STRICT;
      CREATE INDEX team_links_by_local ON team_links (location_id, kind, local_id);
    `)
  }
}
