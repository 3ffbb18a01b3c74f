import type { Migration } from '../migrate'

const STORED = "kind = 'image' AND status = 'stored'"
const NEW_STORED = "new.kind = 'image' AND new.status = 'stored'"
const OLD_STORED = "old.kind = 'image' AND old.status = 'stored'"

/**
 * The gallery's counts at a million images, kept as images come and go instead of counted when asked.
 * Counted when asked, the model, endpoint and gateway filters took 3–5 s on first open (every stored image
 * grouped by job, then joined), and the board chips 1–2 s (every board's items looked up one by one);
 * the backend does nothing else meanwhile.
 * - jobs.stored_images: the job's stored images, kept by the triggers below (a job deleted with its
 *   results updates a row that is gone: nothing). The filters sum it per model, endpoint and gateway over
 *   the partial index `jobs_facets`, jobs with images only.
 * - gallery_total: how many stored images there are, one row kept by the same triggers: the unfiltered
 *   gallery's count (50–80 ms counted at a million, on every first page).
 * - results_favorites: the favourites count reads the favourites alone.
 * - A board holds stored images only (as the gallery adds them): an image that stops being one leaves
 *   its boards, so a board's count is its number of items, read from its own index, and its cover is
 *   its newest items, read from the end of `board_items_newest`.
 */
export const migration026GalleryCounts: Migration = {
  version: 26,
  name: '026_gallery_counts',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN stored_images INTEGER NOT NULL DEFAULT 0;
      UPDATE jobs SET stored_images = counted.n
        FROM (SELECT job_id, COUNT(*) AS n FROM results WHERE ${STORED} GROUP BY job_id) AS counted
        WHERE counted.job_id = jobs.id;
      CREATE INDEX jobs_facets ON jobs (model, endpoint, profile_id, stored_images) WHERE stored_images > 0;
      CREATE TABLE gallery_total (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        images INTEGER NOT NULL
      ) STRICT;
      INSERT INTO gallery_total (id, images) SELECT 1, COUNT(*) FROM results WHERE ${STORED};

      CREATE TRIGGER gallery_counts_result_insert AFTER INSERT ON results
      WHEN ${NEW_STORED}
      BEGIN
        UPDATE jobs SET stored_images = stored_images + 1 WHERE id = new.job_id;
        UPDATE gallery_total SET images = images + 1;
      END;

      CREATE TRIGGER gallery_counts_result_enter AFTER UPDATE OF kind, status ON results
      WHEN ${NEW_STORED} AND NOT (${OLD_STORED})
      BEGIN
        UPDATE jobs SET stored_images = stored_images + 1 WHERE id = new.job_id;
        UPDATE gallery_total SET images = images + 1;
      END;

      CREATE TRIGGER gallery_counts_result_leave AFTER UPDATE OF kind, status ON results
      WHEN ${OLD_STORED} AND NOT (${NEW_STORED})
      BEGIN
        UPDATE jobs SET stored_images = stored_images - 1 WHERE id = old.job_id;
        UPDATE gallery_total SET images = images - 1;
        DELETE FROM board_items WHERE result_id = old.id;
      END;

      CREATE TRIGGER gallery_counts_result_delete AFTER DELETE ON results
      WHEN ${OLD_STORED}
      BEGIN
        UPDATE jobs SET stored_images = stored_images - 1 WHERE id = old.job_id;
        UPDATE gallery_total SET images = images - 1;
      END;

      CREATE INDEX results_favorites ON results (created_at) WHERE ${STORED} AND favorite = 1;

      DELETE FROM board_items WHERE result_id NOT IN (SELECT id FROM results WHERE ${STORED});
      CREATE INDEX board_items_newest ON board_items (board_id, added_at);
    `)
  }
}
