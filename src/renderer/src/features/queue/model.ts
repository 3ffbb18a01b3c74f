import type { TFunction } from 'i18next'
import { JOB_KINDS } from '@shared/schemas/jobKinds'
import { JobRequest, type JobStatus, type JobView, type TaskView } from '@shared/schemas/jobs'
import { cancelPlan } from '../../jobs/cancel'
import type { ProfileView } from '@shared/schemas/profiles'
import { formatDuration, isActiveJob, isActiveTask } from '../../jobs/status'
import { i18n } from '../../i18n'
import { endpointWords } from '../../ui/words'

/**
 * What the Queue screen derives from a JobView: filters, counts, poll times and which actions apply (a
 * job's status words, progress and durations, shared with the Video screen, are in jobs/status.ts).
 * Pure functions, so the rules are unit-tested without a screen.
 */

export type JobKind = JobView['kind']
export type StatusFilter = 'all' | 'active' | 'attention' | 'done' | 'failed' | 'cancelled'
export type KindFilter = 'all' | JobKind

export interface TaskFilter {
  status: StatusFilter
  kind: KindFilter
  /** A profile id, or 'all'. */
  profileId: string
}

export const ALL_TASKS: TaskFilter = { status: 'all', kind: 'all', profileId: 'all' }

/** The statuses each status filter stands for (its words: `queue.filters.statuses.<filter>`). */
export const STATUS_FILTERS: Record<StatusFilter, { statuses: JobStatus[] | null }> = {
  all: { statuses: null },
  active: { statuses: ['pending', 'running'] },
  attention: { statuses: ['needs_attention'] },
  done: { statuses: ['succeeded'] },
  failed: { statuses: ['failed', 'expired', 'incomplete'] },
  cancelled: { statuses: ['cancelled'] }
}

/** The kind filters, in order (their words: `queue.filters.kinds.<filter>`). */
export const KIND_FILTERS: readonly KindFilter[] = ['all', ...JOB_KINDS]

export const PAGE_SIZE = 50

/** The `jobs.list` query that loads one page of a filter. */
export function toJobQuery(
  filter: TaskFilter,
  cursor?: { createdAt: number; id: string }
): {
  status?: JobStatus[]
  kind?: JobKind[]
  profileId?: string
  limit: number
  before?: number
  beforeId?: string
} {
  const statuses = STATUS_FILTERS[filter.status].statuses
  return {
    ...(statuses ? { status: statuses } : {}),
    ...(filter.kind !== 'all' ? { kind: [filter.kind] } : {}),
    ...(filter.profileId !== 'all' ? { profileId: filter.profileId } : {}),
    limit: PAGE_SIZE,
    ...(cursor ? { before: cursor.createdAt, beforeId: cursor.id } : {})
  }
}

export function filterKey(filter: TaskFilter): string {
  return `${filter.status}|${filter.kind}|${filter.profileId}`
}

export function matchesFilter(job: JobView, filter: TaskFilter): boolean {
  const statuses = STATUS_FILTERS[filter.status].statuses
  if (statuses && !statuses.includes(job.status)) return false
  if (filter.kind !== 'all' && job.kind !== filter.kind) return false
  if (filter.profileId !== 'all' && job.profileId !== filter.profileId) return false
  return true
}

export function isFiltered(filter: TaskFilter): boolean {
  return filter.status !== 'all' || filter.kind !== 'all' || filter.profileId !== 'all'
}

/** Nothing of the job has gone out yet: every task still waits to be sent. */
export const isUnsent = (job: JobView): boolean =>
  job.tasks.length > 0 && job.tasks.every((task) => task.status === 'pending')

/**
 * Under way at the gateway: sent, not finished (the badge's "running"; the jobs waiting to be sent are
 * counted from the backend's line, `places.ts`).
 */
export const isUnderWay = (job: JobView): boolean => isActiveJob(job) && !isUnsent(job)

/** How long ago, in words ("4 s ago"; "just now" within two seconds). */
export function formatAgo(at: number, now: number, t: TFunction = i18n.t): string {
  const ms = now - at
  if (ms < 2_000) return t('queue.row.justNow')
  return t('queue.row.ago', { duration: formatDuration(ms) })
}

/** When the next poll is due, in words ("next in 4 s"; "polling" once it is due). */
export function formatIn(at: number, now: number, t: TFunction = i18n.t): string {
  const ms = at - now
  if (ms < 1_000) return t('queue.row.pollingNow')
  return t('queue.row.nextIn', { duration: formatDuration(ms) })
}

export interface PollFacts {
  polls: number
  lastPolledAt: number | null
  nextPollAt: number | null
  remoteStatus: string | null
}

/** Polling of the gateway-side tasks of a job; null for synchronous jobs, which are never polled. */
export function pollFacts(job: JobView): PollFacts | null {
  const remote = job.tasks.filter((task) => task.remoteId !== null || task.pollCount > 0)
  if (remote.length === 0) return null
  const last = remote.reduce<TaskView | null>(
    (latest, task) =>
      task.lastPolledAt !== null && (latest === null || task.lastPolledAt > (latest.lastPolledAt ?? 0))
        ? task
        : latest,
    null
  )
  const next = remote
    .filter(isActiveTask)
    .map((task) => task.nextPollAt)
    .filter((at): at is number => at !== null)
  return {
    polls: remote.reduce((total, task) => total + task.pollCount, 0),
    lastPolledAt: last?.lastPolledAt ?? null,
    nextPollAt: next.length > 0 ? Math.min(...next) : null,
    remoteStatus: last?.remoteStatus ?? remote[0]?.remoteStatus ?? null
  }
}

/**
 * The job's endpoint by its family's name (the shared label), then in our words whether it streamed and
 * how many tasks it is: apart, so a screen can show the shared name as such.
 */
export function endpointParts(job: JobView, t: TFunction = i18n.t): { name: string; how: string } {
  const stream = (job.request as { stream?: unknown } | null)?.stream === true
  const group = job.tasks.length > 1 ? t('queue.row.group', { count: job.tasks.length }) : ''
  return { name: endpointWords(t, job.endpoint), how: `${stream ? t('queue.row.streamed') : ''}${group}` }
}

export function endpointLabel(job: JobView, t: TFunction = i18n.t): string {
  const { name, how } = endpointParts(job, t)
  return name + how
}

export const canCancel = (job: JobView): boolean =>
  job.status === 'pending' || job.status === 'running' || job.status === 'needs_attention'
export const canResend = (job: JobView): boolean => job.status === 'needs_attention'
export const canOpen = (job: JobView): boolean => job.results.some((result) => result.status === 'stored')

/** The stored request, ready to be submitted again as a new job; null if it no longer reads. */
export function retryRequest(job: JobView): JobRequest | null {
  if (!['failed', 'expired', 'cancelled', 'incomplete'].includes(job.status)) return null
  const parsed = JobRequest.safeParse(job.request)
  return parsed.success ? parsed.data : null
}

/** What Cancel does to this job, in words (see `cancelPlan`). */
export const cancelEffect = (job: JobView, profile: ProfileView | undefined): string =>
  cancelPlan(job, profile).effect
