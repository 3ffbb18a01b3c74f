import type { JobError } from '../../shared/schemas/jobs'
import { DOWNLOADABLE_RESULT_STATUSES } from '../../shared/schemas/jobStatuses'
import type { RunnerContext } from './context'
import { downloadDelay } from './policy'

/**
 * The download lane: a result known by its address is fetched into the library before the address expires
 * (P26). It moves results, not tasks:
 *
 *   pending ─▶ stored     the file is in the library (atomic write, P28) and the row says so
 *           ─▶ pending    a transient failure (network, timeout, 408, 425, 429, 5xx): retried with backoff,
 *                         never sooner than the host's Retry-After, while the address lives
 *           ─▶ expired    the host refused it (403, 404, 410), or the address expired first
 *           ─▶ rejected   never retried: not PNG, JPEG, WebP or MP4 (P32), over the cap (P31), or an
 *                         address the URL policy refuses (P30)
 *
 * Only DOWNLOADABLE_RESULT_STATUSES with a source URL are fetched; on `stop` the row stays `pending`.
 */
export class DownloadRunner {
  constructor(private readonly ctx: RunnerContext) {}

  /** At start: every pending download is tried again at its stored time, but within `resumeWithinMs`. */
  resume(resumeWithinMs: number): number {
    const now = this.ctx.now()
    const downloads = this.ctx.repo.pendingDownloads()
    for (const result of downloads) {
      const wait = (result.next_download_at ?? now) - now
      this.ctx.scheduler.scheduleDownload(result.id, Math.min(Math.max(0, wait), resumeWithinMs))
    }
    return downloads.length
  }

  async run(resultId: string): Promise<void> {
    const { repo, deps, scheduler, policy } = this.ctx
    const result = repo.result(resultId)
    if (!result || !DOWNLOADABLE_RESULT_STATUSES.includes(result.status) || !result.source_url) return
    const job = repo.job(result.job_id)
    if (!job) return
    const controller = scheduler.track(resultId)
    try {
      const stored = await deps.media.storeDownload(result.source_url, {
        allowLoopback: deps.allowsLoopbackDownloads(job.profile_id),
        signal: controller.signal,
        kind: result.kind
      })
      if (scheduler.stopped) return
      deps.probe?.('download.stored')
      repo.markResultStored(resultId, stored.id)
    } catch (error) {
      if (scheduler.stopped) return
      const verdict = deps.media.classifyDownloadError(error)
      const jobError: JobError = { code: `download_${verdict.kind}`, message: verdict.message }
      // The address's expiry is a stored wall-clock time: held to the steady clock, so a clock set forward
      // while a retry waits does not give the result up, and one set back does not stall the retry.
      const expiry = result.source_expires_at ?? result.created_at + policy.download.windowMs
      const left = expiry - this.ctx.steadyNow()
      if (verdict.kind === 'transient' && left > 0) {
        const delay = Math.min(
          left,
          downloadDelay(policy.download, result.download_attempts, this.ctx.random, verdict.retryAfterMs)
        )
        repo.scheduleDownloadRetry(resultId, this.ctx.now() + delay, jobError)
        scheduler.scheduleDownload(resultId, delay)
      } else {
        const status = verdict.kind === 'rejected' ? 'rejected' : 'expired'
        const message =
          status === 'expired'
            ? 'The result could not be downloaded before its address expired. It is lost on the gateway side.'
            : verdict.message
        repo.markResultFailed(resultId, status, { code: jobError.code, message })
      }
    } finally {
      scheduler.release(resultId)
    }
    this.ctx.publish(job.id)
  }
}
