import { randomUUID } from 'node:crypto'
import type { JobError, JobView } from '../../shared/schemas/jobs'
import { SENDABLE_TASK_STATUSES } from '../../shared/schemas/jobStatuses'
import { writeTransaction, type Db } from '../db/connection'
import { inList, JobReads } from './reads'
import type { ImportedJob, JobRow, NewJob, NewResult, TaskPatch } from './rows'
import { aggregateOf, jobView, sameAggregate, storedCount, type AggregateColumns } from './views'
import type { Verdict } from '../../shared/schemas/batches'

export type { JobListQuery } from './reads'

const TASK_COLUMNS: Record<string, string> = {
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

/**
 * All SQL of the task engine: the queries of `JobReads` and every write to jobs, tasks, results and
 * search_index. Writes are immediate transactions. The job row's aggregate (status, error, usage, finish
 * time) is stored by the writes that change the job's tasks or results, in their transaction, so reads
 * (`jobView`, `listJobs`) never write.
 */
export class JobRepository extends JobReads {
  /**
   * Jobs whose tasks or results the open transaction changed: their aggregate is stored before it commits.
   * `true`: the job row is written even if its aggregate stays the same (results were removed).
   */
  private readonly touched = new Map<string, boolean>()
  private inTransaction = false

  constructor(
    db: Db,
    /** The backend's one clock (`Clock.now`). */
    private readonly now: () => number
  ) {
    super(db)
  }

  /** One IMMEDIATE transaction (a nested call is a savepoint in it); touched jobs are settled before commit. */
  transaction<T>(fn: () => T): T {
    if (this.inTransaction) return writeTransaction(this.db, fn)
    return writeTransaction(this.db, () => {
      this.inTransaction = true
      try {
        const value = fn()
        for (const jobId of this.touched.keys()) this.storeSettled(jobId)
        return value
      } finally {
        this.inTransaction = false
        this.touched.clear()
      }
    })
  }

  /**
   * Stores the job's aggregate from its tasks and results and returns the view it makes. A write: the engine
   * calls it inside the transaction that changed the job when it also needs the view (one read, not two).
   */
  settle(jobId: string): JobView | null {
    if (!this.inTransaction) return this.transaction(() => this.settle(jobId))
    const always = this.touched.get(jobId) ?? false
    this.touched.delete(jobId)
    const job = this.job(jobId)
    if (!job) return null
    const tasks = this.tasksOf(jobId)
    const results = this.resultsOf([jobId])
    const aggregate = aggregateOf(job, tasks, storedCount(results), this.now())
    return jobView(this.storeAggregate(job, aggregate, always), tasks, results)
  }

  /** `settle` without the view: only what the aggregate is computed from is read. */
  private storeSettled(jobId: string): void {
    const job = this.job(jobId)
    if (!job) return
    const { tasks, stored } = this.aggregateInputs(jobId)
    this.storeAggregate(job, aggregateOf(job, tasks, stored, this.now()), this.touched.get(jobId) ?? false)
  }

  /** Recovery at start: stores the aggregate of `leftoverJobIds` where it differs; returns those jobs. */
  settleLeftovers(): string[] {
    return this.transaction(() => {
      const changed: string[] = []
      for (const id of this.leftoverJobIds()) {
        const job = this.job(id) as JobRow
        const { tasks, stored } = this.aggregateInputs(id)
        const aggregate = aggregateOf(job, tasks, stored, this.now())
        if (sameAggregate(job, aggregate)) continue
        this.storeAggregate(job, aggregate, false)
        changed.push(id)
      }
      return changed
    })
  }

  // ---- writes ----

  /** P19: the job and every task (with its Idempotency-Key) are committed before anything is sent. */
  insertJob(job: NewJob): { jobId: string; taskIds: string[] } {
    const jobId = randomUUID()
    const now = this.now()
    const taskIds: string[] = []
    this.write(() => {
      // All tasks start pending, so the aggregate starts `pending` too.
      this.sql(
        `INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, billing_unit, created_at,
           updated_at, group_id, queue_order)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?,
           COALESCE(?, (SELECT COALESCE(MAX(queue_order), 0) + 1 FROM jobs WHERE queue_order IS NOT NULL)))`
      ).run(
        jobId,
        job.kind,
        job.endpoint,
        job.profileId,
        job.model,
        job.prompt,
        JSON.stringify(job.request),
        job.billingUnit,
        now,
        now,
        job.groupId ?? null,
        job.queueOrder ?? null
      )
      const insertTask = this.sql(
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
      this.sql(
        'INSERT INTO search_index (job_id, result_id, prompt, revised_prompt) VALUES (?, NULL, ?, NULL)'
      ).run(jobId, job.prompt)
    })
    return { jobId, taskIds }
  }

  /**
   * Images brought in from outside (issue 26), each a finished job that says where it came from
   * (`imported`, JSON the gallery reads), one finished task and one stored result; all of them in one
   * transaction (an import of thousands commits a few dozen at a time). Returns their results' ids (their
   * gallery ids), in order. Nothing of the engine ever picks up a finished job.
   */
  insertImported(images: readonly ImportedJob[]): string[] {
    const now = this.now()
    const ids: string[] = []
    this.write(() => {
      const job = this.sql(
        `INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, created_at, updated_at,
           finished_at, imported)
         VALUES (?, 'image', ?, '', ?, ?, ?, 'succeeded', ?, ?, ?, ?)`
      )
      const task = this.sql(
        `INSERT INTO tasks (id, job_id, seq, idempotency_key, request, request_hash, status, created_at, updated_at)
         VALUES (?, ?, 0, ?, '{}', '', 'succeeded', ?, ?)`
      )
      const result = this.sql(
        `INSERT INTO results (id, job_id, task_id, idx, kind, status, media_id, revised_prompt, created_at, updated_at)
         VALUES (?, ?, ?, 0, 'image', 'stored', ?, ?, ?, ?)`
      )
      for (const image of images) {
        const jobId = randomUUID()
        const taskId = randomUUID()
        const resultId = randomUUID()
        const request = JSON.stringify(image.request)
        job.run(jobId, image.endpoint, image.model, image.prompt, request, now, now, now, image.imported)
        task.run(taskId, jobId, randomUUID(), now, now)
        result.run(resultId, jobId, taskId, image.mediaId, image.revisedPrompt, now, now)
        ids.push(resultId)
      }
    })
    return ids
  }

  /** Takes jobs out of their group (a batch's failed jobs, once retried as new ones), in the caller's transaction. */
  leaveGroup(jobIds: readonly string[]): void {
    const set = this.sql('UPDATE jobs SET group_id = NULL WHERE id = ?')
    for (const jobId of jobIds) set.run(jobId)
  }

  /** New places in the send queue (a move to the front, a drag), committed together. */
  setQueueOrder(orders: readonly { jobId: string; order: number }[]): void {
    const set = this.sql('UPDATE jobs SET queue_order = ? WHERE id = ?')
    this.write(() => {
      for (const { jobId, order } of orders) set.run(order, jobId)
    })
  }

  /**
   * Moves a pending task to `submitting` and commits it; false if someone else (or a cancel) got there first.
   * A try starts clean: the 429 that sent it back to wait is not this try's error.
   */
  claimForSend(taskId: string): boolean {
    return this.write(() =>
      this.touch(
        this.sql(
          `UPDATE tasks SET status = 'submitting', attempts = attempts + 1, error = NULL, updated_at = ?
           WHERE id = ? AND status IN (${inList(SENDABLE_TASK_STATUSES)}) RETURNING job_id`
        ).get(this.now(), taskId)
      )
    )
  }

  updateTask(taskId: string, patch: TaskPatch): void {
    const sets: string[] = ['updated_at = @now']
    const params: Record<string, unknown> = { id: taskId, now: this.now() }
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue
      if (key === 'error' || key === 'usage') {
        sets.push(`${key} = @${key}`)
        params[key] = value === null ? null : JSON.stringify(value)
      } else if (TASK_COLUMNS[key]) {
        sets.push(`${TASK_COLUMNS[key]} = @${key}`)
        params[key] = value
      }
    }
    this.write(() =>
      this.touch(this.sql(`UPDATE tasks SET ${sets.join(', ')} WHERE id = @id RETURNING job_id`).get(params))
    )
  }

  insertResult(result: NewResult): string {
    const id = randomUUID()
    const now = this.now()
    this.write(() => {
      this.sql(
        `INSERT INTO results (id, job_id, task_id, idx, kind, status, source_url, source_expires_at, media_id,
           size_label, revised_prompt, error, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (task_id, idx) DO NOTHING`
      ).run(
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
        this.sql(
          'INSERT INTO search_index (job_id, result_id, prompt, revised_prompt) VALUES (?, ?, NULL, ?)'
        ).run(result.jobId, id, result.revisedPrompt)
      }
      this.mark(result.jobId)
    })
    return id
  }

  markResultStored(resultId: string, mediaId: string): void {
    this.updateResult(
      "status = 'stored', media_id = ?, error = NULL, next_download_at = NULL",
      [mediaId],
      resultId
    )
  }

  markResultFailed(resultId: string, status: 'failed' | 'expired' | 'rejected', error: JobError): void {
    this.updateResult(
      'status = ?, error = ?, next_download_at = NULL',
      [status, JSON.stringify(error)],
      resultId
    )
  }

  scheduleDownloadRetry(resultId: string, at: number, error: JobError): void {
    this.updateResult(
      'download_attempts = download_attempts + 1, next_download_at = ?, error = ?',
      [at, JSON.stringify(error)],
      resultId
    )
  }

  setFavorite(resultId: string, favorite: boolean): void {
    this.updateResult('favorite = ?', [favorite ? 1 : 0], resultId)
  }

  /** Keeps, rejects or clears results (a designer's marks while culling a batch); says how many changed. */
  setVerdicts(resultIds: readonly string[], verdict: Verdict | null): number {
    return this.setMarks('verdict', resultIds, verdict)
  }

  /** Gives results a rating (0 clears it); says how many changed. */
  setRatings(resultIds: readonly string[], rating: number): number {
    return this.setMarks('rating', resultIds, rating)
  }

  /** Writes a result's note ('' clears it); false when it did not change (or there is no such result). */
  setNote(resultId: string, note: string): boolean {
    return this.write(
      () =>
        this.sql('UPDATE results SET note = ?, updated_at = ? WHERE id = ? AND note != ?').run(
          note,
          this.now(),
          resultId,
          note
        ).changes > 0
    )
  }

  /** Removes results (from the gallery) with their search rows; their files are the library's to sweep. */
  deleteResults(ids: readonly string[]): void {
    if (ids.length === 0) return
    const list = JSON.stringify(ids)
    this.write(() => {
      this.sql('DELETE FROM search_index WHERE result_id IN (SELECT value FROM json_each(?))').run(list)
      const rows = this.sql(
        'DELETE FROM results WHERE id IN (SELECT value FROM json_each(?)) RETURNING job_id'
      ).all(list) as { job_id: string }[]
      for (const row of rows) this.mark(row.job_id, true)
    })
  }

  deleteJob(jobId: string): void {
    this.write(() => {
      this.sql('DELETE FROM search_index WHERE job_id = ?').run(jobId)
      this.sql('DELETE FROM jobs WHERE id = ?').run(jobId)
    })
  }

  // ---- helpers ----

  /**
   * A designer's mark on results, left alone where it is already that value, so the count says what
   * changed. None of them touches the job's aggregate: no job is marked.
   */
  private setMarks(
    column: 'verdict' | 'rating',
    resultIds: readonly string[],
    value: string | number | null
  ): number {
    if (resultIds.length === 0) return 0
    return this.write(
      () =>
        this.sql(
          `UPDATE results SET ${column} = ?, updated_at = ?
             WHERE id IN (SELECT value FROM json_each(?)) AND ${column} IS NOT ?`
        ).run(value, this.now(), JSON.stringify(resultIds), value).changes
    )
  }

  /**
   * The job row is written only when its aggregate changes (or `always`): a poll that changes nothing of it
   * writes its task alone. A view's `updatedAt` is the latest change of the job, its tasks or its results.
   */
  private storeAggregate(job: JobRow, aggregate: AggregateColumns, always: boolean): JobRow {
    if (!always && sameAggregate(job, aggregate)) return job
    const now = this.now()
    this.sql(
      'UPDATE jobs SET status = ?, error = ?, usage = ?, finished_at = ?, updated_at = ? WHERE id = ?'
    ).run(aggregate.status, aggregate.error, aggregate.usage, aggregate.finished_at, now, job.id)
    return { ...job, ...aggregate, updated_at: now }
  }

  private mark(jobId: string, always = false): void {
    this.touched.set(jobId, always || (this.touched.get(jobId) ?? false))
  }

  /** A write: part of the open transaction, or a transaction of its own. */
  private write<T>(fn: () => T): T {
    return this.inTransaction ? fn() : this.transaction(fn)
  }

  /** Marks the job of a `RETURNING job_id` row as changed; true if there was a row. */
  private touch(row: unknown): boolean {
    const jobId = (row as { job_id?: string } | undefined)?.job_id
    if (jobId) this.mark(jobId)
    return jobId !== undefined
  }

  private updateResult(sets: string, values: unknown[], resultId: string): void {
    this.write(() =>
      this.touch(
        this.sql(`UPDATE results SET ${sets}, updated_at = ? WHERE id = ? RETURNING job_id`).get(
          ...values,
          this.now(),
          resultId
        )
      )
    )
  }
}
