import type { JobError } from '../../shared/schemas/jobs'
import { DOWNLOADABLE_RESULT_STATUSES } from '../../shared/schemas/jobStatuses'
import type { RunnerContext } from './context'
import { downloadDelay } from './policy'

/** A result held up by the disk, not the host: what its row says until a retry keeps it (P47). */
const STORAGE_WAIT =
  'The file could not be saved yet: the disk holding the library is full or read-only. It is saved by itself once the disk can take it.'

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
      deps.storage?.recovered()
    } catch (error) {
      if (scheduler.stopped) return
      // The row's own write may be what failed (SQLITE_FULL): the disk is said once, by the banner (P47).
      const fault = deps.storage?.report(error) ?? null
      const verdict = fault
        ? { kind: 'storage' as const, message: STORAGE_WAIT }
        : deps.media.classifyDownloadError(error)
      const jobError: JobError = { code: `download_${verdict.kind}`, message: verdict.message }
      // The address's expiry is a stored wall-clock time: held to the steady clock, so a clock set forward
      // while a retry waits does not give the result up, and one set back does not stall the retry.
      const expiry = result.source_expires_at ?? result.created_at + policy.download.windowMs
      const left = expiry - this.ctx.steadyNow()
      if ((verdict.kind === 'transient' || verdict.kind === 'storage') && left > 0) {
        const delay = Math.min(
          left,
          downloadDelay(policy.download, result.download_attempts, this.ctx.random, verdict.retryAfterMs)
        )
        // In memory first: if the disk refuses even the row's write, the retry still comes.
        scheduler.scheduleDownload(resultId, delay)
        this.recordRetry(resultId, this.ctx.now() + delay, jobError)
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

  /** The retry's time and the error, on the row; a disk that refuses this write is said, not thrown. */
  private recordRetry(resultId: string, at: number, error: JobError): void {
    try {
      this.ctx.repo.scheduleDownloadRetry(resultId, at, error)
    } catch (writeError) {
      if (!this.ctx.deps.storage?.report(writeError)) throw writeError
    }
  }
}
