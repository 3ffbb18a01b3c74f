import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import {
  JobError,
  JobRequest,
  type JobStatus,
  type JobView,
  type ResultView,
  type TaskLocalStatus,
  type TaskView
} from '../../shared/schemas/jobs'
import { writeTransaction, type Db } from '../db/connection'
import { readJson } from '../db/json'

export type JobKind = 'image' | 'edit' | 'video'

interface JobRow {
  id: string
  kind: JobKind
  endpoint: string
  profile_id: string
  model: string
  prompt: string
  params: string
  status: JobStatus
  error: string | null
  usage: string | null
  billing_unit: string | null
  created_at: number
  updated_at: number
  finished_at: number | null
}

export interface TaskRow {
  id: string
  job_id: string
  seq: number
  idempotency_key: string
  request: string
  request_hash: string
  status: TaskLocalStatus
  remote_id: string | null
  remote_status: string | null
  attempts: number
  poll_count: number
  next_poll_at: number | null
  last_polled_at: number | null
  remote_created_at: number | null
  deadline_at: number | null
  progress: number | null
  error: string | null
  usage: string | null
  created_at: number
  updated_at: number
}

export interface ResultRow {
  id: string
  job_id: string
  task_id: string
  idx: number
  kind: 'image' | 'video'
  status: ResultView['status']
  partial: number
  source_url: string | null
  source_expires_at: number | null
  media_id: string | null
  size_label: string | null
  revised_prompt: string | null
  error: string | null
  favorite: number
  download_attempts: number
  next_download_at: number | null
  created_at: number
  updated_at: number
  mime: string | null
  width: number | null
  height: number | null
  bytes: number | null
  duration_ms: number | null
}

export const ACTIVE_TASK_STATUSES: readonly TaskLocalStatus[] = ['pending', 'submitting', 'queued', 'running']

const parseError = (text: string | null): JobError | null => readJson(JobError.nullable(), text, null)
const parseUnknown = (text: string | null): unknown => readJson(z.unknown(), text, null)

function taskView(row: TaskRow): TaskView {
  return {
    id: row.id,
    seq: row.seq,
    status: row.status,
    remoteId: row.remote_id,
    remoteStatus: row.remote_status,
    pollCount: row.poll_count,
    lastPolledAt: row.last_polled_at,
    nextPollAt: row.next_poll_at,
    progress: row.progress,
    error: parseError(row.error)
  }
}

export function resultView(row: ResultRow): ResultView {
  return {
    id: row.id,
    jobId: row.job_id,
    taskId: row.task_id,
    index: row.idx,
    kind: row.kind,
    status: row.status,
    mediaId: row.media_id,
    mime: row.mime,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    durationMs: row.duration_ms,
    sizeLabel: row.size_label,
    revisedPrompt: row.revised_prompt,
    sourceExpiresAt: row.source_expires_at,
    error: parseError(row.error),
    favorite: row.favorite === 1,
    createdAt: row.created_at
  }
}

/** Aggregates a job's status from its tasks: the job is as far along as its slowest task. */
export function aggregateStatus(tasks: readonly Pick<TaskRow, 'status'>[], storedResults: number): JobStatus {
  const statuses = tasks.map((task) => task.status)
  if (statuses.some((s) => s === 'submitting' || s === 'queued' || s === 'running')) return 'running'
  if (statuses.some((s) => s === 'pending'))
    return statuses.every((s) => s === 'pending') ? 'pending' : 'running'
  if (statuses.some((s) => s === 'needs_attention')) return 'needs_attention'
  if (statuses.every((s) => s === 'succeeded')) return 'succeeded'
  if (statuses.every((s) => s === 'cancelled')) return 'cancelled'
  if (statuses.some((s) => s === 'succeeded' || s === 'incomplete') || storedResults > 0) return 'incomplete'
  if (statuses.every((s) => s === 'expired')) return 'expired'
  if (statuses.some((s) => s === 'cancelled') && !statuses.some((s) => s === 'failed')) return 'cancelled'
  return 'failed'
}

const RESULT_SELECT = `
  SELECT r.*, m.mime AS mime, m.width AS width, m.height AS height, m.bytes AS bytes, m.duration_ms AS duration_ms
  FROM results r LEFT JOIN media m ON m.id = r.media_id`

export interface NewJob {
  kind: JobKind
  endpoint: string
  profileId: string
  model: string
  prompt: string
  request: JobRequest
  billingUnit: string | null
  taskCount: number
  requestHash: (seq: number) => string
}

export interface NewResult {
  taskId: string
  jobId: string
  index: number
  kind: 'image' | 'video'
  status: ResultView['status']
  sourceUrl?: string | undefined
  sourceExpiresAt?: number | undefined
  mediaId?: string | undefined
  sizeLabel?: string | undefined
  revisedPrompt?: string | undefined
  error?: JobError | undefined
}

/** All SQL of the task engine. Writes are immediate transactions; JSON columns are validated on read. */
export class JobRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now
  ) {}

  transaction<T>(fn: () => T): T {
    return writeTransaction(this.db, fn)
  }

  /** P19: the job and every task (with its Idempotency-Key) are committed before anything is sent. */
  insertJob(job: NewJob): { jobId: string; taskIds: string[] } {
    const jobId = randomUUID()
    const now = this.now()
    const taskIds: string[] = []
    this.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, billing_unit, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`
        )
        .run(
          jobId,
          job.kind,
          job.endpoint,
          job.profileId,
          job.model,
          job.prompt,
          JSON.stringify(job.request),
          job.billingUnit,
          now,
          now
        )
      const insertTask = this.db.prepare(
        `INSERT INTO tasks (id, job_id, seq, idempotency_key, request, request_hash, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)`
      )
      for (let seq = 0; seq < job.taskCount; seq++) {
        const taskId = randomUUID()
        taskIds.push(taskId)
        insertTask.run(
          taskId,
          jobId,
          seq,
          randomUUID(),
          JSON.stringify(job.request),
          job.requestHash(seq),
          now,
          now
        )
      }
      this.db
        .prepare(
          'INSERT INTO search_index (job_id, result_id, prompt, revised_prompt) VALUES (?, NULL, ?, NULL)'
        )
        .run(jobId, job.prompt)
    })
    return { jobId, taskIds }
  }

  task(taskId: string): TaskRow | null {
    return (this.db.prepare('SELECT * FROM tasks WHERE id = ?').get(taskId) as TaskRow | undefined) ?? null
  }

  job(jobId: string): JobRow | null {
    return (this.db.prepare('SELECT * FROM jobs WHERE id = ?').get(jobId) as JobRow | undefined) ?? null
  }

  requestOf(task: TaskRow): JobRequest | null {
    return readJson(JobRequest.nullable(), task.request, null)
  }

  /** Moves a pending task to `submitting` and commits it; false if someone else (or a cancel) got there first. */
  claimForSend(taskId: string): boolean {
    const now = this.now()
    const changes = this.db
      .prepare(
        "UPDATE tasks SET status = 'submitting', attempts = attempts + 1, updated_at = ? WHERE id = ? AND status = 'pending'"
      )
      .run(now, taskId).changes
    return changes === 1
  }

  updateTask(
    taskId: string,
    patch: Partial<{
      status: TaskLocalStatus
      remoteId: string
      remoteStatus: string
      remoteCreatedAt: number
      deadlineAt: number
      nextPollAt: number | null
      lastPolledAt: number
      pollCount: number
      progress: number | null
      error: JobError | null
      usage: unknown
    }>
  ): void {
    const sets: string[] = ['updated_at = @now']
    const params: Record<string, unknown> = { id: taskId, now: this.now() }
    const column: Record<string, string> = {
      status: 'status',
      remoteId: 'remote_id',
      remoteStatus: 'remote_status',
      remoteCreatedAt: 'remote_created_at',
      deadlineAt: 'deadline_at',
      nextPollAt: 'next_poll_at',
      lastPolledAt: 'last_polled_at',
      pollCount: 'poll_count',
      progress: 'progress'
    }
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue
      if (key === 'error' || key === 'usage') {
        sets.push(`${key} = @${key}`)
        params[key] = value === null ? null : JSON.stringify(value)
      } else if (column[key]) {
        sets.push(`${column[key]} = @${key}`)
        params[key] = value
      }
    }
    this.db.prepare(`UPDATE tasks SET ${sets.join(', ')} WHERE id = @id`).run(params)
  }

  insertResult(result: NewResult): string {
    const id = randomUUID()
    const now = this.now()
    this.db
      .prepare(
        `INSERT INTO results (id, job_id, task_id, idx, kind, status, source_url, source_expires_at, media_id,
           size_label, revised_prompt, error, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (task_id, idx) DO NOTHING`
      )
      .run(
        id,
        result.jobId,
        result.taskId,
        result.index,
        result.kind,
        result.status,
        result.sourceUrl ?? null,
        result.sourceExpiresAt ?? null,
        result.mediaId ?? null,
        result.sizeLabel ?? null,
        result.revisedPrompt ?? null,
        result.error ? JSON.stringify(result.error) : null,
        now,
        now
      )
    if (result.revisedPrompt) {
      this.db
        .prepare(
          'INSERT INTO search_index (job_id, result_id, prompt, revised_prompt) VALUES (?, ?, NULL, ?)'
        )
        .run(result.jobId, id, result.revisedPrompt)
    }
    return id
  }

  resultIndexes(taskId: string): Set<number> {
    const rows = this.db.prepare('SELECT idx FROM results WHERE task_id = ?').all(taskId) as { idx: number }[]
    return new Set(rows.map((row) => row.idx))
  }

  result(resultId: string): ResultRow | null {
    return (this.db.prepare(`${RESULT_SELECT} WHERE r.id = ?`).get(resultId) as ResultRow | undefined) ?? null
  }

  markResultStored(resultId: string, mediaId: string): void {
    this.db
      .prepare(
        "UPDATE results SET status = 'stored', media_id = ?, error = NULL, next_download_at = NULL, updated_at = ? WHERE id = ?"
      )
      .run(mediaId, this.now(), resultId)
  }

  markResultFailed(resultId: string, status: 'failed' | 'expired' | 'rejected', error: JobError): void {
    this.db
      .prepare(
        'UPDATE results SET status = ?, error = ?, next_download_at = NULL, updated_at = ? WHERE id = ?'
      )
      .run(status, JSON.stringify(error), this.now(), resultId)
  }

  scheduleDownloadRetry(resultId: string, at: number, error: JobError): void {
    this.db
      .prepare(
        'UPDATE results SET download_attempts = download_attempts + 1, next_download_at = ?, error = ?, updated_at = ? WHERE id = ?'
      )
      .run(at, JSON.stringify(error), this.now(), resultId)
  }

  setFavorite(resultId: string, favorite: boolean): void {
    this.db
      .prepare('UPDATE results SET favorite = ?, updated_at = ? WHERE id = ?')
      .run(favorite ? 1 : 0, this.now(), resultId)
  }

  /** Recomputes the job row from its tasks (status, error, usage, finish time) and returns its view. */
  refreshJob(jobId: string): JobView | null {
    const job = this.job(jobId)
    if (!job) return null
    const tasks = this.db.prepare('SELECT * FROM tasks WHERE job_id = ? ORDER BY seq').all(jobId) as TaskRow[]
    const results = this.db
      .prepare(`${RESULT_SELECT} WHERE r.job_id = ? ORDER BY r.task_id, r.idx`)
      .all(jobId) as ResultRow[]
    const stored = results.filter((r) => r.status === 'stored').length
    const status = aggregateStatus(tasks, stored)
    const firstError = tasks.map((t) => parseError(t.error)).find((e) => e !== null) ?? null
    const usage = sumUsage(tasks.map((t) => parseUnknown(t.usage)))
    const terminal = !['pending', 'running'].includes(status)
    const now = this.now()
    const finishedAt = terminal ? (job.finished_at ?? now) : null
    if (
      status !== job.status ||
      JSON.stringify(firstError) !== (job.error ?? 'null') ||
      finishedAt !== job.finished_at ||
      JSON.stringify(usage) !== (job.usage ?? 'null')
    ) {
      this.db
        .prepare(
          'UPDATE jobs SET status = ?, error = ?, usage = ?, finished_at = ?, updated_at = ? WHERE id = ?'
        )
        .run(
          status,
          firstError ? JSON.stringify(firstError) : null,
          usage === null ? null : JSON.stringify(usage),
          finishedAt,
          now,
          jobId
        )
    }
    const sortedResults = [...results].sort((a, b) => {
      const ta = tasks.find((t) => t.id === a.task_id)?.seq ?? 0
      const tb = tasks.find((t) => t.id === b.task_id)?.seq ?? 0
      return ta - tb || a.idx - b.idx
    })
    return {
      id: job.id,
      kind: job.kind,
      endpoint: job.endpoint,
      profileId: job.profile_id,
      model: job.model,
      prompt: job.prompt,
      request: parseUnknown(job.params),
      status,
      error: firstError,
      usage,
      billingUnit: job.billing_unit,
      createdAt: job.created_at,
      updatedAt: now,
      finishedAt,
      tasks: tasks.map(taskView),
      results: sortedResults.map(resultView)
    }
  }

  listJobIds(query: {
    beforeId?: string
    status?: JobStatus[]
    kind?: JobKind[]
    profileId?: string
    limit: number
    before?: number
  }): string[] {
    const where: string[] = []
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
      // Keyset on (created_at, id), the list's order, so jobs sharing a millisecond are never skipped.
      where.push('(created_at < ? OR (created_at = ? AND id < ?))')
      params.push(query.before, query.before, query.beforeId)
    } else if (query.before !== undefined) {
      where.push('created_at < ?')
      params.push(query.before)
    }
    const sql = `SELECT id FROM jobs ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT ?`
    return (this.db.prepare(sql).all(...params, query.limit) as { id: string }[]).map((row) => row.id)
  }

  // ---- recovery ----

  /** Tasks caught mid-send by a crash: their outcome is unknown and they are never re-sent silently (P19). */
  strandedSubmissions(): { taskId: string; jobId: string }[] {
    return this.db
      .prepare("SELECT id AS taskId, job_id AS jobId FROM tasks WHERE status = 'submitting'")
      .all() as {
      taskId: string
      jobId: string
    }[]
  }

  pendingTaskIds(): string[] {
    return (
      this.db.prepare("SELECT id FROM tasks WHERE status = 'pending' ORDER BY created_at").all() as {
        id: string
      }[]
    ).map((row) => row.id)
  }

  pollableTasks(): { id: string; next_poll_at: number | null }[] {
    return this.db
      .prepare(
        "SELECT id, next_poll_at FROM tasks WHERE status IN ('queued', 'running') AND remote_id IS NOT NULL"
      )
      .all() as { id: string; next_poll_at: number | null }[]
  }

  pendingDownloads(): { id: string; next_download_at: number | null }[] {
    return this.db
      .prepare("SELECT id, next_download_at FROM results WHERE status = 'pending' AND source_url IS NOT NULL")
      .all() as { id: string; next_download_at: number | null }[]
  }

  activeTaskIds(jobId: string): string[] {
    return (
      this.db
        .prepare(
          "SELECT id FROM tasks WHERE job_id = ? AND status IN ('pending', 'submitting', 'queued', 'running', 'needs_attention')"
        )
        .all(jobId) as { id: string }[]
    ).map((row) => row.id)
  }

  tasksOf(jobId: string): TaskRow[] {
    return this.db.prepare('SELECT * FROM tasks WHERE job_id = ? ORDER BY seq').all(jobId) as TaskRow[]
  }

  mediaIdsOf(jobId: string): string[] {
    return (
      this.db
        .prepare('SELECT DISTINCT media_id FROM results WHERE job_id = ? AND media_id IS NOT NULL')
        .all(jobId) as {
        media_id: string
      }[]
    ).map((row) => row.media_id)
  }

  isMediaReferenced(mediaId: string): boolean {
    return this.db.prepare('SELECT 1 FROM results WHERE media_id = ? LIMIT 1').get(mediaId) !== undefined
  }

  /** Removes results (from the gallery) with their search rows; their files are the library's to sweep. */
  deleteResults(ids: readonly string[]): void {
    if (ids.length === 0) return
    const list = JSON.stringify(ids)
    this.transaction(() => {
      this.db
        .prepare('DELETE FROM search_index WHERE result_id IN (SELECT value FROM json_each(?))')
        .run(list)
      this.db.prepare('DELETE FROM results WHERE id IN (SELECT value FROM json_each(?))').run(list)
    })
  }

  deleteJob(jobId: string): void {
    this.transaction(() => {
      this.db.prepare('DELETE FROM search_index WHERE job_id = ?').run(jobId)
      this.db.prepare('DELETE FROM jobs WHERE id = ?').run(jobId)
    })
  }
}

/** Usage figures of several tasks added up field by field (numbers only; nested objects likewise). */
export function sumUsage(values: unknown[]): unknown {
  const objects = values.filter(
    (v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
  )
  if (objects.length === 0) return null
  if (objects.length === 1) return objects[0]
  const total: Record<string, unknown> = {}
  for (const object of objects) {
    for (const [key, value] of Object.entries(object)) {
      const current = total[key]
      if (typeof value === 'number') total[key] = (typeof current === 'number' ? current : 0) + value
      else if (typeof value === 'object' && value !== null && !Array.isArray(value))
        total[key] = sumUsage([current, value])
      else if (current === undefined) total[key] = value
    }
  }
  return total
}
