import type { Migration } from '../migrate'

/**
 * Job groups: several jobs the user asked for together (one prompt compared on several models, a batch
 * of hundreds). A group is a row of its own; a job belongs to at most one group, and deleting a group
 * leaves its jobs as ordinary jobs. `settings` keeps how the group was made (JSON, read back through the
 * group's schema), so a batch can be shown and made again.
 */
export const migration011JobGroups: Migration = {
  version: 11,
  name: '011_job_groups',
  up(db) {
    db.exec(`
      CREATE TABLE job_groups (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        screen TEXT NOT NULL,
        settings TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX job_groups_by_created ON job_groups (created_at DESC);
      ALTER TABLE jobs ADD COLUMN group_id TEXT REFERENCES job_groups (id) ON DELETE SET NULL;
      CREATE INDEX jobs_by_group ON jobs (group_id, created_at) WHERE group_id IS NOT NULL;
    `)
  }
}
