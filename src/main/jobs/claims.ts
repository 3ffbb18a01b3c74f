import type { JobError } from '../../shared/schemas/jobs'
import { SENDABLE_TASK_STATUSES } from '../../shared/schemas/jobStatuses'
import type { RunnerContext } from './context'
import type { QueuedSend } from './sendQueue'
import type { SendToAdmit } from './spendGate'

/**
 * The step from `pending` to `submitting` (RELIABILITY P19, P50), taken as the scheduler starts a task and
 * before its lane counts it:
 *
 *   pending ─claim─▶ submitting     committed with its estimate reserved, in one transaction: no request goes
 *                                   out unreserved, and no reservation exists without its claim
 *   pending ─hold──▶ pending        it would cross a spending cap (or has no price under one): not claimed,
 *                                   not sent; held out of its line, in its place, until the budget changes,
 *                                   its task's error saying which cap
 *
 * Held tasks are checked again on every change of the budget, so checking one is kept cheap: what it reads
 * is kept with it while it waits, a pass of the queue sums each cap once (the first look), and the words of
 * a pass's holds are written together, only where they changed.
 */
export class SendClaims {
  /** Why tasks held in this pass of the queue wait, written once the pass is over. */
  private waiting = new Map<string, { jobId: string; error: JobError }>()
  private readonly stored = new WeakMap<JobError, string>()

  constructor(private readonly ctx: RunnerContext) {}

  /** Claims a queued task for sending; false when it does not go now (cancelled, gone, or held for budget). */
  claim(entry: QueuedSend): boolean {
    const { repo, scheduler } = this.ctx
    const spend = this.ctx.deps.spend
    if (scheduler.isCancelled(entry.taskId)) return false
    const send = spend ? (entry.budget?.send ?? this.admitOf(entry.taskId)) : null
    // Without money, or with nothing to price (the send fails an unreadable request), the claim is the task's alone.
    if (!spend || !send) return repo.claimForSend(entry.taskId)
    // A first look on the sums of this pass of the queue: thousands waiting for one cap cost one sum.
    const first = spend.admit(send)
    const verdict = !first.ok
      ? first.error
      : // Decided again on fresh sums, with the claim and the reservation, in one transaction.
        repo.transaction(() => {
          const admission = spend.admit(send)
          if (!admission.ok) return admission.error
          if (!repo.claimForSend(send.taskId)) return 'gone'
          admission.reserve()
          return 'claimed'
        })
    if (verdict === 'claimed' || verdict === 'gone') return verdict === 'claimed'
    const said = this.storedForm(verdict)
    scheduler.holdForBudget({ ...entry, budget: { send, said } })
    // The batch's band counts its held jobs (told coalesced: a pass holding thousands tells it once).
    if (send.groupId !== null) this.ctx.groupChanged(send.groupId)
    if (entry.budget?.said !== said) this.sayWaiting(send.taskId, send.jobId, verdict)
    return false
  }

  /** What the budget check of a pending task reads: its job's profile, batch and model, and its request. */
  private admitOf(taskId: string): SendToAdmit | null {
    const { repo } = this.ctx
    const task = repo.task(taskId)
    const job = task ? repo.job(task.job_id) : null
    const request = task ? repo.requestOf(task) : null
    if (!task || !job || !request || !SENDABLE_TASK_STATUSES.includes(task.status)) return null
    return {
      taskId,
      jobId: job.id,
      groupId: job.group_id,
      profileId: job.profile_id,
      model: job.model,
      request
    }
  }

  /** An error as its row stores it; a pass holding thousands for one cap shares one error, written out once. */
  private storedForm(error: JobError): string {
    let text = this.stored.get(error)
    if (text === undefined) {
      text = JSON.stringify(error)
      this.stored.set(error, text)
    }
    return text
  }

  private sayWaiting(taskId: string, jobId: string, error: JobError): void {
    this.waiting.set(taskId, { jobId, error })
    if (this.waiting.size === 1) queueMicrotask(() => this.writeWaiting())
  }

  /** One transaction for a pass's holds; a task claimed or cancelled meanwhile keeps what its own state says. */
  private writeWaiting(): void {
    const { repo, scheduler } = this.ctx
    const said = this.waiting
    this.waiting = new Map()
    if (scheduler.stopped) return
    const changed = new Set<string>()
    try {
      repo.transaction(() => {
        for (const [taskId, { jobId, error }] of said) {
          const task = repo.task(taskId)
          if (!task || !SENDABLE_TASK_STATUSES.includes(task.status)) continue
          if (task.error === this.storedForm(error)) continue
          repo.updateTask(taskId, { error })
          changed.add(jobId)
        }
      })
    } catch (error) {
      // Only the words are lost: the tasks wait held all the same, and say it at their next try.
      this.ctx.deps.onError?.('saying why jobs wait for budget failed', error)
    }
    for (const jobId of changed) this.ctx.publish(jobId)
  }
}
