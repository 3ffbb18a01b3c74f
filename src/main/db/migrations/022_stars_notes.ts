import type { Migration } from '../migrate'

/**
 * Stars and notes: a designer's 0–5 rating (0: none) and free note on a result, columns of the result like
 * its verdict, so they leave with the image. The note's limit is the team library's (`sync/teamLibrary.ts`),
 * so a note written here always fits a team image and one brought in always fits here.
 *
 * A team location agrees on them per image as it does on verdicts (`team_base`), so that table takes two
 * more kinds. SQLite cannot change a CHECK in place: the table is made again under its name, rows kept.
 */
export const migration022StarsNotes: Migration = {
  version: 22,
  name: '022_stars_notes',
  up(db) {
    db.exec(`
      ALTER TABLE results ADD COLUMN rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5);
      ALTER TABLE results ADD COLUMN note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 4000);

      CREATE TABLE team_base_next (
        location_id TEXT NOT NULL REFERENCES team_locations (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('name', 'member', 'verdict', 'rating', 'note')),
        team_id TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (location_id, kind, team_id)
      ) STRICT;
      INSERT INTO team_base_next (location_id, kind, team_id, value)
        SELECT location_id, kind, team_id, value FROM team_base;
      DROP TABLE team_base;
      ALTER TABLE team_base_next RENAME TO team_base;
    `)
  }
}
