import type { Migration } from '../migrate'

/**
 * Boards: named collections of gallery images. An image can be on several boards; a board keeps
 * the order in which images joined it (`added_at`, then rowid). Removing an image from the gallery removes
 * it from every board (the foreign key cascades), deleting a board leaves its images in the gallery.
 * Names are unique regardless of case, so "Moodboard" and "moodboard" cannot both exist.
 */
export const migration008Boards: Migration = {
  version: 8,
  name: '008_boards',
  up(db) {
    db.exec(`
      CREATE TABLE boards (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE board_items (
        board_id TEXT NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
        result_id TEXT NOT NULL REFERENCES results (id) ON DELETE CASCADE,
        added_at INTEGER NOT NULL,
        PRIMARY KEY (board_id, result_id)
      ) STRICT;
      CREATE INDEX board_items_by_result ON board_items (result_id);
    `)
  }
}
