import type { LaneLimits } from '../../shared/schemas/lanes'
import { DueQueue } from './dueQueue'
import { Lanes } from './lanes'
import type { EnginePolicy } from './policy'
import type { JobKind } from './rows'
import { SendQueue, type QueuedSend } from './sendQueue'

/** What the scheduler counts in flight: sends (each also counted in its lane), polls and downloads. */
type Work = 'send' | 'poll' | 'download'

/** A lane's limits: the user's for its profile and endpoint, or the defaults for its kind of job. */
export type LaneLimitsOf = (lane: string, kind: JobKind) => LaneLimits

/** What runs one item of a lane; the scheduler counts it in flight until its promise settles. */
export interface LaneWorkers {
  /**
   * Claims a task for sending before its lane counts it (committed `submitting`, its spend reserved); false:
   * it does not go now (cancelled, gone, or held for budget), and takes no slot of its lane's limits.
   */
  claimSend?(entry: QueuedSend): boolean
  send(taskId: string): Promise<void>
  poll(taskId: string): Promise<void>
  download(resultId: string): Promise<void>
}

/**
 * When work runs, never what it does: the send queue (a line per lane — a profile and an endpoint — in the
 * user's order, paused batches and tasks waiting for budget set aside, the whole of it paused or not), each lane's concurrency and rate
 * (`Lanes`), the due queues of polls and downloads, the one timer (armed for the earliest moment something
 * waiting could start), the abort controller of each item in flight, the tasks cancelled in this process,
 * and `waitForIdle`. The runners decide what an item does and schedule what follows.
 */
export class Scheduler {
  private readonly sends = new SendQueue()
  /** The user paused the whole queue: nothing new is sent; polls and downloads go on. */
  private sendsPaused = false
  private readonly polls = new DueQueue()
  private readonly downloads = new DueQueue()
  private readonly running: Record<Work, number> = { send: 0, poll: 0, download: 0 }
  private readonly lanes: Lanes
  /** Each lane's kind of job, for its default limits. */
  private readonly laneKinds = new Map<string, JobKind>()
  private readonly controllers = new Map<string, AbortController>()
  private readonly cancelled = new Set<string>()
  private idleWaiters: (() => void)[] = []
  private timer: ReturnType<typeof setTimeout> | null = null
  private timerDue = Infinity
  private halted = false
  private pumpSoon: ReturnType<typeof setImmediate> | null = null

  constructor(
    private readonly concurrency: EnginePolicy['concurrency'],
    /** Monotonic ms (`Clock.monotonic`): due times never follow a step of the wall clock. */
    private readonly now: () => number,
    private readonly workers: LaneWorkers,
    private readonly onError?: (message: string, error: unknown) => void,
    /** How long a poll or download that failed unexpectedly waits before it is tried again (ours). */
    private readonly retryAfterFaultMs = 30_000,
    laneLimits?: LaneLimitsOf
  ) {
    const limitsOf: LaneLimitsOf =
      laneLimits ?? ((_lane, kind) => ({ concurrency: concurrency[kind], perMinute: null }))
    this.lanes = new Lanes((lane) => limitsOf(lane, this.laneKinds.get(lane) ?? 'image'))
  }

  /** True once `stop` was called: runners leave rows as they are for the next start to recover. */
  get stopped(): boolean {
    return this.halted
  }

  queueSend(entry: QueuedSend): void {
    this.laneKinds.set(entry.lane, entry.kind)
    this.sends.add(entry)
  }

  /**
   * The gateway answered a send of the lane with a 429 not about money: the lane holds for as long as it
   * asked and keeps to a lower rate for a while (P49). The task itself is queued again by its runner.
   */
  laneRefused(lane: string, retryAfterMs: number | undefined): void {
    this.lanes.refused(lane, this.now(), retryAfterMs)
  }

  /** Any other answer to a send of the lane: its run of 429s is over. */
  laneAnswered(lane: string): void {
    this.lanes.answered(lane)
  }

  /** What Settings shows of a lane now: sends in flight, waiting, and what a 429 taught it. */
  laneState(lane: string): { running: number; waiting: number; slowedTo: number | null; holdMs: number } {
    return { ...this.lanes.snapshot(lane, this.now()), waiting: this.sends.waitingIn(lane) }
  }

  /**
   * Pauses or resumes sending (the whole queue). Takes effect before this returns: the pump never starts a
   * send while paused, and what is in flight finishes.
   */
  setSendsPaused(paused: boolean): void {
    this.sendsPaused = paused
    if (!paused) this.pump()
  }

  /** The task would cross a spending cap: held out of its line, keeping its place, until the budget changes (P50). */
  holdForBudget(entry: QueuedSend): void {
    this.sends.hold(entry)
  }

  /** How many of a batch's jobs are held for budget now. */
  heldJobsIn(groupId: string): number {
    return this.sends.heldJobsIn(groupId)
  }

  /** Caps, prices or reservations changed: every task held for budget goes back to its place and is tried again. */
  retryBudgetHolds(): void {
    if (this.sends.unhold() > 0) this.pump()
  }

  /** Pauses or resumes one batch's sends, the same way. */
  setGroupPaused(groupId: string, paused: boolean): void {
    if (paused) this.sends.pauseGroup(groupId)
    else {
      this.sends.resumeGroup(groupId)
      this.pump()
    }
  }

  /** A job's new place in the send queue. */
  reorder(jobId: string, order: number): void {
    this.sends.reorder(jobId, order)
  }

  /** The lowest and highest places in the send queue, or null when nothing waits. */
  queueBounds(): { first: number; last: number } | null {
    return this.sends.bounds()
  }

  /** The jobs waiting to be sent and their places, in the order they will go. */
  queuedJobs(): { jobId: string; order: number }[] {
    return this.sends.jobsInOrder()
  }

  /** The task's next poll, `delayMs` from now (a later call replaces an earlier one). */
  schedulePoll(taskId: string, delayMs: number): void {
    this.polls.set(taskId, this.now() + Math.max(0, delayMs))
  }

  scheduleDownload(resultId: string, delayMs: number): void {
    this.downloads.set(resultId, this.now() + Math.max(0, delayMs))
  }

  /** How long until the task's next poll is due (ms), or null if none is scheduled. */
  nextPollIn(taskId: string): number | null {
    const due = this.polls.dueOf(taskId)
    return due === null ? null : Math.max(0, due - this.now())
  }

  /** A new controller for an item about to do I/O; `release` forgets it. */
  track(id: string): AbortController {
    const controller = new AbortController()
    this.controllers.set(id, controller)
    return controller
  }

  release(id: string): void {
    this.controllers.delete(id)
  }

  /** The user's cancel: the task leaves every queue and its request in flight is aborted. */
  cancel(taskId: string): void {
    this.cancelled.add(taskId)
    this.controllers.get(taskId)?.abort()
    this.polls.delete(taskId)
    this.sends.remove(taskId)
  }

  isCancelled(taskId: string): boolean {
    return this.cancelled.has(taskId)
  }

  /** The user's "send again" after a cancel of the same task in this process. */
  uncancel(taskId: string): void {
    this.cancelled.delete(taskId)
  }

  /** Counts for the bench and the navigation badge. */
  stats(): { queued: number; polling: number; downloading: number; inFlight: number } {
    return {
      queued: this.sends.size,
      polling: this.polls.size,
      downloading: this.downloads.size,
      inFlight: Object.values(this.running).reduce((a, b) => a + b, 0)
    }
  }

  /** Resolves once nothing is queued, scheduled or in flight (tests; no sleeps). */
  waitForIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /** Aborts whatever is in flight and starts nothing more. */
  stop(): void {
    this.halted = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (this.pumpSoon) clearImmediate(this.pumpSoon)
    this.pumpSoon = null
    for (const controller of this.controllers.values()) controller.abort()
  }

  /** Starts what the open lanes can take now, re-arms the timer, and wakes idle waiters. */
  pump(): void {
    if (this.halted) return
    const now = this.now()
    if (!this.sendsPaused) {
      for (const lane of this.sends.readyLanes()) {
        while (this.lanes.canStart(lane, now)) {
          const entry = this.sends.take(lane)
          if (!entry) break
          if (!this.claim(entry)) continue
          this.lanes.started(lane, now)
          this.launch('send', entry.taskId, () => this.workers.send(entry.taskId), lane)
        }
      }
    }
    while (this.running.poll < this.concurrency.poll) {
      const taskId = this.polls.popDue(now)
      if (!taskId) break
      this.launch('poll', taskId, () => this.workers.poll(taskId))
    }
    while (this.running.download < this.concurrency.download) {
      const resultId = this.downloads.popDue(now)
      if (!resultId) break
      this.launch('download', resultId, () => this.workers.download(resultId))
    }
    this.armTimer()
    if (this.isIdle()) {
      const waiters = this.idleWaiters
      this.idleWaiters = []
      for (const resolve of waiters) resolve()
    }
  }

  /** Nothing that can run is left: what waits in a paused queue or batch waits for the user, not for us. */
  private isIdle(): boolean {
    const stats = this.stats()
    const sendable = this.sendsPaused ? 0 : this.sends.waiting()
    return sendable === 0 && stats.polling === 0 && stats.downloading === 0 && stats.inFlight === 0
  }

  /** The worker's claim; one that fails to commit leaves its task `pending` for the next start, as a send would. */
  private claim(entry: QueuedSend): boolean {
    if (!this.workers.claimSend) return true
    try {
      return this.workers.claimSend(entry)
    } catch (error) {
      this.onError?.(`claiming send ${entry.taskId} failed`, error)
      return false
    }
  }

  private launch(lane: Work, id: string, work: () => Promise<void>, sendLane?: string): void {
    this.running[lane]++
    work()
      .catch((error: unknown) => {
        this.onError?.(`${lane} ${id} failed unexpectedly`, error)
        // A poll or download that could not even record its outcome (a disk that refuses the database's
        // writes) is tried again later rather than left until the next start. A send is never: its outcome
        // may be unknown, and only the user's word sends it again (P17).
        if (this.halted || this.cancelled.has(id)) return
        if (lane === 'poll') this.polls.set(id, this.now() + this.retryAfterFaultMs)
        if (lane === 'download') this.downloads.set(id, this.now() + this.retryAfterFaultMs)
      })
      .finally(() => {
        this.running[lane]--
        if (sendLane !== undefined) this.lanes.finished(sendLane)
        this.pumpAfterIo()
      })
  }

  /**
   * The next items start in the event loop's next turn, never in the microtask of the one that ended: work
   * that settles without I/O (a poll refused before any request, say) would otherwise start the next item in
   * the same turn, and 10,000 of them at start-up kept the web host from even listening.
   */
  private pumpAfterIo(): void {
    if (this.pumpSoon || this.halted) return
    this.pumpSoon = setImmediate(() => {
      this.pumpSoon = null
      this.pump()
    })
  }

  private armTimer(): void {
    const candidates = [
      this.running.poll < this.concurrency.poll ? this.polls.peekDue() : null,
      this.running.download < this.concurrency.download ? this.downloads.peekDue() : null
    ].filter((due): due is number => due !== null)
    // A lane held by a 429 or its rate opens at a known time; one full of sends opens when one ends.
    if (!this.sendsPaused) {
      const now = this.now()
      for (const lane of this.sends.readyLanes()) candidates.push(this.lanes.opensAt(lane, now))
    }
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
}
