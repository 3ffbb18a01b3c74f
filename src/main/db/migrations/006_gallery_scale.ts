import type { Migration } from '../migrate'

/** Rows of the gallery: the condition of every partial index and trigger below (stored images only). */
const STORED_IMAGE = "kind = 'image' AND status = 'stored'"
const NEW_STORED = "new.kind = 'image' AND new.status = 'stored'"
const OLD_STORED = "old.kind = 'image' AND old.status = 'stored'"
/** A stored image's document: its job's prompt and its own revised prompt, under its key. */
const INSERT_DOCUMENT = `INSERT INTO gallery_search (rowid, text)
          SELECT k.key, j.prompt || ' ' || coalesce(new.revised_prompt, '')
          FROM gallery_keys k JOIN jobs j ON j.id = new.job_id WHERE k.result_id = new.id;`
/** FTS5's memory for pending terms (`hashsize`): its default, and what the bulk load below allows. */
const DEFAULT_HASH_BYTES = 1024 * 1024
const BULK_HASH_BYTES = 64 * 1024 * 1024
const DELETE_DOCUMENT =
  'DELETE FROM gallery_search WHERE rowid = (SELECT key FROM gallery_keys WHERE result_id = old.id);'

/**
 * The gallery at 100,000 images:
 * - results_gallery: the gallery's order (newest first, id breaking ties) over stored images only, carrying
 *   what paging, counting, the favourites filter and the job join need, so a page, a count or a jump to any
 *   position reads this index alone instead of sorting or visiting the table;
 * - results_gallery_by_job: stored images grouped by job, for the facet counts per model, endpoint and gateway;
 * - gallery_keys + gallery_search: one full-text document per stored image (its job's prompt and its own
 *   revised prompt), so search-as-you-type is one FTS5 MATCH of all the words (with prefix indexes for the
 *   first letters typed) instead of a MATCH per word in two kinds of rows. `gallery_keys.key` is the
 *   document's rowid; keys grow as images are stored and are never reused (AUTOINCREMENT), so
 *   `ORDER BY rowid DESC` is newest first (in the order images were stored), a page of hits stops early,
 *   and the count and largest key together change whenever the set of stored images does. Both are kept
 *   current by the triggers here; no module writes them.
 */
export const migration006GalleryScale: Migration = {
  version: 6,
  name: '006_gallery_scale',
  up(db) {
    db.exec(`
      CREATE INDEX results_gallery ON results (created_at DESC, id DESC, job_id, media_id, favorite)
        WHERE ${STORED_IMAGE};
      CREATE INDEX results_gallery_by_job ON results (job_id) WHERE ${STORED_IMAGE};

      CREATE TABLE gallery_keys (
        key INTEGER PRIMARY KEY AUTOINCREMENT,
        result_id TEXT NOT NULL UNIQUE
      ) STRICT;
      CREATE VIRTUAL TABLE gallery_search USING fts5 (
        text,
        content = '',
        contentless_delete = 1,
        prefix = '1 2 3',
        tokenize = 'unicode61 remove_diacritics 2'
      );

      CREATE TRIGGER gallery_search_result_insert AFTER INSERT ON results
      WHEN ${NEW_STORED}
      BEGIN
        INSERT INTO gallery_keys (result_id) VALUES (new.id);
        ${INSERT_DOCUMENT}
      END;

      CREATE TRIGGER gallery_search_result_enter AFTER UPDATE OF kind, status ON results
      WHEN ${NEW_STORED} AND NOT (${OLD_STORED})
      BEGIN
        INSERT INTO gallery_keys (result_id) VALUES (new.id);
        ${INSERT_DOCUMENT}
      END;

      CREATE TRIGGER gallery_search_result_change AFTER UPDATE OF kind, status, revised_prompt ON results
      WHEN ${NEW_STORED} AND ${OLD_STORED}
      BEGIN
        ${DELETE_DOCUMENT}
        ${INSERT_DOCUMENT}
      END;

      CREATE TRIGGER gallery_search_result_leave AFTER UPDATE OF kind, status ON results
      WHEN ${OLD_STORED} AND NOT (${NEW_STORED})
      BEGIN
        ${DELETE_DOCUMENT}
        DELETE FROM gallery_keys WHERE result_id = old.id;
      END;

      CREATE TRIGGER gallery_search_result_delete AFTER DELETE ON results
      WHEN ${OLD_STORED}
      BEGIN
        ${DELETE_DOCUMENT}
        DELETE FROM gallery_keys WHERE result_id = old.id;
      END;

      CREATE TRIGGER gallery_search_job_prompt AFTER UPDATE OF prompt ON jobs
      BEGIN
        DELETE FROM gallery_search WHERE rowid IN (
          SELECT k.key FROM gallery_keys k JOIN results r ON r.id = k.result_id WHERE r.job_id = new.id
        );
        INSERT INTO gallery_search (rowid, text)
          SELECT k.key, new.prompt || ' ' || coalesce(r.revised_prompt, '')
          FROM gallery_keys k JOIN results r ON r.id = k.result_id WHERE r.job_id = new.id;
      END;

      -- What is already stored, oldest first, so keys follow the gallery's order.
      INSERT INTO gallery_keys (result_id)
        SELECT id FROM results WHERE ${STORED_IMAGE} ORDER BY created_at, id;
      -- The documents in bulk, with up to 64 MB of terms held between writes rather than FTS5's 1 MB: at a
      -- million images it wrote and merged a segment per megabyte, 33 s of a 56 s upgrade (20 s now).
      -- Back to the default after, so everyday writes hold what they always did.
      INSERT INTO gallery_search (gallery_search, rank) VALUES ('hashsize', ${BULK_HASH_BYTES});
      INSERT INTO gallery_search (rowid, text)
        SELECT k.key, j.prompt || ' ' || coalesce(r.revised_prompt, '')
        FROM gallery_keys k JOIN results r ON r.id = k.result_id JOIN jobs j ON j.id = r.job_id;
      INSERT INTO gallery_search (gallery_search, rank) VALUES ('hashsize', ${DEFAULT_HASH_BYTES});
    `)
  }
}
