import type { Migration } from '../migrate'

/**
 * Batches published to the team (`sync/batchBoards.ts`): the gallery board a batch became, so a second
 * publish reuses it, and which of the batch's results were put on it, so one taken off (here, or by a
 * teammate) is not put back when the batch's later results join the board at a sync.
 */
export const migration025TeamBatches: Migration = {
  version: 25,
  name: '025_team_batches',
  up(db) {
    db.exec(`
      CREATE TABLE team_batches (
        group_id TEXT PRIMARY KEY REFERENCES job_groups (id) ON DELETE CASCADE,
        board_id TEXT NOT NULL,
        published_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE team_batch_results (
        group_id TEXT NOT NULL REFERENCES team_batches (group_id) ON DELETE CASCADE,
        result_id TEXT NOT NULL,
        PRIMARY KEY (group_id, result_id)
      ) STRICT, WITHOUT ROWID;
    `)
  }
}
