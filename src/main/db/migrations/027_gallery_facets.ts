import type { Migration } from '../migrate'

/**
 * The filter pickers' counts kept per model, endpoint and gateway, as migration 26 keeps the total.
 * Summed when asked, over the partial index of jobs with images, they took 65 ms at a million images on a
 * quiet machine, twice that on a busy one; asked while the first screen's thumbnails were still coming,
 * the thumbnails waited behind it. Now a read of a few dozen rows.
 * - gallery_facets: one row per model, endpoint and gateway that ever had a stored image; rows at 0 stay
 *   (few) and are skipped when read.
 * - The triggers follow jobs.stored_images (kept by migration 26's triggers) and the three names. A job
 *   deleted with its results takes its count along, whichever of the two rows SQLite removes first: if the
 *   job goes first, the results' triggers update nothing and the job's own count leaves with it; if its
 *   results go first, its count is already 0.
 * - The partial index `jobs_facets` served only the summing, so it goes: one index fewer to keep on each
 *   stored image.
 */
export const migration027GalleryFacets: Migration = {
  version: 27,
  name: '027_gallery_facets',
  up(db) {
    db.exec(`
      CREATE TABLE gallery_facets (
        model TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        profile_id TEXT NOT NULL,
        images INTEGER NOT NULL,
        PRIMARY KEY (model, endpoint, profile_id)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO gallery_facets (model, endpoint, profile_id, images)
        SELECT model, endpoint, profile_id, SUM(stored_images) FROM jobs
        WHERE stored_images > 0 GROUP BY model, endpoint, profile_id;

      CREATE TRIGGER gallery_facets_job_insert AFTER INSERT ON jobs
      WHEN new.stored_images <> 0
      BEGIN
        INSERT INTO gallery_facets (model, endpoint, profile_id, images)
          VALUES (new.model, new.endpoint, new.profile_id, new.stored_images)
          ON CONFLICT (model, endpoint, profile_id) DO UPDATE SET images = images + excluded.images;
      END;

      CREATE TRIGGER gallery_facets_job_update AFTER UPDATE OF stored_images, model, endpoint, profile_id ON jobs
      WHEN old.stored_images <> new.stored_images OR old.model <> new.model OR old.endpoint <> new.endpoint
        OR old.profile_id <> new.profile_id
      BEGIN
        UPDATE gallery_facets SET images = images - old.stored_images
          WHERE model = old.model AND endpoint = old.endpoint AND profile_id = old.profile_id;
        INSERT INTO gallery_facets (model, endpoint, profile_id, images)
          VALUES (new.model, new.endpoint, new.profile_id, new.stored_images)
          ON CONFLICT (model, endpoint, profile_id) DO UPDATE SET images = images + excluded.images;
      END;

      CREATE TRIGGER gallery_facets_job_delete AFTER DELETE ON jobs
      WHEN old.stored_images <> 0
      BEGIN
        UPDATE gallery_facets SET images = images - old.stored_images
          WHERE model = old.model AND endpoint = old.endpoint AND profile_id = old.profile_id;
      END;

      DROP INDEX jobs_facets;
    `)
  }
}
