import { taskEndpointAt } from '../../shared/gateway/endpoints'
import type { JobView } from '../../shared/schemas/jobs'
import type { JobGroupView } from '../../shared/schemas/jobGroups'
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

/** The user's prompt on one line, cut to 80 characters: it is shown as it is, in any language. */
export function promptLine(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim()
  return line.length > 80 ? `${line.slice(0, 79)}…` : line
}

/** What a notice says, as a code and its values, with its tone; null when the end is not news. */
function wordsFor(job: JobView, stored: number, expected: number): Pick<JobNotice, 'tone' | 'words'> | null {
  switch (job.status) {
    case 'succeeded': {
      const lost = job.results.filter((result) => result.status !== 'stored')
      if (stored === 0 || lost.length > 0) {
        const counts = { saved: stored, total: job.results.length, error: lost[0]?.error ?? null }
        return { tone: 'error', words: { code: stored === 0 ? 'unsaved' : 'partly_saved', ...counts } }
      }
      return { tone: 'ok', words: { code: 'ready', model: job.model } }
    }
    case 'incomplete':
      return { tone: 'error', words: { code: 'partly_done', arrived: stored, expected } }
    case 'failed':
    case 'expired':
      return { tone: 'error', words: { code: job.status, error: job.error } }
    case 'needs_attention':
      return { tone: 'attention', words: { code: 'needs_attention' } }
    case 'cancelled':
      // Only a cancel the gateway decided on is news; the user's own Cancel leaves no error behind.
      return job.error ? { tone: 'error', words: { code: 'cancelled_by_gateway' } } : null
    default:
      return null
  }
}

/**
 * The notice of a job's end as codes and values (the renderer and the desktop catalog word it), or null
 * when the end is not news: a cancel the user asked for, or a status that is not an end at all.
 */
export function noticeFor(job: JobView, at: number): JobNotice | null {
  const stored = job.results.filter((result) => result.status === 'stored').length
  const expected = Math.max(job.tasks.length, job.results.length, 1)
  const said = wordsFor(job, stored, expected)
  if (!said) return null
  return {
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    ...said,
    count: job.kind === 'image' ? Math.max(stored, expected) : 1,
    prompt: promptLine(job.prompt),
    hasResult: stored > 0,
    at
  }
}

/**
 * A batch's end in one notice: how many of its jobs were done and how many failed. Coloured as a job's:
 * done when all were, failed when none was, else worth a look.
 */
export function batchNoticeFor(group: JobGroupView, kind: JobView['kind'], at: number): JobNotice {
  const done = group.counts.succeeded ?? 0
  const failed = (group.counts.failed ?? 0) + (group.counts.expired ?? 0) + (group.counts.incomplete ?? 0)
  const total = group.jobIds.length
  return {
    jobId: group.jobIds.at(-1) ?? group.id,
    groupId: group.id,
    kind,
    status: failed === 0 ? 'succeeded' : done === 0 ? 'failed' : 'incomplete',
    tone: done === total ? 'ok' : done === 0 ? 'error' : 'attention',
    words: { code: 'batch_done', name: group.name, done, failed, total },
    count: total,
    prompt: promptLine(group.name),
    hasResult: done > 0,
    at
  }
}
