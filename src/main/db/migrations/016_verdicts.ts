import type { Migration } from '../migrate'

/**
 * Keep and reject: a designer's verdict on a result while culling a batch (NULL: not yet looked at). A
 * column of the result it judges, so deleting the image takes its verdict with it; the partial index serves
 * "the kept images of this batch" and the Usage view's cost per kept image without reading every result.
 */
export const migration016Verdicts: Migration = {
  version: 16,
  name: '016_verdicts',
  up(db) {
    db.exec(`
      ALTER TABLE results ADD COLUMN verdict TEXT CHECK (verdict IN ('kept', 'rejected'));
      CREATE INDEX results_kept ON results (job_id) WHERE verdict = 'kept';
    `)
  }
}
