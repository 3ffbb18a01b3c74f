import type { Migration } from '../migrate'

/**
 * Each board's number of images kept on the board's own row, as migration 26 keeps the gallery's. Counted
 * when asked, the board list counted every board's items on each opening of the gallery: at 200 boards
 * holding 200,000 images, 16 of the list's 20 ms of SQL, while the first screen's thumbnails waited
 * behind it. A board holds stored images only (migration 26), so its items are its count.
 * - board_items rows come and go by insert and delete (a board or an image deleted takes its rows by
 *   cascade, whose deletes fire these triggers; a board deleted first leaves them nothing to update); an
 *   insert that finds the image already on the board does nothing and fires nothing.
 */
export const migration028BoardCounts: Migration = {
  version: 28,
  name: '028_board_counts',
  up(db) {
    db.exec(`
      ALTER TABLE boards ADD COLUMN items INTEGER NOT NULL DEFAULT 0;
      UPDATE boards SET items = counted.n
        FROM (SELECT board_id, COUNT(*) AS n FROM board_items GROUP BY board_id) AS counted
        WHERE counted.board_id = boards.id;

      CREATE TRIGGER board_counts_insert AFTER INSERT ON board_items
      BEGIN
        UPDATE boards SET items = items + 1 WHERE id = new.board_id;
      END;

      CREATE TRIGGER board_counts_delete AFTER DELETE ON board_items
      BEGIN
        UPDATE boards SET items = items - 1 WHERE id = old.board_id;
      END;

      CREATE TRIGGER board_counts_move AFTER UPDATE OF board_id ON board_items
      WHEN old.board_id <> new.board_id
      BEGIN
        UPDATE boards SET items = items - 1 WHERE id = old.board_id;
        UPDATE boards SET items = items + 1 WHERE id = new.board_id;
      END;
    `)
  }
}
