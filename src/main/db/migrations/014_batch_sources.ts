import type { Migration } from '../migrate'

/**
 * What a batch was made from: the file's name (null when the prompts were typed) and the whole spec as
 * the user sent it (prompts or the file's text, lists, axes, each model's base request), so the batch can
 * be shown, made again and exported with its rows. Apart from `job_groups.settings` because it can be
 * megabytes, and a list of groups never reads it. Goes with its group.
 */
export const migration014BatchSources: Migration = {
  version: 14,
  name: '014_batch_sources',
  up(db) {
    db.exec(`
      CREATE TABLE batch_sources (
        group_id TEXT PRIMARY KEY REFERENCES job_groups (id) ON DELETE CASCADE,
        file_name TEXT,
        spec TEXT NOT NULL
      ) STRICT;
    `)
  }
}
