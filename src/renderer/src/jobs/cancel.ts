import type { TFunction } from 'i18next'
import type { JobCancelOutcome } from '@shared/schemas/cancel'
import type { JobView } from '@shared/schemas/jobs'
import type { ProfileView } from '@shared/schemas/profiles'
import { notify } from '../store/notifications'
import { currentT } from '../ui/words'
import { isActiveTask } from './status'

export interface CancelPlan {
  /** `cancel` when nothing is left at the gateway or it will be asked to cancel; else `stopTracking`. */
  action: 'cancel' | 'stopTracking'
  /** The button's words in the current language. */
  text: string
  /** What pressing it does, in words shown next to it (not only in a tooltip). */
  effect: string
  /** The gateway holds a task of this job and knows no cancel call for it: it may still run and bill it. */
  mayStillBill: boolean
}

/**
 * What Cancel does to a job, truthfully. A task the gateway holds keeps running there unless the
 * profile's field map names a cancel call (videos only; the spec shows none): then the button says "Stop
 * tracking" and that the gateway may still run and bill the task.
 */
export function cancelPlan(
  job: JobView,
  profile: ProfileView | undefined,
  t: TFunction = currentT
): CancelPlan {
  const remote = job.tasks.some((task) => task.remoteId !== null && isActiveTask(task))
  const cancel = { action: 'cancel', text: t('ui.jobs.cancel.cancel'), mayStillBill: false } as const
  if (!remote) return { ...cancel, effect: t('ui.jobs.cancel.stopsHere') }
  if (job.kind === 'video' && profile?.fieldMap.video.cancel) {
    const { method, path } = profile.fieldMap.video.cancel
    return { ...cancel, effect: t('ui.jobs.cancel.asksGateway', { call: `${method} ${path}` }) }
  }
  return {
    action: 'stopTracking',
    text: t('ui.jobs.cancel.stopTracking'),
    effect: t('ui.jobs.cancel.mayStillRun'),
    mayStillBill: true
  }
}

/** Says what a cancel did at the gateway: its answer when one was asked for, else that it was not asked. */
export function announceCancel(
  job: JobView,
  outcome: JobCancelOutcome | undefined,
  t: TFunction = currentT
): void {
  if (!outcome?.remote) return
  const what = job.prompt.length > 40 ? `${job.prompt.slice(0, 40)}…` : job.prompt
  if (!outcome.sent) {
    notify({
      id: `cancel:${job.id}`,
      tone: 'info',
      title: t('ui.jobs.cancel.stoppedTracking'),
      body: t('ui.jobs.cancel.notAsked', { what })
    })
    return
  }
  const refused = outcome.answers.filter((answer) => !answer.ok)
  // The gateway's answers are in the backend's words, as they came.
  const answers = (refused.length > 0 ? refused : outcome.answers).map((a) => a.message).join(' ')
  notify({
    id: `cancel:${job.id}`,
    tone: refused.length > 0 ? 'error' : 'ok',
    title: refused.length > 0 ? t('ui.jobs.cancel.refused') : t('ui.jobs.cancel.cancelled'),
    body: t('ui.jobs.cancel.answers', { answers, what })
  })
}
