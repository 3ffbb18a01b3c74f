import type { Migration } from '../migrate'

/**
 * The queue the user steers: the order sends go out in, and pauses that survive a restart.
 * - jobs.queue_order: a job's place among the jobs waiting to be sent, lowest first. Moving a job or a
 *   batch to the front, or between two others, writes only the moved jobs (a number below, or between,
 *   theirs). Jobs already finished keep NULL; the unfinished get their old order (insertion) here, so an
 *   upgrade touches only the rows a queue can still send, not the whole history.
 * - job_groups.paused_at: a batch the user paused (or the app paused for them: `pause_reason`), null while
 *   it runs. Nothing of a paused batch is sent; what was in flight finishes.
 * - queue_control: one row, the whole queue's pause.
 */
export const migration012QueueControl: Migration = {
  version: 12,
  name: '012_queue_control',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN queue_order REAL;
      UPDATE jobs SET queue_order = rowid WHERE status IN ('pending', 'running', 'needs_attention');
      CREATE INDEX jobs_by_queue_order ON jobs (queue_order) WHERE queue_order IS NOT NULL;
      ALTER TABLE job_groups ADD COLUMN paused_at INTEGER;
      ALTER TABLE job_groups ADD COLUMN pause_reason TEXT CHECK (pause_reason IN ('user', 'balance'));
      CREATE TABLE queue_control (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        paused_at INTEGER
      ) STRICT;
      INSERT INTO queue_control (id, paused_at) VALUES (1, NULL);
    `)
  }
}
