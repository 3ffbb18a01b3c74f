import type { Db } from '../../../../../src/main/db/connection'

/** Job `j` with its task `t`, as the schema of migration 3 on takes them: what a result row needs first. */
export function insertJobAndTask(db: Db): void {
  db.prepare(
    `INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, created_at, updated_at)
     VALUES ('j', 'image', '/v3/images/generations', 'demo', 'm', 'p', '{}', 'succeeded', 1, 1)`
  ).run()
  db.prepare(
    `INSERT INTO tasks (id, job_id, seq, idempotency_key, request, request_hash, status, created_at, updated_at)
     VALUES ('t', 'j', 0, 'k', '{}', 'h', 'succeeded', 1, 1)`
  ).run()
}
