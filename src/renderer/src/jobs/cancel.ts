import type { JobCancelOutcome } from '@shared/schemas/cancel'
import type { JobView } from '@shared/schemas/jobs'
import type { ProfileView } from '@shared/schemas/profiles'
import { notify } from '../store/notifications'
import { isActiveTask } from './status'

export interface CancelPlan {
  /** "Cancel" when nothing is left at the gateway or it will be asked to cancel; else "Stop tracking". */
  label: 'Cancel' | 'Stop tracking'
  /** What pressing it does, in words shown next to it (not only in a tooltip). */
  effect: string
  /** The gateway holds a task of this job and knows no cancel call for it: it may still run and bill it. */
  mayStillBill: boolean
}

/**
 * What Cancel does to a job, truthfully (issue 15). A task the gateway holds keeps running there unless the
 * profile's field map names a cancel call (videos only; the spec shows none): then the button says "Stop
 * tracking" and that the gateway may still run and bill the task.
 */
export function cancelPlan(job: JobView, profile: ProfileView | undefined): CancelPlan {
  const remote = job.tasks.some((task) => task.remoteId !== null && isActiveTask(task))
  if (!remote) return { label: 'Cancel', effect: 'Stops it here; nothing more is sent.', mayStillBill: false }
  if (job.kind === 'video' && profile?.fieldMap.video.cancel) {
    const { method, path } = profile.fieldMap.video.cancel
    return {
      label: 'Cancel',
      effect: `Stops it here and asks the gateway to cancel it (${method} ${path}).`,
      mayStillBill: false
    }
  }
  return {
    label: 'Stop tracking',
    effect:
      'Stops following it here. The gateway has no cancel call we know of, so it may still run the task and bill it.',
    mayStillBill: true
  }
}

/** Says what a cancel did at the gateway: its answer when one was asked for, else that it was not asked. */
export function announceCancel(job: JobView, outcome: JobCancelOutcome | undefined): void {
  if (!outcome?.remote) return
  const what = job.prompt.length > 40 ? `${job.prompt.slice(0, 40)}…` : job.prompt
  if (!outcome.sent) {
    notify({
      id: `cancel:${job.id}`,
      tone: 'info',
      title: 'Stopped tracking',
      body: `The gateway was not asked to cancel it (no cancel call is set): it may still run and bill “${what}”.`
    })
    return
  }
  const refused = outcome.answers.filter((answer) => !answer.ok)
  notify({
    id: `cancel:${job.id}`,
    tone: refused.length > 0 ? 'error' : 'ok',
    title: refused.length > 0 ? 'The gateway did not cancel it' : 'Cancelled at the gateway',
    body: `${(refused.length > 0 ? refused : outcome.answers).map((a) => a.message).join(' ')} (“${what}”)`
  })
}
