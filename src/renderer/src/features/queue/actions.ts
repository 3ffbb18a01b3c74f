import type { ApiClient } from '@shared/client'
import type { JobView } from '@shared/schemas/jobs'
import type { AppError, Result } from '@shared/result'
import type { JobCancelOutcome } from '@shared/schemas/cancel'
import { i18n } from '../../i18n'
import { failureLine } from '../../ui/errorWords'
import { announceCancel } from '../../jobs/cancel'
import { useJobsStore } from '../../store/jobs'
import { retryRequest } from './model'
import { useQueueStore } from './store'

/** Runs one row action; the row shows the failure, and the mirror takes the fresh view at once. */
async function run(jobId: string, action: () => Promise<Result<JobView | null>>): Promise<JobView | null> {
  const result = await action()
  const tasks = useQueueStore.getState()
  if (!result.ok) {
    tasks.setActionError(jobId, failureLine(i18n.t, result.error))
    return null
  }
  tasks.setActionError(jobId, null)
  if (result.value) useJobsStore.getState().upsert(result.value)
  return result.value
}

/** Cancels (or stops tracking) a job, then says what the gateway answered, or that it was not asked. */
export async function cancelJob(api: ApiClient, job: JobView): Promise<JobView | null> {
  let outcome: JobCancelOutcome | undefined
  const view = await run(job.id, async () => {
    const result = await api.call('jobs.cancel', { id: job.id })
    if (!result.ok) return result
    const { cancel, ...fresh } = result.value
    outcome = cancel
    return { ok: true, value: fresh }
  })
  if (view) announceCancel(view, outcome)
  return view
}

/** Only ever called from the "may charge twice" confirmation. */
export const resendJob = (api: ApiClient, job: JobView): Promise<JobView | null> =>
  run(job.id, () => api.call('jobs.resend', { id: job.id, confirmMayChargeTwice: true }))

/** The same request as a brand-new job (new tasks, new idempotency keys) on the job's own gateway. */
export function retryJob(api: ApiClient, job: JobView): Promise<JobView | null> {
  const request = retryRequest(job)
  if (!request) {
    useQueueStore.getState().setActionError(job.id, i18n.t('queue.row.cannotRetry'))
    return Promise.resolve(null)
  }
  return run(job.id, () => api.call('jobs.submit', { profileId: job.profileId, request }))
}

export async function deleteJob(api: ApiClient, job: JobView): Promise<boolean> {
  const result = await api.call('jobs.delete', { id: job.id })
  if (!result.ok) {
    useQueueStore.getState().setActionError(job.id, failureLine(i18n.t, result.error))
    return false
  }
  useJobsStore.getState().remove(job.id)
  return true
}

/** The queue's line as the backend has it now (paused, and what waits in which order). */
export async function loadLine(api: ApiClient): Promise<void> {
  const result = await api.call('queue.get', {})
  if (result.ok) useQueueStore.getState().setLine(result.value)
}

/** Pauses or resumes sending; the backend answers once nothing new will be sent. */
export async function setQueuePaused(api: ApiClient, paused: boolean): Promise<string | null> {
  const result = await api.call(paused ? 'queue.pause' : 'queue.resume', {})
  if (!result.ok) return failureLine(i18n.t, result.error)
  useQueueStore.getState().setLine(result.value)
  return null
}

/** Sends this job next: to the front of the line. */
export async function moveToFront(api: ApiClient, job: JobView): Promise<void> {
  const result = await api.call('queue.move', { to: 'front', jobIds: [job.id] })
  const tasks = useQueueStore.getState()
  if (!result.ok) {
    tasks.setActionError(job.id, failureLine(i18n.t, result.error))
    return
  }
  tasks.setActionError(job.id, null)
  tasks.setLine(result.value)
}

/** The latest batches, with their counts and pauses (`groups.updated` keeps them current). */
export async function loadBatches(api: ApiClient): Promise<void> {
  const result = await api.call('groups.list', { limit: 50 })
  if (result.ok) useQueueStore.getState().setBatches(result.value)
}

/** A batch action (pause, resume, to the front); its failure in words, or null. */
export async function steerBatch(
  api: ApiClient,
  id: string,
  action: 'groups.pause' | 'groups.resume' | 'groups.toFront'
): Promise<string | null> {
  const result = await api.call(action, { id })
  if (!result.ok) return failureLine(i18n.t, result.error)
  if ('jobIds' in result.value) useQueueStore.getState().setBatch(result.value)
  else useQueueStore.getState().setLine(result.value)
  return null
}

/** A batch's failed jobs made again: how many went, or the failure in words. */
export async function retryFailedOf(api: ApiClient, id: string): Promise<{ retried: number } | string> {
  const result = await api.call('groups.retryFailed', { id })
  if (!result.ok) return failureLine(i18n.t, result.error)
  useQueueStore.getState().setBatch(result.value.group)
  return { retried: result.value.retried }
}

/** Cancels a batch; what it did (how many stopped, how many the gateway may still bill), or the failure. */
export async function cancelBatch(
  api: ApiClient,
  id: string
): Promise<{ cancelled: number; untracked: number } | { error: AppError }> {
  const result = await api.call('groups.cancel', { id })
  if (!result.ok) return { error: result.error }
  useQueueStore.getState().setBatch(result.value.group)
  return { cancelled: result.value.cancelled, untracked: result.value.untracked }
}

/** The jobs still waiting, in the order they go (the last order said, less those sent since). */
function waitingNow(): string[] {
  const line = useQueueStore.getState().line
  const byId = useJobsStore.getState().byId
  return (line?.waiting ?? []).filter((id) => {
    const job = byId[id]
    return !job || job.status === 'pending'
  })
}

/** Puts a waiting job just before another (null: last); a drag ends here. */
export async function moveBefore(api: ApiClient, jobId: string, before: string | null): Promise<void> {
  if (jobId === before) return
  const result = await api.call('queue.move', { to: 'before', jobId, before })
  const tasks = useQueueStore.getState()
  if (!result.ok) {
    tasks.setActionError(jobId, failureLine(i18n.t, result.error))
    return
  }
  tasks.setActionError(jobId, null)
  tasks.setLine(result.value)
}

/** One place earlier or later in line (the keyboard's move); nothing past either end. */
export function moveByOne(api: ApiClient, jobId: string, step: -1 | 1): Promise<void> {
  const waiting = waitingNow()
  const at = waiting.indexOf(jobId)
  if (at < 0) return Promise.resolve()
  if (step === -1) {
    const previous = waiting[at - 1]
    return previous === undefined ? Promise.resolve() : moveBefore(api, jobId, previous)
  }
  if (at === waiting.length - 1) return Promise.resolve()
  return moveBefore(api, jobId, waiting[at + 2] ?? null)
}
