import type { JobView } from '../../shared/schemas/jobs'
import type { JobGroupView } from '../../shared/schemas/jobGroups'
import type { JobNotice } from '../../shared/schemas/notices'
import type { EventBus } from '../contract/events'
import type { SpokenLanguage } from '../../shared/language'
import { batchNoticeFor, isLongJob, isSettled, LONG_JOB_MS, noticeFor } from './notices'
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
 * job is watched again. Jobs that were already over when the backend started are never announced. The jobs
 * of a batch are announced together, once, when the batch's last job ends.
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

  // Batches with a job seen unsettled, and the kind of their jobs: their end is one notice, not one per job.
  const groups = new Map<string, JobView['kind']>()

  const onUpdate = (job: JobView): void => {
    if (!isSettled(job)) {
      watching.add(job.id)
      if (job.groupId !== null) groups.set(job.groupId, job.kind)
      return
    }
    if (!watching.delete(job.id)) return
    // A job of a batch is told with its batch (`groups.updated` says when the last one ends), unless it
    // waits for the user's word: that one is news on its own.
    if (job.groupId !== null && job.status !== 'needs_attention') return
    const at = now()
    if (!options.notifyOnJobFinish() || !isLongJob(job, at, longJobMs)) return
    const notice = noticeFor(job, at)
    if (notice) announce(notice)
  }

  const onGroup = (group: JobGroupView): void => {
    const kind = groups.get(group.id)
    if (kind === undefined || (group.counts.pending ?? 0) + (group.counts.running ?? 0) > 0) return
    groups.delete(group.id)
    const at = now()
    // A compare of a few quick images is watched as it fills: only a batch that took a while is news.
    if (!options.notifyOnJobFinish() || at - group.createdAt < longJobMs) return
    const notice = batchNoticeFor(group, kind, at)
    // A batch the user cancelled whole has nothing done or failed to tell about.
    if (notice.words.code === 'batch_done' && notice.words.done + notice.words.failed === 0) return
    announce(notice)
  }

  return options.bus.subscribe((name, payload) => {
    if (name === 'jobs.updated') onUpdate(payload as JobView)
    else if (name === 'groups.updated') onGroup(payload as JobGroupView)
    else if (name === 'jobs.removed') watching.delete((payload as { id: string }).id)
  })
}
