import type { JobRequest } from '../../shared/schemas/jobs'
import { DOWNLOADABLE_RESULT_STATUSES, SENDING_TASK_STATUSES } from '../../shared/schemas/jobStatuses'
import { isQuotaError } from '../../shared/gateway/errors'
import { isGatewayError, type GatewayClient, type GatewayError } from '../gateway'
import { serverDelayMs } from '../time/backoff'
import type { RunnerContext } from './context'
import { OUTCOME_UNKNOWN_AFTER_CRASH, STREAM_CUT_BY_CRASH, toJobError } from './errors'
import { laneOfJob } from './lanes'
import type { PollRunner } from './pollRunner'
import type { NewResult, TaskPatch } from './rows'
import { sendTask, type SyncItem } from './send'

/**
 * What a send's outcome does to its reserved spend (P50): `settle` at what the answer delivered, `end` (the
 * estimate stays spent), `release` (certainly not billed), or `keep` (outcome unknown: the reservation stays
 * counted until the user sends it again or discards it).
 */
type SpendOutcome = { settle: { request: JobRequest; usage: unknown } } | 'end' | 'release' | 'keep'

/**
 * The send lane: one billed request per task, rows first (P19), its estimate reserved with its claim (P50).
 *
 *   pending ─claim─▶ submitting ─▶ succeeded         sync or streamed answer, results committed with it
 *                               ─▶ queued | running   accepted as a remote task: the poll lane takes over
 *                               ─▶ failed             refused, or the request or profile could not be read
 *                               ─▶ needs_attention    outcome unknown: waits for the user (P17)
 *                               ─▶ incomplete         a stream cut after some images arrived (P21)
 *                               ─▶ cancelled          the user cancelled it while it was in flight
 *                               ─▶ pending            refused with a 429 (rate, or a batch's balance): queued
 *                                                     again in its place, its lane held or its batch paused
 *   submitting left by a crash ─start─▶ needs_attention, or incomplete when a stream had delivered images
 *
 * Only `pending` is ever claimed (SENDABLE_TASK_STATUSES, by `SendClaims`, with its spend reserved or held for
 * budget); on `stop` a task stays `submitting`. Each new state is committed with what it means for the task's
 * spend (`SpendOutcome`): settled on an answer, released on a certain refusal, kept while the outcome is
 * unknown.
 */
export class SendRunner {
  constructor(
    private readonly ctx: RunnerContext,
    private readonly poller: PollRunner
  ) {}

  /** Puts a committed task in the send queue, in its job's place (set aside if its batch is paused). */
  enqueue(taskId: string): void {
    const task = this.ctx.repo.task(taskId)
    const job = task ? this.ctx.repo.job(task.job_id) : null
    if (!task || !job) return
    this.ctx.scheduler.queueSend({
      taskId,
      jobId: job.id,
      kind: job.kind,
      lane: laneOfJob(job),
      groupId: job.group_id,
      // Every job that can wait has a place (migration 012 gave the unfinished theirs); last, if not.
      order: job.queue_order ?? Number.MAX_SAFE_INTEGER,
      seq: task.seq
    })
  }

  /** At start: tasks the last run left `submitting` may have been billed; they are never sent again here. */
  recoverStranded(): number {
    const repo = this.ctx.repo
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
        // Either may have been billed in full: the reservation stays counted (P50).
        this.spendOf(taskId, partial ? 'end' : 'keep')
      }
    })
    for (const jobId of new Set(stranded.map((s) => s.jobId))) this.ctx.publish(jobId)
    return stranded.length
  }

  async run(taskId: string): Promise<void> {
    const { repo, deps, scheduler } = this.ctx
    const task = repo.task(taskId)
    // Claimed (`SendClaims`) as the scheduler started it; anything else is not this send's to make.
    if (!task || !SENDING_TASK_STATUSES.includes(task.status)) return
    const job = repo.job(task.job_id)
    const request = repo.requestOf(task)
    if (!job || !request) {
      const released = this.conclude(
        taskId,
        { status: 'failed', error: { code: 'internal', message: 'The stored request could not be read.' } },
        'release'
      )
      this.ctx.publish(task.job_id)
      if (released) scheduler.retryBudgetHolds()
      return
    }
    this.ctx.publish(job.id)
    deps.probe?.('send.claimed')
    const controller = scheduler.track(taskId)
    let client: GatewayClient
    try {
      client = (await deps.connections.forProfile(job.profile_id)).client
    } catch (error) {
      scheduler.release(taskId)
      const released = this.conclude(
        taskId,
        { status: 'failed', error: toJobError(error, 'profile') },
        'release'
      )
      this.ctx.publish(job.id)
      if (released) scheduler.retryBudgetHolds()
      return
    }
    const kind = job.kind === 'video' ? 'video' : 'image'
    const lane = laneOfJob(job)
    let storedInStream = 0
    let streamUsage: unknown = null
    let released = false
    let chain: Promise<void> = Promise.resolve()
    // Images are announced in order, each once its thumbnail can be shown; commits never wait for that.
    let announcing: Promise<void> = Promise.resolve()
    const inOrder = (step: () => Promise<void>): void => {
      chain = chain
        .then(step)
        .catch((error: unknown) => deps.onError?.('storing a streamed image failed', error))
    }
    try {
      const outcome = await sendTask(
        client,
        request,
        deps.media,
        // The lane, not this one send, waits out a 429: the slot goes to a lane the gateway still takes.
        { signal: controller.signal, idempotencyKey: task.idempotency_key, rateLimits: 'caller' },
        {
          // Each image starts into the library at once while the stream keeps being read; rows commit in order.
          onImage: (item) => {
            const prepared = this.prepareItem(job.id, taskId, kind, item)
            inOrder(async () => {
              const kept = await prepared
              storedInStream += this.commitResults(taskId, [kept])
              deps.probe?.('stream.partial')
              const announce = (): void => {
                const view = repo.jobView(job.id)
                const result = view?.results.find((r) => r.taskId === taskId && r.index === item.index)
                if (view && result) deps.bus.emit('jobs.partial', { jobId: job.id, result, job: view })
                else if (view) deps.bus.emit('jobs.updated', view)
              }
              // Announced once its thumbnail is there to answer the page's request for it at once; the
              // next image's commit does not wait for that (in a burst, thumbnails follow the burst).
              const mediaId = kept.status === 'stored' ? kept.mediaId : undefined
              announcing = announcing
                .then(() => (mediaId ? deps.media.thumbnailReady(mediaId) : undefined))
                .then(announce)
                .catch((error: unknown) => deps.onError?.('announcing a streamed image failed', error))
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
              this.ctx.publish(job.id)
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
              streamUsage = usage
            })
            return Promise.resolve()
          }
        }
      )
      deps.probe?.('send.answered')
      scheduler.laneAnswered(lane)
      if (outcome.type === 'streamed') {
        await chain
        await announcing
        this.conclude(taskId, { status: 'succeeded' }, { settle: { request, usage: streamUsage } })
      } else if (outcome.type === 'sync') {
        const prepared: NewResult[] = []
        for (const item of outcome.items) prepared.push(await this.prepareItem(job.id, taskId, kind, item))
        this.commitResults(
          taskId,
          prepared,
          { status: 'succeeded', usage: outcome.usage },
          { settle: { request, usage: outcome.usage } }
        )
      } else {
        this.poller.accept(task, job.kind, outcome.snapshot, outcome.createdAt)
      }
    } catch (error) {
      await chain
      // Shutting down: leave the row `submitting`; the next start marks it needs_attention (outcome unknown).
      if (scheduler.stopped) return
      await announcing
      const someStored = storedInStream > 0 || repo.resultIndexes(taskId).size > 0
      const refusal = someStored ? null : refusalOf(error, job.group_id, this.ctx.now())
      if (refusal === null) scheduler.laneAnswered(lane)
      if (scheduler.isCancelled(taskId)) {
        // Cut off by the user's cancel: it may have reached the gateway, so its reservation stays counted.
        this.conclude(taskId, { status: 'cancelled' }, 'keep')
      } else if (refusal) {
        // Refused before any work, so certainly not billed (P17): it waits in its place to go again, and
        // reserves again when it does.
        released = this.conclude(taskId, { status: 'pending', error: toJobError(error) }, 'release')
        if (refusal.type === 'rate') scheduler.laneRefused(lane, refusal.retryAfterMs)
        else this.ctx.pauseForBalance(refusal.groupId)
        this.enqueue(taskId)
        this.ctx.publish(job.id)
        return
      } else {
        const jobError = toJobError(error)
        const unknown = isGatewayError(error) && error.outcome === 'unknown'
        // A cut stream keeps what arrived and is never re-posted (P21); an ambiguous failure waits for the user (P17).
        const status = someStored ? 'incomplete' : unknown ? 'needs_attention' : 'failed'
        // Failed is certain: a refusal (outcome `failed`), or an error of ours before the request left (the
        // client throws a GatewayError for everything after). A cut stream may have been billed for it all.
        const spend = status === 'incomplete' ? 'end' : status === 'failed' ? 'release' : 'keep'
        released = this.conclude(taskId, { status, error: jobError }, spend)
      }
    } finally {
      scheduler.release(taskId)
      if (released) scheduler.retryBudgetHolds()
    }
    if (!scheduler.stopped) this.ctx.publish(job.id)
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
        const stored = await this.ctx.deps.media.storeBytes(Buffer.from(item.b64, 'base64'))
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
        sourceExpiresAt: this.ctx.now() + this.ctx.policy.download.windowMs
      }
    }
    return {
      ...base,
      status: 'failed',
      error: { code: 'empty_result', message: 'The gateway sent an image entry without data.' }
    }
  }

  /**
   * Writes results (and the task's new state with its spend, when given) in ONE transaction, then starts the
   * downloads: a crash leaves either the task unanswered (needs attention) or fully answered, never half.
   */
  private commitResults(
    taskId: string,
    results: NewResult[],
    task?: TaskPatch,
    spend: SpendOutcome = 'keep'
  ): number {
    const repo = this.ctx.repo
    const pending: string[] = []
    repo.transaction(() => {
      for (const result of results) {
        const id = repo.insertResult(result)
        if (DOWNLOADABLE_RESULT_STATUSES.includes(result.status)) pending.push(id)
      }
      if (task) {
        repo.updateTask(taskId, task)
        this.spendOf(taskId, spend)
      }
    })
    for (const id of pending) this.ctx.scheduler.scheduleDownload(id, 0)
    return results.filter((result) => result.status === 'stored').length
  }

  /**
   * The task's new state and what it does to its spend, in one transaction; true when a reservation was
   * released, after which the tasks held for budget are tried again (once the send has said all it says).
   */
  private conclude(taskId: string, patch: TaskPatch, spend: SpendOutcome): boolean {
    return this.ctx.repo.transaction(() => {
      this.ctx.repo.updateTask(taskId, patch)
      return this.spendOf(taskId, spend)
    })
  }

  /** Applies a send's outcome to its reservation (inside the caller's transaction); true when one was released. */
  private spendOf(taskId: string, outcome: SpendOutcome): boolean {
    const spend = this.ctx.deps.spend
    if (!spend || outcome === 'keep') return false
    if (outcome === 'release') return spend.release(taskId)
    if (outcome === 'end') spend.end(taskId, null)
    else spend.settle(taskId, { ...outcome.settle, results: this.ctx.repo.deliveredCount(taskId) })
    return false
  }
}

/**
 * The longest Retry-After a lane waits out as asked (ours, P49): a queue can wait longer than one request
 * (60 s) without keeping anyone's click waiting; past this the lane's own backoff applies.
 */
const LANE_HOLD_MAX_MS = 10 * 60_000

type Refusal = { type: 'rate'; retryAfterMs: number | undefined } | { type: 'balance'; groupId: string }

/**
 * A send the gateway refused before doing any work, that goes again later rather than failing: a 429 about
 * the rate (the lane slows down), or a batch's job refused for the balance or quota (the batch pauses until
 * the user tops up and resumes it). A job of no batch refused for money fails and says so, as before.
 */
function refusalOf(error: unknown, groupId: string | null, now: number): Refusal | null {
  if (!isGatewayError(error) || error.reason !== 'http' || error.outcome !== 'failed') return null
  const refused: GatewayError = error
  if (isQuotaError(refused)) return groupId === null ? null : { type: 'balance', groupId }
  if (refused.status !== 429) return null
  return { type: 'rate', retryAfterMs: serverDelayMs(refused.hints, now, LANE_HOLD_MAX_MS) }
}
