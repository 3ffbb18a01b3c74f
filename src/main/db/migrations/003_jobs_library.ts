import type { Migration } from '../migrate'

/**
 * The durable side of generation (docs/ARCHITECTURE.md §5):
 * - jobs: one row per user action that calls a billed endpoint;
 * - tasks: one row per billed request of a job (v2 "Images: N" makes N tasks, everything else one), each
 *   with its own Idempotency-Key, written BEFORE the request is sent;
 * - results: one row per image or video a task produced, from the moment its URL or bytes appear;
 * - media: the files in the library, deduplicated by sha256, addressed by an opaque id;
 * - search: FTS5 over prompts and revised prompts.
 */
export const migration003JobsLibrary: Migration = {
  version: 3,
  name: '003_jobs_library',
  up(db) {
    db.exec(`
      CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('image', 'edit', 'video')),
        endpoint TEXT NOT NULL,
        profile_id TEXT NOT NULL,
        model TEXT NOT NULL,
        prompt TEXT NOT NULL,
        params TEXT NOT NULL,
        status TEXT NOT NULL,
        error TEXT,
        usage TEXT,
        billing_unit TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        finished_at INTEGER
      ) STRICT;
      CREATE INDEX jobs_by_created ON jobs (created_at DESC);
      CREATE INDEX jobs_by_status ON jobs (status);

      CREATE TABLE tasks (
        id TEXT PRIMARY KEY,
        job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        idempotency_key TEXT NOT NULL UNIQUE,
        request TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        status TEXT NOT NULL,
        remote_id TEXT,
        remote_status TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        poll_count INTEGER NOT NULL DEFAULT 0,
        next_poll_at INTEGER,
        last_polled_at INTEGER,
        remote_created_at INTEGER,
        deadline_at INTEGER,
        progress REAL,
        error TEXT,
        usage TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (job_id, seq)
      ) STRICT;
      CREATE INDEX tasks_unfinished ON tasks (status) WHERE status NOT IN ('succeeded', 'failed', 'cancelled', 'expired');

      CREATE TABLE media (
        id TEXT PRIMARY KEY,
        sha256 TEXT NOT NULL UNIQUE,
        mime TEXT NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/webp', 'video/mp4')),
        path TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        width INTEGER,
        height INTEGER,
        duration_ms INTEGER,
        thumb_path TEXT,
        created_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE results (
        id TEXT PRIMARY KEY,
        job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
        task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('image', 'video')),
        status TEXT NOT NULL CHECK (status IN ('pending', 'stored', 'failed', 'expired', 'rejected')),
        partial INTEGER NOT NULL DEFAULT 0,
        source_url TEXT,
        source_expires_at INTEGER,
        media_id TEXT REFERENCES media (id),
        size_label TEXT,
        revised_prompt TEXT,
        error TEXT,
        favorite INTEGER NOT NULL DEFAULT 0,
        download_attempts INTEGER NOT NULL DEFAULT 0,
        next_download_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (task_id, idx)
      ) STRICT;
      CREATE INDEX results_by_job ON results (job_id, idx);
      CREATE INDEX results_by_created ON results (created_at DESC);
      CREATE INDEX results_pending ON results (status) WHERE status = 'pending';

      CREATE VIRTUAL TABLE search_index USING fts5 (
        job_id UNINDEXED,
        result_id UNINDEXED,
        prompt,
        revised_prompt,
        tokenize = 'unicode61 remove_diacritics 2'
      );
    `)
  }
}
