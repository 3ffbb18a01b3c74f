import type {
  JobGroupPauseReason,
  JobGroupView,
  JobMoveInput,
  QueueState
} from '../../shared/schemas/jobGroups'
import { say } from '../../shared/sentences'
import type { EventBus } from '../contract/events'
import { AppFailure } from '../contract/failure'
import type { JobGroups } from './groups'
import type { QueueControl } from './queueControl'
import type { JobRepository } from './repository'
import type { Scheduler } from './scheduler'

/** Places closer than this are renumbered before a move between them (a REAL keeps ~15 digits). */
const MIN_GAP = 1e-6

/**
 * The user's hands on the queue: pause and resume it or one batch, move jobs to the front or between
 * others. Each change is committed first, then made in the scheduler, before the call returns: "paused"
 * means nothing new is sent from that moment, and a restart finds the queue as it was left.
 */
export class QueueSteering {
  constructor(
    private readonly deps: {
      scheduler: Scheduler
      repo: JobRepository
      groups: JobGroups
      queue: QueueControl
      bus: EventBus
    }
  ) {}

  /** At start, before any send is queued: the pauses as they were left. */
  restore(): void {
    const { scheduler, groups, queue } = this.deps
    if (queue.pausedAt() !== null) scheduler.setSendsPaused(true)
    for (const id of groups.pausedIds()) scheduler.setGroupPaused(id, true)
  }

  state(): QueueState {
    return {
      pausedAt: this.deps.queue.pausedAt(),
      waiting: this.deps.scheduler.queuedJobs().map((job) => job.jobId)
    }
  }

  setPaused(paused: boolean): QueueState {
    this.deps.queue.setPaused(paused)
    this.deps.scheduler.setSendsPaused(paused)
    return this.changed()
  }

  /** Pauses (`reason`) or resumes (null) one batch. */
  setGroupPaused(groupId: string, reason: JobGroupPauseReason | null): JobGroupView {
    if (!this.deps.groups.setPaused(groupId, reason)) throw new AppFailure('not_found', say('groupGone'))
    this.deps.scheduler.setGroupPaused(groupId, reason !== null)
    const view = this.deps.groups.view(groupId)
    if (!view) throw new AppFailure('not_found', say('groupGone'))
    this.deps.bus.emit('groups.updated', view)
    this.changed()
    return view
  }

  /** Moves a whole batch's waiting jobs to the front, keeping their order among themselves. */
  groupToFront(groupId: string): QueueState {
    if (!this.deps.groups.view(groupId)) throw new AppFailure('not_found', say('groupGone'))
    return this.move({ to: 'front', jobIds: this.deps.groups.jobIdsInQueueOrder(groupId) })
  }

  move(input: JobMoveInput): QueueState {
    const queued = this.deps.scheduler.queuedJobs()
    const waiting = queued.map((job) => job.jobId)
    const places = new Map(queued.map((job) => [job.jobId, job.order]))
    const moving = input.to === 'front' ? input.jobIds : [input.jobId]
    const movable = moving.filter((jobId) => places.has(jobId))
    if (movable.length === 0) throw new AppFailure('jobs.not_waiting', say('notWaiting'))
    if (input.to === 'before' && input.before !== null && !places.has(input.before))
      throw new AppFailure('jobs.not_waiting', say('notWaiting'))
    const orders =
      input.to === 'front'
        ? this.toFront(movable, waiting, places)
        : this.between(movable[0] as string, input.before, waiting, places)
    this.deps.repo.setQueueOrder(orders)
    for (const { jobId, order } of orders) this.deps.scheduler.reorder(jobId, order)
    return this.changed()
  }

  private toFront(
    jobIds: readonly string[],
    waiting: readonly string[],
    places: ReadonlyMap<string, number>
  ): { jobId: string; order: number }[] {
    const first = places.get(waiting[0] as string) ?? 1
    return jobIds.map((jobId, index) => ({ jobId, order: first - jobIds.length + index }))
  }

  /** `jobId` just before `before` (null: after the last), halfway between it and the one before it. */
  private between(
    jobId: string,
    before: string | null,
    waiting: readonly string[],
    places: ReadonlyMap<string, number>
  ): { jobId: string; order: number }[] {
    const rest = waiting.filter((id) => id !== jobId)
    const at = before === null ? rest.length : rest.indexOf(before)
    const prev = at > 0 ? places.get(rest[at - 1] as string) : undefined
    const next = at < rest.length ? places.get(rest[at] as string) : undefined
    if (prev === undefined) return [{ jobId, order: (next ?? 1) - 1 }]
    if (next === undefined) return [{ jobId, order: prev + 1 }]
    if (next - prev > MIN_GAP) return [{ jobId, order: (prev + next) / 2 }]
    // Worn thin by many moves into one gap: every waiting job gets a whole number again, in the new order.
    const renumbered = [...rest]
    renumbered.splice(at, 0, jobId)
    return renumbered.map((id, index) => ({ jobId: id, order: index + 1 }))
  }

  private changed(): QueueState {
    const state = this.state()
    this.deps.bus.emit('queue.changed', state)
    return state
  }
}
