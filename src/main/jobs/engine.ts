import { createHash } from 'node:crypto'
import type { JobCancelOutcome } from '../../shared/schemas/cancel'
import type { JobGroupScreen, JobGroupSubmitted, JobGroupView } from '../../shared/schemas/jobGroups'
import { JobRequest, type JobStatus, type JobView } from '../../shared/schemas/jobs'
import {
  CANCELLABLE_TASK_STATUSES,
  CANCELLED_IN_FLIGHT,
  SENDING_TASK_STATUSES,
  POLLABLE_TASK_STATUSES,
  RESENDABLE_TASK_STATUSES
} from '../../shared/schemas/jobStatuses'
import { preflightJob } from '../../shared/schemas/jobPreflight'
import { descriptorOf } from '../../shared/gateway/endpoints'
import { GroupNews } from './groupNews'
import { ENDPOINTS } from '../../shared/gateway/spec'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import { steadyWallClock, systemClock } from '../time/clock'
import { SendClaims } from './claims'
import type { RunnerContext, JobEngineDeps } from './context'
import { DownloadRunner } from './downloadRunner'
import { LaneSettings } from './laneSettings'
import { defaultLaneLimits, mergePolicy } from './policy'
import { PollRunner } from './pollRunner'
import { QueueSteering } from './queueSteering'
import type { JobKind } from './rows'
import { Scheduler } from './scheduler'
import { SendRunner } from './sendRunner'

export type { JobEngineDeps } from './context'

/** RELIABILITY P24 (ours): after a restart no unfinished task waits longer than this for its next poll. */
const RESUME_WITHIN_MS = 5_000
/** A backlog of overdue polls starts this long after start, once the first screen has been served. */
const BACKLOG_AFTER_MS = 1_500

const kindOf = (request: JobRequest): JobKind => descriptorOf(request.endpoint).jobKind

/** A group as it is asked for: its name, screen and settings, and its own spending cap (P50), if any. */
interface NewGroup {
  name: string
  screen: JobGroupScreen
  settings?: Record<string, unknown> | undefined
  capMicros?: number | null | undefined
}

const promptOf = (request: JobRequest): string => request.body.prompt

/** Jobs "retry failed" makes again: the gateway refused them or they ran out of time, never unknown ones. */
const RETRYABLE_JOB: readonly JobStatus[] = ['failed', 'expired']

/**
 * The durable task engine (docs/ARCHITECTURE.md §5). Rows first, then requests: a task is
 * committed `pending`, then `submitting`, then sent; what comes back is committed before the UI hears of
 * it. Async tasks are polled with backoff until a terminal state or their deadline; every result URL is
 * downloaded at once and retried until it expires. After a restart, stranded sends become `needs_attention`
 * (never re-sent without the user's word), remote tasks resume polling and pending downloads resume.
 *
 * This class is the facade the services use: the user's commands (submit, cancel, send again, remove) and
 * recovery at start. When work runs is the `Scheduler`'s; what it does is one runner per lane's
 * (`SendRunner`, `PollRunner`, `DownloadRunner`), each a small state machine over the status sets of
 * `src/shared/schemas/jobStatuses.ts`.
 */
export class JobEngine {
  private readonly scheduler: Scheduler
  private readonly claims: SendClaims
  private readonly sender: SendRunner
  private readonly poller: PollRunner
  private readonly downloader: DownloadRunner
  private readonly ctx: RunnerContext
  /** The user's hands on the queue: pauses and order (`QueueSteering`). */
  readonly queue: QueueSteering
  /** Each lane's limits and state, for Settings (`LaneSettings`). */
  readonly lanes: LaneSettings
  /** Batch bands follow their jobs, coalesced. */
  private readonly groupNews: GroupNews

  constructor(private readonly deps: JobEngineDeps) {
    const policy = mergePolicy(deps.policy)
    const clock = deps.clock ?? systemClock
    const now = (): number => clock.now()
    this.scheduler = new Scheduler(
      policy.concurrency,
      () => clock.monotonic(),
      {
        claimSend: (entry) => this.claims.claim(entry),
        send: (taskId) => this.sender.run(taskId),
        poll: (taskId) => this.poller.run(taskId),
        download: (resultId) => this.downloader.run(resultId)
      },
      deps.onError,
      policy.afterFaultMs,
      (lane, kind) => {
        const [profileId = '', endpoint = ''] = lane.split('\n')
        return deps.laneLimits?.get(profileId, endpoint) ?? defaultLaneLimits(policy, kind)
      }
    )
    this.ctx = {
      deps,
      repo: deps.repo,
      policy,
      scheduler: this.scheduler,
      now,
      steadyNow: steadyWallClock(clock),
      random: () => clock.random(),
      publish: (jobId) => this.publish(jobId),
      groupChanged: (groupId) => this.groupNews.changed(groupId),
      pauseForBalance: (groupId) => this.pauseForBalance(groupId)
    }
    this.groupNews = new GroupNews((groupId) => {
      try {
        const view = deps.groups.view(groupId)
        if (view) deps.bus.emit('groups.updated', view)
      } catch (error) {
        // Only a band's word is lost: the next change of the batch tells it again.
        deps.onError?.('telling a batch its news failed', error)
      }
    })
    deps.groups.heldForBudget = (groupId) => this.scheduler.heldJobsIn(groupId)
    this.claims = new SendClaims(this.ctx)
    this.poller = new PollRunner(this.ctx)
    this.sender = new SendRunner(this.ctx, this.poller)
    this.downloader = new DownloadRunner(this.ctx)
    this.queue = new QueueSteering({
      scheduler: this.scheduler,
      repo: deps.repo,
      groups: deps.groups,
      queue: deps.queue,
      bus: deps.bus
    })
    this.lanes = new LaneSettings({ scheduler: this.scheduler, store: deps.laneLimits, policy, now })
  }

  /** Recovery at start-up; returns how many tasks of each sort were picked up. */
  start(): { strandedAsNeedsAttention: number; pendingSends: number; polls: number; downloads: number } {
    const repo = this.deps.repo
    const stranded = this.sender.recoverStranded()
    // The queue and batches paused when the app stopped stay paused: set before anything is queued.
    this.queue.restore()
    const pending = repo.pendingTaskIds()
    for (const taskId of pending) this.sender.enqueue(taskId)
    // P24: every unfinished task is polled again within 5 s of start, or sooner if its stored time says so.
    const polls = this.poller.resume(RESUME_WITHIN_MS, BACKLOG_AFTER_MS)
    const downloads = this.downloader.resume(RESUME_WITHIN_MS)
    this.scheduler.pump()
    // Not urgent, and a scan of every unfinished job: after the first sends and polls are on their way.
    setImmediate(() => this.settleLeftovers())
    return { strandedAsNeedsAttention: stranded, pendingSends: pending.length, polls, downloads }
  }

  /** Validates, records the job and its tasks, and queues them; returns once the rows are committed. */
  submit(profileId: string | undefined, request: JobRequest): JobView {
    const profile = profileId ?? this.deps.activeProfileId()
    const failure = this.preflight(profile, request)
    if (failure) throw failure
    const { jobId, taskIds } = this.record(profile, request)
    this.deps.probe?.('job.committed')
    for (const taskId of taskIds) this.sender.enqueue(taskId)
    const view = this.publish(jobId)
    this.scheduler.pump()
    if (!view) throw new Error('job vanished right after insert')
    return view
  }

  /**
   * Several jobs asked for together (a compare, a batch): each request is checked as `submit` checks one;
   * the group and the jobs that passed are committed in one transaction, then queued in the order given.
   * A refused request is answered with why, and nothing of it is ever sent.
   */
  submitGroup(
    profileId: string | undefined,
    group: NewGroup,
    requests: readonly JobRequest[]
  ): JobGroupSubmitted {
    const { view, jobs, failures } = this.recordGroup(profileId, group, requests)
    const items: JobGroupSubmitted['items'] = jobs.map((jobView, index) =>
      jobView
        ? { ok: true, job: jobView }
        : { ok: false, error: (failures[index] as AppFailure).toAppError() }
    )
    return { group: view, items }
  }

  /**
   * A batch: a group made as `submitGroup` makes one, with what it was made from kept beside it (its file's
   * name and the spec). Answers with counts, not a view per job: a batch may hold 10,000.
   */
  submitBatch(
    profileId: string | undefined,
    group: NewGroup & { settings: Record<string, unknown> },
    source: { fileName: string | null; spec: unknown },
    requests: readonly JobRequest[]
  ): { group: JobGroupView; sent: number; refused: number[] } {
    const { view, jobs } = this.recordGroup(profileId, group, requests, source)
    const refused: number[] = []
    jobs.forEach((job, index) => {
      if (!job) refused.push(index)
    })
    return { group: view, sent: jobs.length - refused.length, refused }
  }

  /**
   * Checks each request as `submit` checks one, commits the group (and its source) with the jobs that
   * passed in one transaction, then queues them in the order given. A refused request is never sent.
   */
  private recordGroup(
    profileId: string | undefined,
    group: NewGroup,
    requests: readonly JobRequest[],
    source?: { fileName: string | null; spec: unknown }
  ): { view: JobGroupView; jobs: (JobView | null)[]; failures: (AppFailure | null)[] } {
    const profile = profileId ?? this.deps.activeProfileId()
    const failures = requests.map((request) => this.preflight(profile, request))
    const recorded = this.deps.repo.transaction(() => {
      const groupId = this.deps.groups.insert({
        name: group.name,
        screen: group.screen,
        settings: group.settings,
        capMicros: group.capMicros ?? null
      })
      if (source) this.deps.groups.insertSource(groupId, source)
      const jobs = requests.map((request, index) =>
        failures[index] ? null : this.record(profile, request, groupId)
      )
      return { groupId, jobs }
    })
    this.deps.probe?.('job.committed')
    const jobs = recorded.jobs.map((job) => {
      if (!job) return null
      for (const taskId of job.taskIds) this.sender.enqueue(taskId)
      const view = this.publish(job.jobId)
      if (!view) throw new Error('job vanished right after insert')
      return view
    })
    this.scheduler.pump()
    const view = this.deps.groups.view(recorded.groupId)
    if (!view) throw new Error('group vanished right after insert')
    this.deps.bus.emit('groups.updated', view)
    return { view, jobs, failures }
  }

  /** Why a request may not be sent (its pre-flight, with the profile's extra fields), or null. */
  private preflight(profile: string, request: JobRequest): AppFailure | null {
    const model = this.deps.lookupModel?.(profile, request.body.model)
    const issues = preflightJob(request, model, this.deps.connections.profileExtras?.(profile))
    const first = issues[0]
    if (!first) return null
    return new AppFailure('invalid_input', issues.map((issue) => issue.message).join(' '), {
      issues,
      ...(first.supportedEndpoints ? { supportedEndpoints: first.supportedEndpoints } : {})
    })
  }

  /**
   * Places in line for `count` jobs made again in a batch: just before its first job still waiting (they
   * were its rows before those, and the user asked for them now), or null (last in line) when none waits.
   */
  private batchPlaces(groupId: string, count: number): number[] | null {
    const line = this.scheduler.queuedJobs()
    const { repo } = this.deps
    const at = line.findIndex((entry) => repo.job(entry.jobId)?.group_id === groupId)
    const first = line[at]
    if (!first || count === 0) return null
    const before = at > 0 ? line[at - 1] : undefined
    const low = before ? before.order : first.order - count - 1
    const step = (first.order - low) / (count + 1)
    return Array.from({ length: count }, (_, index) => low + step * (index + 1))
  }

  /** The job's row and its tasks' rows (in the caller's transaction, if any). */
  private record(
    profile: string,
    request: JobRequest,
    groupId?: string,
    queueOrder?: number
  ): { jobId: string; taskIds: string[] } {
    const model = this.deps.lookupModel?.(profile, request.body.model)
    const count = descriptorOf(request.endpoint).tasksOf?.(request) ?? 1
    const text = JSON.stringify(request)
    return this.deps.repo.insertJob({
      kind: kindOf(request),
      endpoint: ENDPOINTS[request.endpoint],
      profileId: profile,
      model: request.body.model,
      prompt: promptOf(request),
      request,
      billingUnit: model?.billing_unit ?? null,
      taskCount: count,
      requestHash: (seq) => createHash('sha256').update(`${seq}:${text}`).digest('hex'),
      ...(groupId === undefined ? {} : { groupId }),
      ...(queueOrder === undefined ? {} : { queueOrder })
    })
  }

  /**
   * Stops a job here: in-flight requests are aborted, polling stops, queued sends never go out. Every
   * CANCELLABLE_TASK_STATUSES task becomes `cancelled`; remote video tasks are asked to stop too.
   */
  async cancel(
    jobId: string,
    /** Hears what was asked of the gateway and what it answered. */
    onGatewayAnswer?: (outcome: JobCancelOutcome) => void
  ): Promise<JobView | null> {
    const repo = this.deps.repo
    const job = repo.job(jobId)
    if (!job) return null
    const tasks = repo.tasksOf(jobId).filter((task) => CANCELLABLE_TASK_STATUSES.includes(task.status))
    let released = false
    for (const task of tasks) {
      this.scheduler.cancel(task.id)
      repo.transaction(() => {
        repo.updateTask(task.id, {
          status: 'cancelled',
          nextPollAt: null,
          // Its request was on its way: the gateway may have it, and may run and bill it (the row says so).
          ...(SENDING_TASK_STATUSES.includes(task.status) ? { error: CANCELLED_IN_FLIGHT } : {})
        })
        // P50: a task the gateway accepted may have been billed, so its estimate stays spent; one whose
        // outcome was unknown is the user's to discard; one in flight keeps its reservation (it may have
        // arrived) until the job is deleted.
        if (POLLABLE_TASK_STATUSES.includes(task.status)) this.deps.spend?.end(task.id, null)
        if (RESENDABLE_TASK_STATUSES.includes(task.status))
          released = (this.deps.spend?.release(task.id) ?? false) || released
      })
    }
    if (released) this.scheduler.retryBudgetHolds()
    const outcome = await this.poller.cancelRemote(job.profile_id, tasks)
    // A cancel the gateway took ends the task there too: the row may say "Cancelled", not "may still bill".
    for (const answer of outcome.answers) {
      const task = answer.ok ? tasks.find((each) => each.remote_id === answer.remoteId) : undefined
      if (task) repo.updateTask(task.id, { remoteStatus: 'cancelled' })
    }
    onGatewayAnswer?.(outcome)
    const view = this.publish(jobId)
    this.scheduler.pump()
    return view
  }

  /**
   * The user's explicit "send again": needs_attention → pending, same Idempotency-Key, a new attempt. The
   * user resolved the unknown outcome: the old reservation is given back, and the new attempt reserves anew
   * as it is claimed (it may wait for budget like any other).
   */
  resend(jobId: string): JobView | null {
    const repo = this.deps.repo
    const tasks = repo.tasksOf(jobId).filter((task) => RESENDABLE_TASK_STATUSES.includes(task.status))
    if (tasks.length === 0) throw new AppFailure('jobs.nothing_to_resend', say('nothingToResend'))
    for (const task of tasks) {
      repo.transaction(() => {
        repo.updateTask(task.id, { status: 'pending', error: null })
        this.deps.spend?.release(task.id)
      })
      this.scheduler.uncancel(task.id)
      this.sender.enqueue(task.id)
    }
    const view = this.publish(jobId)
    this.scheduler.retryBudgetHolds()
    this.scheduler.pump()
    return view
  }

  /**
   * Removes a job, its tasks and results; returns media ids no other result uses (for file deletion). Its
   * spend stays in the ledger (it was spent), but what was reserved for an outcome never known is given back.
   */
  async remove(jobId: string): Promise<string[]> {
    await this.cancel(jobId)
    const repo = this.deps.repo
    const media = repo.mediaIdsOf(jobId)
    const released = repo.transaction(() => {
      const discarded = this.deps.spend?.discardJob(jobId) ?? false
      repo.deleteJob(jobId)
      return discarded
    })
    if (released) this.scheduler.retryBudgetHolds()
    return media.filter((id) => !repo.isMediaReferenced(id))
  }

  /**
   * A batch's failed jobs made again: each failed or expired job's request as a new job of the batch (new
   * tasks, new Idempotency-Keys: the gateway refused or lost the first, so nothing of it is sent twice),
   * checked as any new job is; the failed ones leave the batch for the Queue's history, so the batch
   * counts each row once. The new jobs wait just before the batch's first job still waiting. Returns how
   * many went and how many its pre-flight now refuses (they stay).
   */
  retryFailedOf(groupId: string): { retried: number; refused: number } {
    const { repo, groups } = this.deps
    const group = groups.view(groupId)
    if (!group) throw new AppFailure('not_found', say('groupGone'))
    const failed = group.jobIds
      .map((id) => repo.job(id))
      .filter((job): job is NonNullable<typeof job> => job !== null && RETRYABLE_JOB.includes(job.status))
    const again: { old: string; profile: string; request: JobRequest }[] = []
    let refused = 0
    for (const job of failed) {
      const request = JobRequest.safeParse(repo.jobView(job.id)?.request)
      if (!request.success || this.preflight(job.profile_id, request.data)) refused++
      else again.push({ old: job.id, profile: job.profile_id, request: request.data })
    }
    const places = this.batchPlaces(groupId, again.length)
    const made = repo.transaction(() => {
      repo.leaveGroup(again.map((each) => each.old))
      return again.map((each, index) => this.record(each.profile, each.request, groupId, places?.[index]))
    })
    for (const job of made) for (const taskId of job.taskIds) this.sender.enqueue(taskId)
    for (const job of made) this.publish(job.jobId)
    for (const { old } of again) this.publish(old)
    this.scheduler.pump()
    const view = groups.view(groupId)
    if (view) this.deps.bus.emit('groups.updated', view)
    return { retried: made.length, refused }
  }

  /**
   * A cap was raised or removed, a price changed, or a new day or month began: every task waiting for
   * budget goes back to its place and is tried again, before this returns (P50).
   */
  budgetChanged(): void {
    this.deps.spend?.budgetChanged()
    this.scheduler.retryBudgetHolds()
  }

  /** The job as stored; a read, never a write. */
  view(jobId: string): JobView | null {
    return this.deps.repo.jobView(jobId)
  }

  /** Resolves once nothing is queued, scheduled or in flight (tests; no sleeps). */
  waitForIdle(): Promise<void> {
    return this.scheduler.waitForIdle()
  }

  /** Counts for the bench and the navigation badge. */
  stats(): { queued: number; polling: number; downloading: number; inFlight: number } {
    return this.scheduler.stats()
  }

  /** When the next poll of a task is due (wall-clock ms), or null if none is scheduled. */
  nextPollAt(taskId: string): number | null {
    const wait = this.scheduler.nextPollIn(taskId)
    return wait === null ? null : this.ctx.now() + wait
  }

  /** Aborts whatever is in flight; rows stay as they are and the next start recovers them. */
  stop(): void {
    this.scheduler.stop()
    this.groupNews.stop()
  }

  /** Jobs an older version left with a stale aggregate (see `JobRepository.settleLeftovers`), shown again. */
  private settleLeftovers(): void {
    if (this.scheduler.stopped) return
    try {
      for (const jobId of this.deps.repo.settleLeftovers()) this.publish(jobId)
    } catch (error) {
      this.deps.onError?.('settling job statuses left by an older version failed', error)
    }
  }

  /** Once per refusal burst: the batch's other jobs in flight come back refused too, and find it paused. */
  private pauseForBalance(groupId: string): void {
    const group = this.deps.groups.view(groupId)
    if (!group || group.pausedAt !== null) return
    this.queue.setGroupPaused(groupId, 'balance')
  }

  private publish(jobId: string): JobView | null {
    const view = this.deps.repo.jobView(jobId)
    if (view) this.deps.bus.emit('jobs.updated', view)
    if (view?.groupId) this.groupNews.changed(view.groupId)
    return view
  }
}
