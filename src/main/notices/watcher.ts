import type { JobView } from '../../shared/schemas/jobs'
import type { JobNotice } from '../../shared/schemas/notices'
import type { EventBus } from '../contract/events'
import type { SpokenLanguage } from '../../shared/language'
import { isLongJob, isSettled, LONG_JOB_MS, noticeFor } from './notices'
import { desktopNotice, type DesktopNotice } from './words'

export interface JobWatcherOptions {
  bus: EventBus
  /** Read on every finish, so turning the setting off takes effect at once. */
  notifyOnJobFinish: () => boolean
  /** The desktop notification (Electron); null in the web host. */
  notify: ((notice: DesktopNotice) => void) | null
  /** The language of the desktop notification, read on every finish so a change of setting applies at once. */
  language?: () => SpokenLanguage
  /** Jobs that were still pending or running when the backend started: their end is news, the rest is not. */
  activeAtStart: Iterable<string>
  /** The backend's one clock (`Clock.now`). */
  now: () => number
  longJobMs?: number
  onError?: (message: string, error: unknown) => void
}

/**
 * Turns job transitions into finish notices. A job is watched from the moment it is seen unsettled
 * (pending, running, or downloading its results) and announced once when it settles; a re-sent or retried
 * job is watched again. Jobs that were already over when the backend started are never announced.
 */
export function watchJobFinishes(options: JobWatcherOptions): () => void {
  const now = options.now
  const longJobMs = options.longJobMs ?? LONG_JOB_MS
  const watching = new Set(options.activeAtStart)

  const announce = (notice: JobNotice): void => {
    options.bus.emit('jobs.notice', notice)
    try {
      if (options.notify) options.notify(desktopNotice(notice, options.language?.() ?? 'en'))
    } catch (error) {
      options.onError?.('desktop notification failed', error)
    }
  }

  const onUpdate = (job: JobView): void => {
    if (!isSettled(job)) {
      watching.add(job.id)
      return
    }
    if (!watching.delete(job.id)) return
    const at = now()
    if (!options.notifyOnJobFinish() || !isLongJob(job, at, longJobMs)) return
    const notice = noticeFor(job, at)
    if (notice) announce(notice)
  }

  return options.bus.subscribe((name, payload) => {
    if (name === 'jobs.updated') onUpdate(payload as JobView)
    else if (name === 'jobs.removed') watching.delete((payload as { id: string }).id)
  })
}
