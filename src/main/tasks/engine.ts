import { createHash } from 'node:crypto'
import type { JobError, JobRequest, JobView } from '../../shared/schemas/jobs'
import {
  CANCELLABLE_TASK_STATUSES,
  DOWNLOADABLE_RESULT_STATUSES,
  POLLABLE_TASK_STATUSES,
  RESENDABLE_TASK_STATUSES
} from '../../shared/schemas/jobStatuses'
import type { ProfileExtras } from '../../shared/gateway/preflight'
import { preflightJob } from '../../shared/schemas/jobPreflight'
import { ENDPOINTS } from '../../shared/gateway/spec'
import type { EventBus } from '../contract/events'
import { AppFailure } from '../contract/failure'
import { isGatewayError, type GatewayClient, type TaskSnapshot } from '../gateway'
import { serverDelayMs } from '../time/backoff'
import { systemClock, type Clock } from '../time/clock'
import type { ProfileClient } from '../profiles/connections'
import type { CrashProbe } from '../crashPoints'
import { DueQueue } from './dueQueue'
import {
  DEADLINE_PASSED,
  NO_RESULT_URL,
  OUTCOME_UNKNOWN_AFTER_CRASH,
  STREAM_CUT_BY_CRASH,
  toJobError
} from './errors'
import type { LoopbackAllowance, MediaSink } from './media'
import { downloadDelay, mergePolicy, pollDelay, type EnginePolicy, type PartialPolicy } from './policy'
import type { JobRepository } from './repository'
import type { JobKind, NewResult, TaskPatch, TaskRow } from './rows'
import { sendTask, type SyncItem } from './send'

export interface TaskEngineDeps {
  repo: JobRepository
  connections: {
    forProfile(profileId?: string): Promise<ProfileClient>
    /** The profile's extra JSON fields go through the job's pre-flight too (issue 11, finding 7). */
    profileExtras?(profileId: string): ProfileExtras | undefined
  }
  media: MediaSink
  bus: EventBus
  /** Result hosts on loopback only for a gateway itself on loopback; the demo's own origin only (P30). */
  allowsLoopbackDownloads: (profileId: string) => LoopbackAllowance
  lookupModel?: (
    profileId: string,
    modelId: string
  ) => { id: string; supported_endpoints: string[]; billing_unit?: string | undefined } | undefined
  activeProfileId: () => string
  policy?: PartialPolicy
  /** The backend's one clock, shared with the gateway client (tests inject a fake). */
  clock?: Clock
  onError?: (message: string, error: unknown) => void
  /** Test-only crash points (`crashPoints.ts`); production passes none. */
  probe?: CrashProbe
}

type Lane = JobKind | 'poll' | 'download'

/** RELIABILITY P24 (ours): after a restart no unfinished task waits longer than this for its next poll. */
const RESUME_WITHIN_MS = 5_000

const kindOf = (request: JobRequest): JobKind =>
  request.endpoint === 'videos' ? 'video' : request.endpoint === 'imageEdits' ? 'edit' : 'image'

const promptOf = (request: JobRequest): string => request.body.prompt

/**
 * The durable task engine (ARCHITECTURE §4). Rows first, then requests: a task is committed `pending`,
 * then `submitting`, then sent; what comes back is committed before the UI hears of it. Async tasks are
 * polled with backoff until a terminal state or their deadline; every result URL is downloaded at once
 * and retried until it expires. After a restart, stranded sends become `needs_attention` (never re-sent
 * without the user's word), remote tasks resume polling and pending downloads resume.
 */
export class TaskEngine {
  private readonly policy: EnginePolicy
  private readonly now: () => number
  private readonly random: () => number
  private readonly sendQueues: Record<JobKind, string[]> = { image: [], edit: [], video: [] }
  private readonly polls = new DueQueue()
  private readonly downloads = new DueQueue()
  private readonly running: Record<Lane, number> = { image: 0, edit: 0, video: 0, poll: 0, download: 0 }
  private readonly controllers = new Map<string, AbortController>()
  private readonly cancelled = new Set<string>()
  private idleWaiters: (() => void)[] = []
  private timer: ReturnType<typeof setTimeout> | null = null
  private timerDue = Infinity
  private stopped = false

  constructor(private readonly deps: TaskEngineDeps) {
    this.policy = mergePolicy(deps.policy)
    const clock = deps.clock ?? systemClock
    this.now = () => clock.now()
    this.random = () => clock.random()
  }

  /** Recovery at start-up; returns how many tasks of each sort were picked up. */
  start(): { strandedAsNeedsAttention: number; pendingSends: number; polls: number; downloads: number } {
    const repo = this.deps.repo
    repo.settleLeftovers()
    const stranded = repo.strandedSubmissions()
    repo.transaction(() => {
      for (const { taskId } of stranded) {
        // A stream cut by the crash after some images arrived was billed and answered: keep what came.
        const partial = repo.resultIndexes(taskId).size > 0
        repo.updateTask(
          taskId,
          partial
            ? { status: 'incomplete', error: STREAM_CUT_BY_CRASH }
            : { status: 'needs_attention', error: OUTCOME_UNKNOWN_AFTER_CRASH }
        )
      }
    })
    for (const jobId of new Set(stranded.map((s) => s.jobId))) this.publish(jobId)
    const pending = repo.pendingTaskIds()
    for (const taskId of pending) this.enqueueSend(taskId)
    const now = this.now()
    const pollable = repo.pollableTasks()
    // P24: every unfinished task is polled again within 5 s of start, or sooner if its stored time says so.
    const resumeBy = now + RESUME_WITHIN_MS
    for (const task of pollable) this.polls.set(task.id, Math.min(task.next_poll_at ?? now, resumeBy))
    const downloads = repo.pendingDownloads()
    for (const result of downloads)
      this.downloads.set(result.id, Math.min(result.next_download_at ?? now, resumeBy))
    this.pump()
    return {
      strandedAsNeedsAttention: stranded.length,
      pendingSends: pending.length,
      polls: pollable.length,
      downloads: downloads.length
    }
  }

  /** Validates, records the job and its tasks, and queues them; returns once the rows are committed. */
  submit(profileId: string | undefined, request: JobRequest): JobView {
    const profile = profileId ?? this.deps.activeProfileId()
    const model = this.deps.lookupModel?.(profile, request.body.model)
    const issues = preflightJob(request, model, this.deps.connections.profileExtras?.(profile))
    if (issues.length > 0) {
      const first = issues[0]
      throw new AppFailure('invalid_input', issues.map((issue) => issue.message).join(' '), {
        issues,
        ...(first?.supportedEndpoints ? { supportedEndpoints: first.supportedEndpoints } : {})
      })
    }
    const count = request.endpoint === 'imagesV2' ? request.count : 1
    const text = JSON.stringify(request)
    const { jobId, taskIds } = this.deps.repo.insertJob({
      kind: kindOf(request),
      endpoint: ENDPOINTS[request.endpoint],
      profileId: profile,
      model: request.body.model,
      prompt: promptOf(request),
      request,
      billingUnit: model?.billing_unit ?? null,
      taskCount: count,
      requestHash: (seq) => createHash('sha256').update(`${seq}:${text}`).digest('hex')
    })
    this.deps.probe?.('job.committed')
    for (const taskId of taskIds) this.enqueueSend(taskId)
    const view = this.publish(jobId)
    this.pump()
    if (!view) throw new Error('job vanished right after insert')
    return view
  }

  /** Stops a job here: in-flight requests are aborted, polling stops, queued sends never go out. */
  async cancel(jobId: string): Promise<JobView | null> {
    const repo = this.deps.repo
    const job = repo.job(jobId)
    if (!job) return null
    const tasks = repo
      .tasksOf(jobId)
      .filter((t) => CANCELLABLE_TASK_STATUSES.includes(t.status))
    for (const task of tasks) {
      this.cancelled.add(task.id)
      this.controllers.get(task.id)?.abort()
      this.polls.delete(task.id)
      this.removeFromSendQueue(task.id)
      repo.updateTask(task.id, { status: 'cancelled', nextPollAt: null })
    }
    await this.cancelRemote(job.profile_id, tasks)
    const view = this.publish(jobId)
    this.pump()
    return view
  }

  /** The user's explicit "send again" for an outcome-unknown task: same Idempotency-Key, a new attempt. */
  resend(jobId: string): JobView | null {
    const repo = this.deps.repo
    const tasks = repo.tasksOf(jobId).filter((task) => RESENDABLE_TASK_STATUSES.includes(task.status))
    if (tasks.length === 0)
      throw new AppFailure('jobs.nothing_to_resend', 'This job has nothing waiting to be sent again.')
    for (const task of tasks) {
      repo.updateTask(task.id, { status: 'pending', error: null })
      this.cancelled.delete(task.id)
      this.enqueueSend(task.id)
    }
    const view = this.publish(jobId)
    this.pump()
    return view
  }

  /** Removes a job, its tasks and results; returns media ids no other result uses (for file deletion). */
  async remove(jobId: string): Promise<string[]> {
    await this.cancel(jobId)
    const media = this.deps.repo.mediaIdsOf(jobId)
    this.deps.repo.deleteJob(jobId)
    return media.filter((id) => !this.deps.repo.isMediaReferenced(id))
  }

  view(jobId: string): JobView | null {
    return this.deps.repo.jobView(jobId)
  }

  /** Resolves once nothing is queued, scheduled or in flight (tests; no sleeps). */
  waitForIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /** Counts for the bench and the navigation badge. */
  stats(): { queued: number; polling: number; downloading: number; inFlight: number } {
    return {
      queued: this.sendQueues.image.length + this.sendQueues.edit.length + this.sendQueues.video.length,
      polling: this.polls.size,
      downloading: this.downloads.size,
      inFlight: Object.values(this.running).reduce((a, b) => a + b, 0)
    }
  }

  /** When the next poll of a task is due (ms since epoch), or null if none is scheduled. */
  nextPollAt(taskId: string): number | null {
    return this.polls.dueOf(taskId)
  }

  /** Aborts whatever is in flight; rows stay as they are and the next start recovers them. */
  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    for (const controller of this.controllers.values()) controller.abort()
  }

  // ---- scheduling ----

  private enqueueSend(taskId: string): void {
    const task = this.deps.repo.task(taskId)
    const job = task ? this.deps.repo.job(task.job_id) : null
    if (!task || !job) return
    this.sendQueues[job.kind].push(taskId)
  }

  private removeFromSendQueue(taskId: string): void {
    for (const queue of Object.values(this.sendQueues)) {
      const index = queue.indexOf(taskId)
      if (index >= 0) queue.splice(index, 1)
    }
  }

  private isIdle(): boolean {
    return (
      this.stats().queued === 0 &&
      this.polls.size === 0 &&
      this.downloads.size === 0 &&
      this.stats().inFlight === 0
    )
  }

  private pump(): void {
    if (this.stopped) return
    for (const kind of ['image', 'edit', 'video'] as const) {
      while (this.running[kind] < this.policy.concurrency[kind] && this.sendQueues[kind].length > 0) {
        const taskId = this.sendQueues[kind].shift() as string
        this.launch(kind, taskId, () => this.runSend(taskId))
      }
    }
    const now = this.now()
    while (this.running.poll < this.policy.concurrency.poll) {
      const taskId = this.polls.popDue(now)
      if (!taskId) break
      this.launch('poll', taskId, () => this.runPoll(taskId))
    }
    while (this.running.download < this.policy.concurrency.download) {
      const resultId = this.downloads.popDue(now)
      if (!resultId) break
      this.launch('download', resultId, () => this.runDownload(resultId))
    }
    this.armTimer()
    if (this.isIdle()) {
      const waiters = this.idleWaiters
      this.idleWaiters = []
      for (const resolve of waiters) resolve()
    }
  }

  private launch(lane: Lane, id: string, work: () => Promise<void>): void {
    this.running[lane]++
    work()
      .catch((error: unknown) => this.deps.onError?.(`${lane} ${id} failed unexpectedly`, error))
      .finally(() => {
        this.running[lane]--
        this.pump()
      })
  }

  private armTimer(): void {
    const candidates = [
      this.running.poll < this.policy.concurrency.poll ? this.polls.peekDue() : null,
      this.running.download < this.policy.concurrency.download ? this.downloads.peekDue() : null
    ].filter((due): due is number => due !== null)
    const next = candidates.length > 0 ? Math.min(...candidates) : Infinity
    if (next === this.timerDue && this.timer) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.timerDue = next
    if (next === Infinity) return
    this.timer = setTimeout(
      () => {
        this.timer = null
        this.timerDue = Infinity
        this.pump()
      },
      Math.max(0, next - this.now())
    )
  }

  private publish(jobId: string): JobView | null {
    const view = this.deps.repo.jobView(jobId)
    if (view) this.deps.bus.emit('jobs.updated', view)
    return view
  }

  // ---- sending ----

  private async runSend(taskId: string): Promise<void> {
    const repo = this.deps.repo
    if (this.cancelled.has(taskId) || !repo.claimForSend(taskId)) return
    const task = repo.task(taskId) as TaskRow
    const job = repo.job(task.job_id)
    const request = repo.requestOf(task)
    if (!job || !request) {
      repo.updateTask(taskId, {
        status: 'failed',
        error: { code: 'internal', message: 'The stored request could not be read.' }
      })
      this.publish(task.job_id)
      return
    }
    this.publish(job.id)
    this.deps.probe?.('send.claimed')
    const controller = new AbortController()
    this.controllers.set(taskId, controller)
    let client: GatewayClient
    try {
      client = (await this.deps.connections.forProfile(job.profile_id)).client
    } catch (error) {
      this.controllers.delete(taskId)
      repo.updateTask(taskId, { status: 'failed', error: toJobError(error, 'profile') })
      this.publish(job.id)
      return
    }
    const kind = job.kind === 'video' ? 'video' : 'image'
    let storedInStream = 0
    let chain: Promise<void> = Promise.resolve()
    const inOrder = (step: () => Promise<void>): void => {
      chain = chain
        .then(step)
        .catch((error: unknown) => this.deps.onError?.('storing a streamed image failed', error))
    }
    try {
      const outcome = await sendTask(
        client,
        request,
        this.deps.media,
        { signal: controller.signal, idempotencyKey: task.idempotency_key },
        {
          // Each image starts into the library at once while the stream keeps being read; rows commit in order.
          onImage: (item) => {
            const prepared = this.prepareItem(job.id, taskId, kind, item)
            inOrder(async () => {
              storedInStream += this.commitResults(taskId, [await prepared])
              this.deps.probe?.('stream.partial')
              const view = repo.jobView(job.id)
              const result = view?.results.find((r) => r.taskId === taskId && r.index === item.index)
              if (result) this.deps.bus.emit('jobs.partial', { jobId: job.id, result })
              if (view) this.deps.bus.emit('jobs.updated', view)
            })
            return Promise.resolve()
          },
          onFailed: (index, error) => {
            inOrder(() => {
              repo.insertResult({
                jobId: job.id,
                taskId,
                index,
                kind,
                status: 'failed',
                error: {
                  code: error.code ?? 'image_failed',
                  message: error.message ?? 'This image could not be generated.'
                }
              })
              this.publish(job.id)
              return Promise.resolve()
            })
            return Promise.resolve()
          },
          onCompleted: (items, usage) => {
            inOrder(async () => {
              const seen = repo.resultIndexes(taskId)
              for (const item of items ?? []) {
                if (!seen.has(item.index))
                  this.commitResults(taskId, [await this.prepareItem(job.id, taskId, kind, item)])
              }
              repo.updateTask(taskId, { usage })
            })
            return Promise.resolve()
          }
        }
      )
      this.deps.probe?.('send.answered')
      if (outcome.type === 'streamed') {
        await chain
        repo.updateTask(taskId, { status: 'succeeded' })
      } else if (outcome.type === 'sync') {
        const prepared: NewResult[] = []
        for (const item of outcome.items) prepared.push(await this.prepareItem(job.id, taskId, kind, item))
        this.commitResults(taskId, prepared, { status: 'succeeded', usage: outcome.usage })
      } else {
        this.recordAccepted(task, job.kind, outcome.snapshot, outcome.createdAt)
      }
    } catch (error) {
      await chain
      // Shutting down: leave the row `submitting`; the next start marks it needs_attention (outcome unknown).
      if (this.stopped) return
      if (this.cancelled.has(taskId)) {
        repo.updateTask(taskId, { status: 'cancelled' })
      } else {
        const jobError = toJobError(error)
        const unknown = isGatewayError(error) && error.outcome === 'unknown'
        const someStored = storedInStream > 0 || repo.resultIndexes(taskId).size > 0
        // A cut stream keeps what arrived and is never re-posted (P21); an ambiguous failure waits for the user (P17).
        const status = someStored ? 'incomplete' : unknown ? 'needs_attention' : 'failed'
        repo.updateTask(taskId, { status, error: jobError })
      }
    } finally {
      this.controllers.delete(taskId)
    }
    if (!this.stopped) this.publish(job.id)
  }

  /** Turns one gateway image entry into a result row to write: b64 goes into the library first (P28). */
  private async prepareItem(
    jobId: string,
    taskId: string,
    kind: 'image' | 'video',
    item: SyncItem
  ): Promise<NewResult> {
    const base = {
      jobId,
      taskId,
      index: item.index,
      kind,
      sizeLabel: item.size,
      revisedPrompt: item.revisedPrompt
    }
    if (item.error && !item.url && !item.b64) {
      const error = {
        code: item.error.code ?? 'image_failed',
        message: item.error.message ?? 'This image failed.'
      }
      return { ...base, status: 'failed', error }
    }
    if (item.b64) {
      try {
        const stored = await this.deps.media.storeBytes(Buffer.from(item.b64, 'base64'))
        return { ...base, status: 'stored', mediaId: stored.id }
      } catch (error) {
        return { ...base, status: 'rejected', error: toJobError(error, 'rejected') }
      }
    }
    if (item.url) {
      return {
        ...base,
        status: 'pending',
        sourceUrl: item.url,
        sourceExpiresAt: this.now() + this.policy.download.windowMs
      }
    }
    return {
      ...base,
      status: 'failed',
      error: { code: 'empty_result', message: 'The gateway sent an image entry without data.' }
    }
  }

  /**
   * Writes results (and the task's new state, when given) in ONE transaction, then starts the downloads:
   * a crash leaves either the task unanswered (needs attention) or fully answered, never half.
   */
  private commitResults(
    taskId: string,
    results: NewResult[],
    task?: TaskPatch
  ): number {
    const repo = this.deps.repo
    const pending: string[] = []
    repo.transaction(() => {
      for (const result of results) {
        const id = repo.insertResult(result)
        if (DOWNLOADABLE_RESULT_STATUSES.includes(result.status)) pending.push(id)
      }
      if (task) repo.updateTask(taskId, task)
    })
    for (const id of pending) this.downloads.set(id, this.now())
    return results.filter((result) => result.status === 'stored').length
  }

  /** The create response and the remote id are committed in one statement (P19), then polling starts. */
  private recordAccepted(
    task: TaskRow,
    kind: JobKind,
    snapshot: TaskSnapshot<{ id: string; status: string }>,
    createdAtSeconds: number | undefined
  ): void {
    const now = this.now()
    const createdAt = createdAtSeconds ? createdAtSeconds * 1000 : now
    const deadline =
      createdAt + (kind === 'video' ? this.policy.deadlineMs.videos : this.policy.deadlineMs.imagesV2)
    const nextPollAt = now + pollDelay(this.policy.poll, 0, this.random)
    this.deps.repo.updateTask(task.id, {
      status: snapshot.status === 'running' ? 'running' : 'queued',
      remoteId: snapshot.id,
      remoteStatus: snapshot.status,
      remoteCreatedAt: createdAt,
      deadlineAt: deadline,
      nextPollAt
    })
    if (snapshot.terminal) this.applySnapshot(task.id, snapshot, kind)
    else this.polls.set(task.id, nextPollAt)
  }

  // ---- polling ----

  private async runPoll(taskId: string): Promise<void> {
    const repo = this.deps.repo
    const task = repo.task(taskId)
    if (!task || !task.remote_id || !POLLABLE_TASK_STATUSES.includes(task.status)) return
    const job = repo.job(task.job_id)
    if (!job) return
    const now = this.now()
    if (task.deadline_at !== null && now > task.deadline_at) {
      repo.updateTask(taskId, { status: 'expired', error: DEADLINE_PASSED, nextPollAt: null })
      this.publish(job.id)
      return
    }
    const controller = new AbortController()
    this.controllers.set(taskId, controller)
    try {
      const { client } = await this.deps.connections.forProfile(job.profile_id)
      const res =
        job.kind === 'video'
          ? await client.poll('videos', task.remote_id, { signal: controller.signal })
          : await client.poll('imagesV2', task.remote_id, { signal: controller.signal })
      if (this.cancelled.has(taskId) || this.stopped) return
      this.deps.probe?.('poll.answered')
      // One transaction per poll: under synchronous=FULL every commit is an fsync, and a poll touches the
      // task, maybe a result, and the job's aggregate.
      const progress = (res.data.task as { progress?: unknown }).progress
      const view = repo.transaction(() => {
        repo.updateTask(taskId, {
          pollCount: task.poll_count + 1,
          lastPolledAt: this.now(),
          remoteStatus: res.data.status,
          ...(typeof progress === 'number' ? { progress: progress > 1 ? progress / 100 : progress } : {})
        })
        if (res.data.terminal) {
          this.applySnapshot(taskId, res.data, job.kind)
        } else {
          const status = res.data.status === 'running' ? 'running' : 'queued'
          this.schedulePoll(taskId, task.poll_count + 1, status, serverDelayMs(res.hints, this.now()))
        }
        return repo.settle(job.id)
      })
      if (view) this.deps.bus.emit('jobs.updated', view)
      return
    } catch (error) {
      if (this.cancelled.has(taskId) || this.stopped) return
      const gone = isGatewayError(error) && error.status === 404
      if (gone) {
        repo.updateTask(taskId, {
          status: 'failed',
          error: { ...toJobError(error), message: 'The gateway no longer knows this task.' },
          nextPollAt: null
        })
      } else {
        // The client already retried what P13 allows; keep polling later, never give up before the deadline.
        repo.updateTask(taskId, {
          pollCount: task.poll_count + 1,
          lastPolledAt: this.now(),
          error: toJobError(error)
        })
        const hint = isGatewayError(error) ? serverDelayMs(error.hints, this.now()) : undefined
        this.schedulePoll(taskId, task.poll_count + 1, undefined, hint)
      }
    } finally {
      this.controllers.delete(taskId)
    }
    this.publish(job.id)
  }

  private schedulePoll(taskId: string, count: number, status?: 'queued' | 'running', hintMs?: number): void {
    const at = this.now() + pollDelay(this.policy.poll, count, this.random, hintMs)
    this.deps.repo.updateTask(taskId, { nextPollAt: at, ...(status ? { status } : {}) })
    this.polls.set(taskId, at)
  }

  private applySnapshot(
    taskId: string,
    snapshot: TaskSnapshot<{ id: string; status: string }>,
    kind: JobKind
  ): void {
    const repo = this.deps.repo
    const task = repo.task(taskId)
    if (!task) return
    const usage = (snapshot.task as { usage?: unknown }).usage
    if (snapshot.status === 'succeeded') {
      if (!snapshot.resultUrl) {
        repo.updateTask(taskId, { status: 'failed', error: NO_RESULT_URL, nextPollAt: null })
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
          sourceExpiresAt: (task.remote_created_at ?? this.now()) + this.policy.download.windowMs
        })
        repo.updateTask(taskId, {
          status: 'succeeded',
          nextPollAt: null,
          progress: 1,
          ...(usage ? { usage } : {})
        })
        this.downloads.set(resultId, this.now())
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
    repo.updateTask(taskId, { status, error, nextPollAt: null, ...(usage ? { usage } : {}) })
  }

  private async cancelRemote(profileId: string, tasks: TaskRow[]): Promise<void> {
    const remote = tasks.filter((task) => task.remote_id && POLLABLE_TASK_STATUSES.includes(task.status))
    if (remote.length === 0) return
    try {
      const { client } = await this.deps.connections.forProfile(profileId)
      if (!client.canCancel('videos')) return
      const job = this.deps.repo.job(remote[0]?.job_id ?? '')
      if (job?.kind !== 'video') return
      for (const task of remote) {
        await client
          .cancel('videos', task.remote_id as string, { signal: AbortSignal.timeout(30_000) })
          .catch((error: unknown) => {
            this.deps.onError?.('remote cancel failed', error)
          })
      }
    } catch (error) {
      this.deps.onError?.('remote cancel failed', error)
    }
  }

  // ---- downloads ----

  private async runDownload(resultId: string): Promise<void> {
    const repo = this.deps.repo
    const result = repo.result(resultId)
    if (!result || !DOWNLOADABLE_RESULT_STATUSES.includes(result.status) || !result.source_url) return
    const job = repo.job(result.job_id)
    if (!job) return
    const controller = new AbortController()
    this.controllers.set(resultId, controller)
    try {
      const stored = await this.deps.media.storeDownload(result.source_url, {
        allowLoopback: this.deps.allowsLoopbackDownloads(job.profile_id),
        signal: controller.signal,
        kind: result.kind
      })
      if (this.stopped) return
      this.deps.probe?.('download.stored')
      repo.markResultStored(resultId, stored.id)
    } catch (error) {
      if (this.stopped) return
      const verdict = this.deps.media.classifyDownloadError(error)
      const jobError: JobError = { code: `download_${verdict.kind}`, message: verdict.message }
      const now = this.now()
      const expiry = result.source_expires_at ?? result.created_at + this.policy.download.windowMs
      if (verdict.kind === 'transient' && now < expiry) {
        const at = Math.min(
          expiry,
          now +
            downloadDelay(this.policy.download, result.download_attempts, this.random, verdict.retryAfterMs)
        )
        repo.scheduleDownloadRetry(resultId, at, jobError)
        this.downloads.set(resultId, at)
      } else {
        const status = verdict.kind === 'rejected' ? 'rejected' : 'expired'
        const message =
          status === 'expired'
            ? 'The result could not be downloaded before its address expired. It is lost on the gateway side.'
            : verdict.message
        repo.markResultFailed(resultId, status, { code: jobError.code, message })
      }
    } finally {
      this.controllers.delete(resultId)
    }
    this.publish(job.id)
  }
}
