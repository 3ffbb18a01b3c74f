import type { Db } from '../../../../../src/main/db/connection'

/** A finished image job with its one task, the least the results' foreign keys need. */
export function insertJob(
  db: Db,
  id: string,
  { model = 'm', endpoint = '/v3/images/generations', profile = 'demo' } = {}
): void {
  db.prepare(
    `INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, created_at, updated_at)
     VALUES (?, 'image', ?, ?, ?, 'p', '{}', 'succeeded', 1, 1)`
  ).run(id, endpoint, profile, model)
  db.prepare(
    `INSERT INTO tasks (id, job_id, seq, idempotency_key, request, request_hash, status, created_at, updated_at)
     VALUES (?, ?, 0, ?, '{}', 'h', 'succeeded', 1, 1)`
  ).run(`t-${id}`, id, `k-${id}`)
}

/** An image result of the job's task, in the given status. */
export function insertResult(db: Db, id: string, jobId: string, idx: number, status: string): void {
  db.prepare(
    `INSERT INTO results (id, job_id, task_id, idx, kind, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'image', ?, 1, 1)`
  ).run(id, jobId, `t-${jobId}`, idx, status)
}

/** One of `list`, drawn by `random` (a seeded generator, so a failing walk can be replayed). */
export const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T
