import type { Migration } from '../migrate'

/**
 * Team images whose thumbnail is here and whose file is not yet (`library/store.ts`, fetch on read): a
 * subscriber's sync brings a board in from its thumbnail pack, and the file comes when someone opens,
 * exports or edits the image, or its board is kept on this computer.
 * - team_files: a media row whose object is still at a team location, and which location to fetch it
 *   from. The row goes with its media (cascade). The location is not a foreign key: a location removed
 *   leaves the mark, and a reader is told the file is at a location that cannot be reached, rather than a
 *   file that looks lost.
 * - team_links.pinned: a linked board whose images' files are kept on this computer ("Keep files on this
 *   computer"); this computer's choice, never sent.
 */
export const migration029TeamFiles: Migration = {
  version: 29,
  name: '029_team_files',
  up(db) {
    db.exec(`
      CREATE TABLE team_files (
        media_id TEXT PRIMARY KEY REFERENCES media (id) ON DELETE CASCADE,
        location_id TEXT NOT NULL
      ) STRICT;
      ALTER TABLE team_links ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1));
    `)
  }
}
