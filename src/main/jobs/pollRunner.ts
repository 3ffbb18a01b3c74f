import { taskEndpointAt, type TaskDescriptorKey } from '../../shared/gateway/endpoints'
import type { JobCancelOutcome } from '../../shared/schemas/cancel'
import type { JobError } from '../../shared/schemas/jobs'
import { POLLABLE_TASK_STATUSES } from '../../shared/schemas/jobStatuses'
import { isGatewayError, type TaskSnapshot } from '../gateway'
import { serverDelayMs } from '../time/backoff'
import { cancelAccepted, cancelRefused } from './cancelAnswers'
import type { RunnerContext } from './context'
import { DEADLINE_PASSED, NO_RESULT_URL, toJobError } from './errors'
import { pollDelay } from './policy'
import type { JobKind, JobRow, TaskPatch, TaskRow } from './rows'

/** The task endpoint a job was sent to, by the path its row keeps (only task endpoints have remote tasks). */
function taskEndpointOf(job: JobRow): TaskDescriptorKey {
  const endpoint = taskEndpointAt(job.endpoint)
  if (!endpoint) throw new Error(`${job.endpoint} is not a task endpoint.`)
  return endpoint
}

type Snapshot = TaskSnapshot<{ id: string; status: string }>

interface FailedPoll {
  taskId: string
  /** The poll count with this poll. */
  count: number
  error: JobError
  /** The gateway's Retry-After, if it sent one. */
  hint: number | undefined
}

/**
 * The poll lane: remote tasks (v2 images, videos) asked after until they end (P25).
 *
 *   submitting ─accepted─▶ queued | running      the create answer and remote id, then the first poll
 *   queued | running ─poll─▶ queued | running     not finished: next poll on P25's schedule (count stored)
 *                          ─▶ succeeded           a `pending` result with its URL: the download lane takes over
 *                          ─▶ failed | cancelled | expired   as the gateway reports it; failed when it reports
 *                                                 success without a URL or no longer knows the task (404)
 *                          ─▶ expired             past its deadline, without asking again
 *   a poll that fails (network, 5xx) keeps the status and polls later: never given up before the deadline.
 *
 * Only POLLABLE_TASK_STATUSES with a remote id are polled; a cancel or `stop` drops the answer in flight.
 * The task's spend is settled with its end, in the same transaction (P50): success at what it delivered;
 * any other end keeps its estimate as spent (the gateway accepted the work and may have billed it), unless
 * the usage it reports says nothing was billed.
 */
export class PollRunner {
  /** Failed polls of this event-loop turn, written together (see `recordFailure`). */
  private failures: { failure: FailedPoll; done: () => void }[] = []

  constructor(private readonly ctx: RunnerContext) {}

  /**
   * At start: every unfinished remote task is polled again within `resumeWithinMs` (P24), or sooner if its
   * stored time says so. Overdue tasks beyond one lane's worth are spread from `backlogAfterMs` to
   * `resumeWithinMs` rather than all due at once: 10,000 of them polled back to back held the one thread
   * while the first screen was served. A few overdue tasks are still polled at once. Stored times are
   * wall-clock; only how far off they are is used, so a clock set while the app was stopped moves nothing
   * further than `resumeWithinMs`.
   */
  resume(resumeWithinMs: number, backlogAfterMs: number): number {
    const now = this.ctx.now()
    const pollable = this.ctx.repo.pollableTasks()
    const waitOf = (task: { next_poll_at: number | null }): number => (task.next_poll_at ?? now) - now
    const overdue = pollable.filter((task) => waitOf(task) <= 0).sort((a, b) => waitOf(a) - waitOf(b))
    const atOnce = this.ctx.policy.concurrency.poll
    const spread = Math.max(0, resumeWithinMs - backlogAfterMs)
    const backlog = Math.max(1, overdue.length - atOnce)
    overdue.forEach((task, index) => {
      const wait = index < atOnce ? 0 : backlogAfterMs + Math.floor((spread * (index - atOnce)) / backlog)
      this.ctx.scheduler.schedulePoll(task.id, Math.min(wait, resumeWithinMs))
    })
    for (const task of pollable) {
      const wait = waitOf(task)
      if (wait > 0) this.ctx.scheduler.schedulePoll(task.id, Math.min(wait, resumeWithinMs))
    }
    return pollable.length
  }

  /** The create response and the remote id are committed in one statement (P19), then polling starts. */
  accept(task: TaskRow, kind: JobKind, snapshot: Snapshot, createdAtSeconds: number | undefined): void {
    const { policy } = this.ctx
    const now = this.ctx.now()
    const createdAt = createdAtSeconds ? createdAtSeconds * 1000 : now
    const deadline = createdAt + (kind === 'video' ? policy.deadlineMs.videos : policy.deadlineMs.imagesV2)
    const firstPollIn = pollDelay(policy.poll, 0, this.ctx.random)
    const nextPollAt = now + firstPollIn
    this.ctx.repo.updateTask(task.id, {
      status: snapshot.status === 'running' ? 'running' : 'queued',
      remoteId: snapshot.id,
      remoteStatus: snapshot.status,
      remoteCreatedAt: createdAt,
      deadlineAt: deadline,
      nextPollAt
    })
    if (snapshot.terminal) this.applySnapshot(task.id, snapshot, kind)
    else this.ctx.scheduler.schedulePoll(task.id, firstPollIn)
  }

  async run(taskId: string): Promise<void> {
    const { repo, deps, scheduler } = this.ctx
    const task = repo.task(taskId)
    if (!task || !task.remote_id || !POLLABLE_TASK_STATUSES.includes(task.status)) return
    const job = repo.job(task.job_id)
    if (!job) return
    // Past its deadline the gateway is still asked once more: a task it finished meanwhile is fetched, and
    // only one it still has not finished is given up (a wall clock stepped forward never expires work).
    const pastDeadline = task.deadline_at !== null && this.ctx.steadyNow() > task.deadline_at
    const controller = scheduler.track(taskId)
    try {
      const { client } = await deps.connections.forProfile(job.profile_id)
      const res = await client.poll(taskEndpointOf(job), task.remote_id, { signal: controller.signal })
      if (scheduler.isCancelled(taskId) || scheduler.stopped) return
      deps.probe?.('poll.answered')
      // One transaction per poll: under synchronous=FULL every commit is an fsync, and a poll touches the
      // task, maybe a result, and the job's aggregate.
      const progress = (res.data.task as { progress?: unknown }).progress
      const view = repo.transaction(() => {
        repo.updateTask(taskId, {
          pollCount: task.poll_count + 1,
          lastPolledAt: this.ctx.now(),
          remoteStatus: res.data.status,
          // The gateway answered: a failed poll before this one is no longer the task's news.
          error: null,
          ...(typeof progress === 'number' ? { progress: progress > 1 ? progress / 100 : progress } : {})
        })
        if (res.data.terminal) {
          this.applySnapshot(taskId, res.data, job.kind)
        } else if (pastDeadline) {
          this.ended(taskId, { status: 'expired', error: DEADLINE_PASSED, nextPollAt: null })
        } else {
          const status = res.data.status === 'running' ? 'running' : 'queued'
          this.schedule(taskId, task.poll_count + 1, status, serverDelayMs(res.hints, this.ctx.now()))
        }
        return repo.settle(job.id)
      })
      if (view) deps.bus.emit('jobs.updated', view)
      return
    } catch (error) {
      if (scheduler.isCancelled(taskId) || scheduler.stopped) return
      const gone = isGatewayError(error) && error.status === 404
      if (pastDeadline && !gone) {
        this.ended(taskId, { status: 'expired', error: DEADLINE_PASSED, nextPollAt: null })
      } else if (gone) {
        this.ended(taskId, {
          status: 'failed',
          error: { ...toJobError(error), message: 'The gateway no longer knows this task.' },
          nextPollAt: null
        })
      } else {
        // The client already retried what P13 allows; keep polling later, never give up before the deadline.
        const hint = isGatewayError(error) ? serverDelayMs(error.hints, this.ctx.now()) : undefined
        await this.recordFailure({ taskId, count: task.poll_count + 1, error: toJobError(error), hint })
        if (scheduler.stopped) return
      }
    } finally {
      scheduler.release(taskId)
    }
    this.ctx.publish(job.id)
  }

  /**
   * Asks the gateway to stop the user's cancelled remote tasks, where the profile knows a cancel call
   * (videos); returns what was sent and what the gateway answered. Failures are also logged.
   */
  async cancelRemote(profileId: string, tasks: TaskRow[]): Promise<JobCancelOutcome> {
    const { deps, repo } = this.ctx
    const remote = tasks.filter((task) => task.remote_id && POLLABLE_TASK_STATUSES.includes(task.status))
    const outcome: JobCancelOutcome = { remote: remote.length > 0, sent: false, answers: [] }
    if (remote.length === 0) return outcome
    try {
      const { client } = await deps.connections.forProfile(profileId)
      const job = repo.job(remote[0]?.job_id ?? '')
      const endpoint = job ? taskEndpointAt(job.endpoint) : undefined
      if (!endpoint || !client.canCancel(endpoint)) return outcome
      outcome.sent = true
      for (const task of remote) {
        const remoteId = task.remote_id as string
        try {
          const answer = await client.cancel(endpoint, remoteId, { signal: AbortSignal.timeout(30_000) })
          outcome.answers.push(cancelAccepted(remoteId, answer.data))
        } catch (error) {
          deps.onError?.('remote cancel failed', error)
          outcome.answers.push(cancelRefused(remoteId, error))
        }
      }
    } catch (error) {
      deps.onError?.('remote cancel failed', error)
    }
    return outcome
  }

  /**
   * A failed poll's count, time and error, and its next poll, committed with the other failures of the same
   * turn in one transaction (one fsync). Resolves once committed, so the task stays in flight until then.
   * At start-up 10,000 overdue tasks of a gateway that refuses them fail eight at a time; one commit each
   * kept the host's one thread in fsync while the first screen waited.
   */
  private recordFailure(failure: FailedPoll): Promise<void> {
    return new Promise((done) => {
      this.failures.push({ failure, done })
      if (this.failures.length === 1) setImmediate(() => this.commitFailures())
    })
  }

  private commitFailures(): void {
    const batch = this.failures
    this.failures = []
    try {
      if (this.ctx.scheduler.stopped) return
      this.ctx.repo.transaction(() => {
        for (const { failure } of batch) {
          // Cancelled while waiting for this commit: the cancel's row stands and nothing is scheduled.
          if (this.ctx.scheduler.isCancelled(failure.taskId)) continue
          this.ctx.repo.updateTask(failure.taskId, {
            pollCount: failure.count,
            lastPolledAt: this.ctx.now(),
            error: failure.error
          })
          this.schedule(failure.taskId, failure.count, undefined, failure.hint)
        }
      })
    } catch (error) {
      this.ctx.deps.onError?.('recording failed polls failed', error)
      this.ctx.deps.storage?.report(error)
      // Unrecorded, but not forgotten: each is polled again later (a full disk may have room by then).
      for (const { failure } of batch)
        if (!this.ctx.scheduler.isCancelled(failure.taskId))
          this.ctx.scheduler.schedulePoll(failure.taskId, this.ctx.policy.afterFaultMs)
    } finally {
      for (const { done } of batch) done()
    }
  }

  private schedule(taskId: string, count: number, status?: 'queued' | 'running', hintMs?: number): void {
    const delay = pollDelay(this.ctx.policy.poll, count, this.ctx.random, hintMs)
    this.ctx.repo.updateTask(taskId, { nextPollAt: this.ctx.now() + delay, ...(status ? { status } : {}) })
    this.ctx.scheduler.schedulePoll(taskId, delay)
  }

  /** A terminal snapshot: success queues the result's download in the same transaction; else the failure. */
  private applySnapshot(taskId: string, snapshot: Snapshot, kind: JobKind): void {
    const { repo, scheduler } = this.ctx
    const task = repo.task(taskId)
    if (!task) return
    const usage = (snapshot.task as { usage?: unknown }).usage
    if (snapshot.status === 'succeeded') {
      if (!snapshot.resultUrl) {
        this.ended(taskId, { status: 'failed', error: NO_RESULT_URL, nextPollAt: null }, usage)
        return
      }
      const url = snapshot.resultUrl
      repo.transaction(() => {
        const resultId = repo.insertResult({
          jobId: task.job_id,
          taskId,
          index: 0,
          kind: kind === 'video' ? 'video' : 'image',
          status: 'pending',
          sourceUrl: url,
          sourceExpiresAt: (task.remote_created_at ?? this.ctx.now()) + this.ctx.policy.download.windowMs
        })
        repo.updateTask(taskId, {
          status: 'succeeded',
          nextPollAt: null,
          progress: 1,
          ...(usage ? { usage } : {})
        })
        const request = repo.requestOf(task)
        if (request)
          this.ctx.deps.spend?.settle(taskId, { request, usage, results: repo.deliveredCount(taskId) })
        else this.ctx.deps.spend?.end(taskId, usage)
        scheduler.scheduleDownload(resultId, 0)
      })
      return
    }
    const status =
      snapshot.status === 'cancelled' ? 'cancelled' : snapshot.status === 'expired' ? 'expired' : 'failed'
    const failure = snapshot.failure
    const error: JobError = {
      code: failure?.code ?? snapshot.status,
      message: failure?.message ?? `The gateway reports this task as ${snapshot.status}.`
    }
    this.ended(taskId, { status, error, nextPollAt: null, ...(usage ? { usage } : {}) }, usage)
  }

  /** The task ended without results to price: its new state and its estimate kept as spent, together. */
  private ended(taskId: string, patch: TaskPatch, usage: unknown = null): void {
    this.ctx.repo.transaction(() => {
      this.ctx.repo.updateTask(taskId, patch)
      this.ctx.deps.spend?.end(taskId, usage)
    })
  }
}
