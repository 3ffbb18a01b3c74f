import type { TFunction } from 'i18next'
import { mayStillBill } from '@shared/schemas/jobStatuses'
import { descriptorOf } from '@shared/gateway/endpoints'
import {
  JOB_STATUSES,
  JobRequest,
  TASK_LOCAL_STATUSES,
  type JobStatus,
  type JobView,
  type TaskLocalStatus,
  type TaskView
} from '@shared/schemas/jobs'
import type { Progress } from '../ui/ProgressBar'
import { currentT } from '../ui/words'

/**
 * What every screen says about a job's state: whether it is still going, its status in words and tone,
 * how far along it is, how long it took. Pure functions, so the rules are unit-tested without a screen.
 * Words come from the catalog (`ui.jobs`) through the `t` a component passes, else the app's current one.
 */

const ACTIVE_TASK: readonly TaskLocalStatus[] = ['pending', 'submitting', 'queued', 'running']
export const isActiveTask = (task: TaskView): boolean => ACTIVE_TASK.includes(task.status)
export const isActiveJob = (job: JobView): boolean => job.status === 'pending' || job.status === 'running'

/**
 * The user stopped tracking a job whose task the gateway had accepted and had not finished when last
 * asked: it may still run there and be billed, so it is not "Cancelled" (issue 25's truthful cancel).
 */
export const isUntracked = (job: JobView): boolean =>
  job.status === 'cancelled' && job.tasks.some(mayStillBill)

/** Not sent because it would cross a spending cap (P50): its task says which, until the budget allows it. */
export const isWaitingForBudget = (job: JobView): boolean =>
  job.status === 'pending' &&
  job.tasks.some((task) => task.status === 'pending' && task.error?.code === 'budget')

/** Results still being downloaded into the library after the gateway finished. */
export const isSaving = (job: JobView): boolean =>
  !isActiveJob(job) && job.results.some((result) => result.status === 'pending')

/** Saving held up by the disk, not the result host (the backend's `download_storage`, P47). */
const isWaitingForDisk = (job: JobView): boolean =>
  job.results.some((result) => result.status === 'pending' && result.error?.code === 'download_storage')

/** How many images one task of a stored request makes: a job of N tasks ("Images: N") makes one each. */
export function imagesPerTask(raw: unknown): number {
  const parsed = JobRequest.safeParse(raw)
  if (!parsed.success) return 1
  const descriptor = descriptorOf(parsed.data.endpoint)
  return descriptor.tasksOf ? 1 : descriptor.imagesOf(parsed.data)
}

/** What became of the images a job asked for, counted from its tasks and results. */
export interface Tally {
  /** The images asked for (or, when a task answered with more, the ones it answered with). */
  total: number
  /** In the library. */
  ready: number
  /** Answered by the gateway, still being downloaded. */
  saving: number
  /** Refused, failed, or lost before it could be kept. */
  failed: number
  /** A cut stream's images that never came. */
  missing: number
  cancelled: number
}

const FAILED_TASK: readonly TaskLocalStatus[] = ['failed', 'expired']

export function tallyOf(job: JobView): Tally {
  const perTask = imagesPerTask(job.request)
  const tally: Tally = { total: 0, ready: 0, saving: 0, failed: 0, missing: 0, cancelled: 0 }
  for (const task of job.tasks) {
    const results = job.results.filter((result) => result.taskId === task.id)
    for (const result of results) {
      if (result.status === 'stored') tally.ready++
      else if (result.status === 'pending') tally.saving++
      else tally.failed++
    }
    // A task that answered tells how many it made; one that did not leaves its images unmade.
    const unmade = task.status === 'succeeded' ? 0 : Math.max(0, perTask - results.length)
    if (FAILED_TASK.includes(task.status)) tally.failed += unmade
    else if (task.status === 'incomplete') tally.missing += unmade
    else if (task.status === 'cancelled') tally.cancelled += unmade
    tally.total += results.length + unmade
  }
  return tally
}

/** "3 of 4 ready, 1 failed": a finished job some of whose images did not make it, or null. */
function partialText(tally: Tally, t: TFunction): string | null {
  if (tally.ready === 0 || tally.ready >= tally.total) return null
  const lost = [
    tally.failed > 0 ? t('ui.jobs.partial.failed', { count: tally.failed }) : '',
    tally.missing > 0 ? t('ui.jobs.partial.missing', { count: tally.missing }) : '',
    tally.cancelled > 0 ? t('ui.jobs.partial.cancelled', { count: tally.cancelled }) : ''
  ].filter(Boolean)
  return [t('ui.jobs.partial.ready', { ready: tally.ready, total: tally.total }), ...lost].join(
    t('ui.jobs.partial.separator')
  )
}

/** A job's status in a word ("Done", 已完成). */
export const jobStatusWords = (status: JobStatus, t: TFunction = currentT): string =>
  t(`ui.jobs.status.${status}`)

/** A task's status in words, its gateway phase included ("Queued at the gateway"). */
export const taskStatusWords = (status: TaskLocalStatus, t: TFunction = currentT): string =>
  t(`ui.jobs.task.${status}`)

/** A table whose values are said in the app's current language each time they are read. */
function wordsTable<K extends string>(
  keys: readonly K[],
  say: (key: K) => string
): Readonly<Record<K, string>> {
  const table = {} as Record<K, string>
  for (const key of keys) Object.defineProperty(table, key, { enumerable: true, get: () => say(key) })
  return table
}

/** Job statuses in words, in the current language (`jobStatusWords` takes a component's `t`). */
export const JOB_STATUS_LABELS = wordsTable(JOB_STATUSES, (status) => jobStatusWords(status))

/** Task statuses in words, in the current language (`taskStatusWords` takes a component's `t`). */
export const TASK_STATUS_LABELS = wordsTable(TASK_LOCAL_STATUSES, (status) => taskStatusWords(status))

/** `partial`: finished with some images and without others (neither the green of done nor the red of failed). */
export type StatusTone = 'active' | 'ok' | 'partial' | 'error' | 'attention' | 'quiet'

export function statusTone(status: JobStatus): StatusTone {
  switch (status) {
    case 'pending':
    case 'running':
      return 'active'
    case 'succeeded':
      return 'ok'
    case 'needs_attention':
      return 'attention'
    case 'cancelled':
      return 'quiet'
    default:
      return 'error'
  }
}

/**
 * The tone of a job as its words say it: a job is in the tone of success only once every image it made is
 * in the library; one with some images and not others has a tone of its own.
 */
export function jobTone(job: JobView): StatusTone {
  if (isWaitingForBudget(job)) return 'attention'
  if (isActiveJob(job) || isSaving(job)) return 'active'
  if (job.status === 'needs_attention' || isUntracked(job)) return 'attention'
  const tally = tallyOf(job)
  if (partialText(tally, currentT) !== null) return 'partial'
  if (job.status === 'succeeded' && tally.total > 0 && tally.ready === 0) return 'error'
  return statusTone(job.status)
}

/**
 * The job's status in words, as precise as its tasks and results allow: the gateway's phase while it runs
 * ("Queued at the gateway" until a task runs), "Saving to the library" until every image is kept, "Done"
 * only when all are, "3 of 4 ready, 1 failed" when some are not.
 */
export function statusText(job: JobView, t: TFunction = currentT): string {
  if (isSaving(job)) return t(isWaitingForDisk(job) ? 'ui.jobs.waitingForDisk' : 'ui.jobs.saving')
  if (job.status === 'needs_attention') return jobStatusWords('needs_attention', t)
  if (isUntracked(job)) return t('ui.jobs.untracked')
  if (job.status !== 'running' && job.status !== 'pending') {
    const tally = tallyOf(job)
    const partial = partialText(tally, t)
    if (partial !== null) return partial
    if (job.status === 'succeeded' && tally.total > 0 && tally.ready === 0) return jobStatusWords('failed', t)
    return jobStatusWords(job.status, t)
  }
  if (isWaitingForBudget(job)) return t('ui.jobs.waitingForBudget')
  if (job.status !== 'running') return jobStatusWords(job.status, t)
  // Running only where the gateway said so (a task it reports running, or a stream sending images);
  // otherwise the furthest phase it did say: queued, or our request still waiting for its answer.
  const active = job.tasks.filter(isActiveTask).map((task) => task.status)
  if (active.includes('running')) return taskStatusWords('running', t)
  const streaming = job.tasks.some(
    (task) => task.status === 'submitting' && job.results.some((result) => result.taskId === task.id)
  )
  if (streaming) return t('ui.jobs.receiving')
  if (active.includes('queued')) return taskStatusWords('queued', t)
  if (active.includes('submitting')) return taskStatusWords('submitting', t)
  return taskStatusWords('pending', t)
}

/**
 * Determinate only when the gateway reported progress for every task still going; otherwise an honest
 * "working on it" with what is known (a phase, how many of a group are done).
 */
export function progressOf(job: JobView, t: TFunction = currentT): Progress {
  if (isSaving(job))
    return {
      type: 'indeterminate',
      label: t(isWaitingForDisk(job) ? 'ui.jobs.waitingForDisk' : 'ui.jobs.savingResult')
    }
  if (!isActiveJob(job)) return { type: 'none' }
  const active = job.tasks.filter(isActiveTask)
  const reported = active.length > 0 && active.every((task) => task.progress !== null)
  if (reported) {
    const sum = job.tasks.reduce(
      (total, task) => total + (isActiveTask(task) ? Math.min(1, Math.max(0, task.progress ?? 0)) : 1),
      0
    )
    const value = sum / Math.max(1, job.tasks.length)
    return {
      type: 'determinate',
      value,
      label: t('ui.jobs.progress.percent', { percent: Math.round(value * 100) })
    }
  }
  const done = job.tasks.length - active.length
  if (job.tasks.length > 1)
    return { type: 'indeterminate', label: t('ui.jobs.progress.done', { done, total: job.tasks.length }) }
  // A stream's images arrive one by one: say how many, still without inventing a total.
  const arrived = job.results.filter((result) => result.status === 'stored').length
  if (arrived > 0) return { type: 'indeterminate', label: t('ui.jobs.progress.soFar', { count: arrived }) }
  return { type: 'indeterminate', label: statusText(job, t) }
}

export function elapsedMs(job: JobView, now: number): number {
  return Math.max(0, (job.finishedAt ?? now) - job.createdAt)
}

/** An elapsed time to the unit that matters ("42 s", "3 min 05 s", "2 h 10 min", "3 days"). */
export function formatDuration(ms: number, t: TFunction = currentT): string {
  const seconds = Math.floor(ms / 1000)
  if (seconds < 60) return t('ui.jobs.duration.seconds', { seconds })
  const minutes = Math.floor(seconds / 60)
  const pad = (n: number): string => String(n).padStart(2, '0')
  if (minutes < 60) return t('ui.jobs.duration.minutes', { minutes, seconds: pad(seconds % 60) })
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return t('ui.jobs.duration.hours', { hours, minutes: pad(minutes % 60) })
  return t('ui.jobs.duration.days', { count: Math.floor(hours / 24) })
}
