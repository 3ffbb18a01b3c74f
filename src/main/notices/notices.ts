import { taskEndpointAt } from '../../shared/gateway/endpoints'
import type { JobView } from '../../shared/schemas/jobs'
import { DOWNLOADABLE_RESULT_STATUSES, UNFINISHED_JOB_STATUSES } from '../../shared/schemas/jobStatuses'
import type { JobNotice } from '../../shared/schemas/notices'

/** A job that ran at least this long is worth a notice whatever its kind ("anything that ran > ~10 s"). */
export const LONG_JOB_MS = 10_000

/**
 * Finished as far as the user is concerned: the job left pending/running and no result is still being
 * downloaded, so "ready" means the file can be opened.
 */
export function isSettled(job: Pick<JobView, 'status' | 'results'>): boolean {
  return (
    !UNFINISHED_JOB_STATUSES.includes(job.status) &&
    !job.results.some((result) => DOWNLOADABLE_RESULT_STATUSES.includes(result.status))
  )
}

/** Jobs of a task endpoint (videos, v2 groups) always count as long; anything else once it ran for `longJobMs`. */
export function isLongJob(
  job: Pick<JobView, 'kind' | 'endpoint' | 'createdAt' | 'finishedAt'>,
  now: number,
  longJobMs = LONG_JOB_MS
): boolean {
  if (taskEndpointAt(job.endpoint) !== undefined) return true
  return (job.finishedAt ?? now) - job.createdAt >= longJobMs
}

const noun = (job: JobView, count: number): string => {
  if (job.kind === 'video') return count > 1 ? 'Videos' : 'Video'
  if (job.kind === 'edit') return count > 1 ? 'Edits' : 'Edit'
  return count > 1 ? `${count} images` : 'Image'
}

const quote = (prompt: string): string => {
  const line = prompt.replace(/\s+/g, ' ').trim()
  return `“${line.length > 80 ? `${line.slice(0, 79)}…` : line}”`
}

/**
 * The words of a notice, or null when the job's end is not news: a cancel the user asked for, or a status
 * that is not an end at all.
 */
export function noticeFor(job: JobView, at: number): JobNotice | null {
  const stored = job.results.filter((result) => result.status === 'stored').length
  const expected = Math.max(job.tasks.length, job.results.length, 1)
  const what = noun(job, job.kind === 'image' ? Math.max(stored, expected) : 1)
  const base = { jobId: job.id, kind: job.kind, status: job.status, hasResult: stored > 0, at }
  const prompt = quote(job.prompt)
  switch (job.status) {
    case 'succeeded': {
      const lost = job.results.filter((result) => result.status !== 'stored')
      if (stored === 0 || lost.length > 0) {
        return {
          ...base,
          tone: 'error',
          title:
            stored === 0 ? `${what} finished, but nothing could be saved` : `${what} finished with problems`,
          body: `${stored} of ${job.results.length} saved: ${lost[0]?.error?.message ?? 'no result arrived.'} ${prompt}`
        }
      }
      return { ...base, tone: 'ok', title: `${what} ready`, body: `${prompt} · ${job.model}` }
    }
    case 'incomplete':
      return {
        ...base,
        tone: 'error',
        title: `${what} partly done`,
        body: `${stored} of ${expected} arrived. ${prompt}`
      }
    case 'failed':
    case 'expired':
      return {
        ...base,
        tone: 'error',
        title: job.status === 'expired' ? `${what} expired` : `${what} failed`,
        body: `${job.error?.message ?? 'The gateway gave no reason.'} ${prompt}`
      }
    case 'needs_attention':
      return {
        ...base,
        tone: 'attention',
        title: `${what} needs your attention`,
        body: `The request may already have been sent and charged. Open the Queue to check before sending it again. ${prompt}`
      }
    case 'cancelled':
      // Only a cancel the gateway decided on is news; the user's own Cancel leaves no error behind.
      if (!job.error) return null
      return { ...base, tone: 'error', title: `${what} cancelled by the gateway`, body: prompt }
    default:
      return null
  }
}
