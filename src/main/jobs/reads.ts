import type BetterSqlite3 from 'better-sqlite3'
import { JobRequest, type JobStatus, type JobView } from '../../shared/schemas/jobs'
import {
  ACTIVE_TASK_STATUSES,
  DOWNLOADABLE_RESULT_STATUSES,
  OPEN_JOB_STATUSES,
  POLLABLE_TASK_STATUSES,
  SENDABLE_TASK_STATUSES,
  SENDING_TASK_STATUSES
} from '../../shared/schemas/jobStatuses'
import type { Db } from '../db/connection'
import { readJsonColumn } from '../db/json'
import type { JobKind, JobRow, ResultRow, TaskRow } from './rows'
import { jobView, jobViews, type AggregateInput } from './views'

type Statement = BetterSqlite3.Statement<unknown[]>

/** A status set as an SQL list. The sets are constants of the schema, never input, so they are inlined. */
export const inList = (statuses: readonly string[]): string =>
  statuses.map((status) => `'${status}'`).join(', ')

/**
 * The terms of the partial indexes the engine's lanes read through, as the indexes have them (migration
 * 003). SQLite uses a partial index only for a query that holds its terms, and a lane's status list alone
 * made each lane's read at start-up a scan of every task or result: 100-200 ms each at a million. Every
 * lane's statuses are inside these terms (reads.test.ts), so adding them changes no answer.
 */
export const UNFINISHED_TASK = "status NOT IN ('succeeded', 'failed', 'cancelled', 'expired')"
export const PENDING_RESULT = "status = 'pending'"

const RESULT_SELECT = `
  SELECT r.*, m.mime AS mime, m.width AS width, m.height AS height, m.bytes AS bytes, m.duration_ms AS duration_ms
  FROM results r LEFT JOIN media m ON m.id = r.media_id`

export interface JobListQuery {
  beforeId?: string
  status?: JobStatus[]
  kind?: JobKind[]
  profileId?: string
  limit: number
  before?: number
}

/**
 * The queries of the engine's tables: SELECT only, so nothing here writes (`jobs.list` and `jobs.get` run on
 * these). `JobRepository` adds the writes; JSON columns are validated on read.
 */
export class JobReads {
  private readonly statements = new Map<string, Statement>()

  constructor(protected readonly db: Db) {}

  task(taskId: string): TaskRow | null {
    return (this.sql('SELECT * FROM tasks WHERE id = ?').get(taskId) as TaskRow | undefined) ?? null
  }

  job(jobId: string): JobRow | null {
    return (this.sql('SELECT * FROM jobs WHERE id = ?').get(jobId) as JobRow | undefined) ?? null
  }

  requestOf(task: TaskRow): JobRequest | null {
    return readJsonColumn(JobRequest.nullable(), task.request, null)
  }

  tasksOf(jobId: string): TaskRow[] {
    return this.sql('SELECT * FROM tasks WHERE job_id = ? ORDER BY seq').all(jobId) as TaskRow[]
  }

  resultIndexes(taskId: string): Set<number> {
    const rows = this.sql('SELECT idx FROM results WHERE task_id = ?').all(taskId) as { idx: number }[]
    return new Set(rows.map((row) => row.idx))
  }

  /** The results the gateway delivered for a task: all but those it reported failed (each was billed). */
  deliveredCount(taskId: string): number {
    const sql = "SELECT count(*) AS n FROM results WHERE task_id = ? AND status <> 'failed'"
    return (this.sql(sql).get(taskId) as { n: number }).n
  }

  result(resultId: string): ResultRow | null {
    return (this.sql(`${RESULT_SELECT} WHERE r.id = ?`).get(resultId) as ResultRow | undefined) ?? null
  }

  /** The job as the renderer sees it, from the stored rows. */
  jobView(jobId: string): JobView | null {
    const job = this.job(jobId)
    return job ? jobView(job, this.tasksOf(jobId), this.resultsOf([jobId])) : null
  }

  /** A page of jobs, newest first: one query for the jobs, one for their tasks, one for their results. */
  listJobs(query: JobListQuery): JobView[] {
    const { where, params } = jobFilter(query)
    const jobs = this.sql(`SELECT * FROM jobs ${where} ORDER BY created_at DESC, id DESC LIMIT ?`).all(
      ...params,
      query.limit
    ) as JobRow[]
    if (jobs.length === 0) return []
    const ids = jobs.map((job) => job.id)
    const tasks = this.sql(
      'SELECT * FROM tasks WHERE job_id IN (SELECT value FROM json_each(?)) ORDER BY job_id, seq'
    ).all(JSON.stringify(ids)) as TaskRow[]
    return jobViews(jobs, tasks, this.resultsOf(ids))
  }

  listJobIds(query: JobListQuery): string[] {
    const { where, params } = jobFilter(query)
    const sql = `SELECT id FROM jobs ${where} ORDER BY created_at DESC, id DESC LIMIT ?`
    return (this.sql(sql).all(...params, query.limit) as { id: string }[]).map((row) => row.id)
  }

  /** Tasks caught mid-send by a crash: their outcome is unknown and they are never re-sent silently (P19). */
  strandedSubmissions(): { taskId: string; jobId: string }[] {
    return this.sql(
      `SELECT id AS taskId, job_id AS jobId FROM tasks
       WHERE ${UNFINISHED_TASK} AND status IN (${inList(SENDING_TASK_STATUSES)})`
    ).all() as { taskId: string; jobId: string }[]
  }

  pendingTaskIds(): string[] {
    const sql = `SELECT id FROM tasks
      WHERE ${UNFINISHED_TASK} AND status IN (${inList(SENDABLE_TASK_STATUSES)}) ORDER BY created_at`
    return (this.sql(sql).all() as { id: string }[]).map((row) => row.id)
  }

  pollableTasks(): { id: string; next_poll_at: number | null }[] {
    return this.sql(
      `SELECT id, next_poll_at FROM tasks
       WHERE ${UNFINISHED_TASK} AND status IN (${inList(POLLABLE_TASK_STATUSES)}) AND remote_id IS NOT NULL`
    ).all() as { id: string; next_poll_at: number | null }[]
  }

  pendingDownloads(): { id: string; next_download_at: number | null }[] {
    return this.sql(
      `SELECT id, next_download_at FROM results
       WHERE ${PENDING_RESULT} AND status IN (${inList(DOWNLOADABLE_RESULT_STATUSES)}) AND source_url IS NOT NULL`
    ).all() as { id: string; next_download_at: number | null }[]
  }

  mediaIdsOf(jobId: string): string[] {
    const sql = 'SELECT DISTINCT media_id FROM results WHERE job_id = ? AND media_id IS NOT NULL'
    return (this.sql(sql).all(jobId) as { media_id: string }[]).map((row) => row.media_id)
  }

  isMediaReferenced(mediaId: string): boolean {
    return this.sql('SELECT 1 FROM results WHERE media_id = ? LIMIT 1').get(mediaId) !== undefined
  }

  /**
   * Jobs whose stored aggregate an older version may have left behind (it stored the aggregate after the
   * write, so a crash in between kept the old one) and that no task will touch again.
   */
  leftoverJobIds(): string[] {
    const sql = `SELECT id FROM jobs j
       WHERE status IN (${inList(OPEN_JOB_STATUSES)})
         AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.job_id = j.id AND t.status IN (${inList(ACTIVE_TASK_STATUSES)}))`
    return (this.sql(sql).all() as { id: string }[]).map((row) => row.id)
  }

  /** What a job's aggregate is computed from: its tasks' status, error and usage, and its stored results. */
  protected aggregateInputs(jobId: string): { tasks: AggregateInput[]; stored: number } {
    const tasks = this.sql('SELECT status, error, usage FROM tasks WHERE job_id = ? ORDER BY seq').all(
      jobId
    ) as AggregateInput[]
    const { n } = this.sql("SELECT count(*) AS n FROM results WHERE job_id = ? AND status = 'stored'").get(
      jobId
    ) as { n: number }
    return { tasks, stored: n }
  }

  /** A prepared statement, prepared once per connection. */
  protected sql(text: string): Statement {
    let statement = this.statements.get(text)
    if (!statement) {
      statement = this.db.prepare(text)
      this.statements.set(text, statement)
    }
    return statement
  }

  protected resultsOf(jobIds: readonly string[]): ResultRow[] {
    if (jobIds.length === 1)
      return this.sql(`${RESULT_SELECT} WHERE r.job_id = ? ORDER BY r.task_id, r.idx`).all(
        jobIds[0]
      ) as ResultRow[]
    return this.sql(
      `${RESULT_SELECT} WHERE r.job_id IN (SELECT value FROM json_each(?)) ORDER BY r.job_id, r.task_id, r.idx`
    ).all(JSON.stringify(jobIds)) as ResultRow[]
  }
}

/** The WHERE clause of a job list: filters, and keyset paging on (created_at, id), the list's order. */
function jobFilter(query: JobListQuery): { where: string; params: unknown[] } {
  // Images brought in from outside are gallery items, not work the app sent: the Queue never lists them.
  const where: string[] = ['imported IS NULL']
  const params: unknown[] = []
  if (query.status?.length) {
    where.push(`status IN (${query.status.map(() => '?').join(',')})`)
    params.push(...query.status)
  }
  if (query.kind?.length) {
    where.push(`kind IN (${query.kind.map(() => '?').join(',')})`)
    params.push(...query.kind)
  }
  if (query.profileId) {
    where.push('profile_id = ?')
    params.push(query.profileId)
  }
  if (query.before !== undefined && query.beforeId !== undefined) {
    // Jobs sharing a millisecond are never skipped.
    where.push('(created_at < ? OR (created_at = ? AND id < ?))')
    params.push(query.before, query.before, query.beforeId)
  } else if (query.before !== undefined) {
    where.push('created_at < ?')
    params.push(query.before)
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params }
}
