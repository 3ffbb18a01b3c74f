import { z } from 'zod'
import {
  JobError,
  type JobStatus,
  type JobView,
  type ResultView,
  type TaskLocalStatus,
  type TaskView
} from '../../shared/schemas/jobs'
import {
  CANCELLED_IN_FLIGHT,
  FINISHED_JOB_STATUSES,
  IN_FLIGHT_TASK_STATUSES,
  SENDABLE_TASK_STATUSES
} from '../../shared/schemas/jobStatuses'
import { readJsonColumn } from '../db/json'
import type { JobRow, ResultRow, TaskRow } from './rows'

/**
 * The job's status logic and views, from rows alone: no SQL here. The repository stores the aggregate with
 * every write that changes a job's tasks or results, and builds views from what it reads.
 */

export const parseError = (text: string | null): JobError | null =>
  readJsonColumn(JobError.nullable(), text, null)
const parseUnknown = (text: string | null): unknown => readJsonColumn(z.unknown(), text, null)

const anyIn = (statuses: readonly TaskLocalStatus[], set: readonly TaskLocalStatus[]): boolean =>
  statuses.some((status) => set.includes(status))
const allAre = (statuses: readonly TaskLocalStatus[], status: TaskLocalStatus): boolean =>
  statuses.every((s) => s === status)

/** Aggregates a job's status from its tasks: the job is as far along as its slowest task. */
export function aggregateStatus(tasks: readonly Pick<TaskRow, 'status'>[], storedResults: number): JobStatus {
  const statuses = tasks.map((task) => task.status)
  if (anyIn(statuses, IN_FLIGHT_TASK_STATUSES)) return 'running'
  if (anyIn(statuses, SENDABLE_TASK_STATUSES))
    return statuses.every((s) => SENDABLE_TASK_STATUSES.includes(s)) ? 'pending' : 'running'
  if (statuses.includes('needs_attention')) return 'needs_attention'
  if (allAre(statuses, 'succeeded')) return 'succeeded'
  if (allAre(statuses, 'cancelled')) return 'cancelled'
  if (statuses.includes('succeeded') || statuses.includes('incomplete') || storedResults > 0)
    return 'incomplete'
  if (allAre(statuses, 'expired')) return 'expired'
  if (statuses.includes('cancelled') && !statuses.includes('failed')) return 'cancelled'
  return 'failed'
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

/** What the job row holds about its tasks, in its columns' form (error and usage as JSON text). */
export interface AggregateColumns {
  status: JobStatus
  error: string | null
  usage: string | null
  finished_at: number | null
}

/** What the aggregate needs of a task. */
export type AggregateInput = Pick<TaskRow, 'status' | 'error' | 'usage'>

export const storedCount = (results: readonly Pick<ResultRow, 'status'>[]): number =>
  results.filter((result) => result.status === 'stored').length

/**
 * The job's aggregate from its tasks and how many of its results are stored: status, the first task error, the usage added up, and
 * the finish time (kept from `job` once set, `now` when the job has just finished).
 */
export function aggregateOf(
  job: Pick<JobRow, 'finished_at'>,
  tasks: readonly AggregateInput[],
  storedResults: number,
  now: number
): AggregateColumns {
  const status = aggregateStatus(tasks, storedResults)
  // A task cancelled on its way carries a mark, not a failure: the job's cancel is the user's own.
  const error =
    tasks
      .map((task) => parseError(task.error))
      .find((e) => e !== null && e.code !== CANCELLED_IN_FLIGHT.code) ?? null
  const usage = sumUsage(tasks.map((task) => parseUnknown(task.usage)))
  return {
    status,
    error: error ? JSON.stringify(error) : null,
    usage: usage === null ? null : JSON.stringify(usage),
    finished_at: FINISHED_JOB_STATUSES.includes(status) ? (job.finished_at ?? now) : null
  }
}

export function sameAggregate(job: JobRow, columns: AggregateColumns): boolean {
  return (
    job.status === columns.status &&
    job.error === columns.error &&
    job.usage === columns.usage &&
    job.finished_at === columns.finished_at
  )
}

export function taskView(row: TaskRow): TaskView {
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
    error: parseError(row.error),
    usage: parseUnknown(row.usage)
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

/**
 * A job as the renderer sees it: its stored row, its tasks in order, its results by task then index, and
 * as `updatedAt` the latest change of any of them.
 */
export function jobView(job: JobRow, tasks: readonly TaskRow[], results: readonly ResultRow[]): JobView {
  const seqOf = new Map(tasks.map((task) => [task.id, task.seq]))
  const sorted = [...results].sort(
    (a, b) => (seqOf.get(a.task_id) ?? 0) - (seqOf.get(b.task_id) ?? 0) || a.idx - b.idx
  )
  return {
    id: job.id,
    kind: job.kind,
    endpoint: job.endpoint,
    profileId: job.profile_id,
    model: job.model,
    prompt: job.prompt,
    request: parseUnknown(job.params),
    status: job.status,
    error: parseError(job.error),
    usage: parseUnknown(job.usage),
    billingUnit: job.billing_unit,
    createdAt: job.created_at,
    updatedAt: Math.max(
      job.updated_at,
      ...tasks.map((task) => task.updated_at),
      ...results.map((result) => result.updated_at)
    ),
    finishedAt: job.finished_at,
    groupId: job.group_id,
    tasks: tasks.map(taskView),
    results: sorted.map(resultView)
  }
}

/** Views of several jobs (in the order given) from their tasks and results read in one batch each. */
export function jobViews(
  jobs: readonly JobRow[],
  tasks: readonly TaskRow[],
  results: readonly ResultRow[]
): JobView[] {
  const tasksOf = groupBy(tasks, (task) => task.job_id)
  const resultsOf = groupBy(results, (result) => result.job_id)
  return jobs.map((job) => jobView(job, tasksOf.get(job.id) ?? [], resultsOf.get(job.id) ?? []))
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group) group.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}
