import type { JobStatus, JobView, TaskLocalStatus, TaskView } from '@shared/schemas/jobs'
import type { Progress } from '../ui/ProgressBar'

/**
 * What every screen says about a job's state: whether it is still going, its status in words and tone,
 * how far along it is, how long it took. Pure functions, so the rules are unit-tested without a screen.
 */

const ACTIVE_TASK: readonly TaskLocalStatus[] = ['pending', 'submitting', 'queued', 'running']
export const isActiveTask = (task: TaskView): boolean => ACTIVE_TASK.includes(task.status)
export const isActiveJob = (job: JobView): boolean => job.status === 'pending' || job.status === 'running'

/** Results still being downloaded into the library after the gateway finished. */
export const isSaving = (job: JobView): boolean =>
  !isActiveJob(job) && job.results.some((result) => result.status === 'pending')

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  pending: 'Waiting to send',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  needs_attention: 'Needs attention',
  incomplete: 'Partly done'
}

export const TASK_STATUS_LABELS: Record<TaskLocalStatus, string> = {
  pending: 'Waiting to send',
  submitting: 'Sending',
  queued: 'Queued at the gateway',
  running: 'Running at the gateway',
  succeeded: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  needs_attention: 'Needs attention',
  incomplete: 'Partly done'
}

export type StatusTone = 'active' | 'ok' | 'error' | 'attention' | 'quiet'

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

/** The job's status in words, as precise as its tasks allow ("Queued at the gateway", "Saving result"). */
export function statusText(job: JobView): string {
  if (isSaving(job)) return 'Saving result'
  if (job.status !== 'running') return JOB_STATUS_LABELS[job.status]
  const active = job.tasks.filter(isActiveTask).map((task) => task.status)
  for (const status of ['running', 'submitting', 'queued', 'pending'] as const) {
    if (active.length > 0 && active.every((s) => s === status)) return TASK_STATUS_LABELS[status]
  }
  if (active.includes('running')) return TASK_STATUS_LABELS.running
  return JOB_STATUS_LABELS.running
}

/**
 * Determinate only when the gateway reported progress for every task still going; otherwise an honest
 * "working on it" with what is known (a phase, how many of a group are done).
 */
export function progressOf(job: JobView): Progress {
  if (isSaving(job)) return { type: 'indeterminate', label: 'Saving the result to the library' }
  if (!isActiveJob(job)) return { type: 'none' }
  const active = job.tasks.filter(isActiveTask)
  const reported = active.length > 0 && active.every((task) => task.progress !== null)
  if (reported) {
    const sum = job.tasks.reduce(
      (total, task) => total + (isActiveTask(task) ? Math.min(1, Math.max(0, task.progress ?? 0)) : 1),
      0
    )
    const value = sum / Math.max(1, job.tasks.length)
    return { type: 'determinate', value, label: `${Math.round(value * 100)} %` }
  }
  const done = job.tasks.length - active.length
  if (job.tasks.length > 1) return { type: 'indeterminate', label: `${done} of ${job.tasks.length} done` }
  // A stream's images arrive one by one: say how many, still without inventing a total.
  const arrived = job.results.filter((result) => result.status === 'stored').length
  if (arrived > 0)
    return { type: 'indeterminate', label: `${arrived} ${arrived === 1 ? 'image' : 'images'} so far` }
  return { type: 'indeterminate', label: statusText(job) }
}

export function elapsedMs(job: JobView, now: number): number {
  return Math.max(0, (job.finishedAt ?? now) - job.createdAt)
}

export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`
  return `${Math.floor(hours / 24)} days`
}
