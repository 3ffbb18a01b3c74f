import { randomUUID } from 'node:crypto'
import type { Clock } from '../clock'

export type TaskOutcome = 'succeeded' | 'failed' | 'cancelled' | 'expired'
export type TaskStatus = 'queued' | 'running' | TaskOutcome

interface Task<R, M> {
  id: string
  tenant: string
  model: string
  createdAt: number
  runningAt: number
  finishedAt: number
  outcome: TaskOutcome
  meta: M
  makeResult: (finishedAt: number) => R
  result?: R
}

export interface TaskView<R, M> {
  id: string
  model: string
  status: TaskStatus
  /** Unix seconds. */
  createdAt: number
  completedAt: number | null
  /** What the creator attached (request details echoed in the task). */
  meta: M
  /** Only once the task has succeeded. */
  result?: R
}

/**
 * Tasks whose state is a pure function of the clock: `queued` for `queuedMs`, `running` for `runningMs`,
 * then their outcome. Reading a task never changes it.
 */
export class TaskStore<R, M> {
  private readonly tasks = new Map<string, Task<R, M>>()

  constructor(
    private readonly clock: Clock,
    private readonly prefix: string
  ) {}

  create(opts: {
    tenant: string
    model: string
    outcome: TaskOutcome
    meta: M
    queuedMs: number
    runningMs: number
    makeResult: (finishedAt: number) => R
  }): TaskView<R, M> {
    const now = this.clock.now()
    const task: Task<R, M> = {
      id: `${this.prefix}${randomUUID().replace(/-/g, '')}`,
      tenant: opts.tenant,
      model: opts.model,
      createdAt: now,
      runningAt: now + opts.queuedMs,
      finishedAt: now + opts.queuedMs + opts.runningMs,
      outcome: opts.outcome,
      meta: opts.meta,
      makeResult: opts.makeResult
    }
    this.tasks.set(task.id, task)
    // Creation always answers `queued` (docs/GATEWAY.md §3), even when zero-length phases make the task
    // finish at once.
    return {
      ...(this.view(task.id, opts.tenant) as TaskView<R, M>),
      status: 'queued',
      completedAt: null,
      result: undefined
    }
  }

  /**
   * Cancels a task still queued or running (it is `cancelled` from now on); `final` when it has already
   * ended, undefined for unknown ids and other tenants' tasks.
   */
  cancel(id: string, tenant: string): TaskView<R, M> | 'final' | undefined {
    const task = this.tasks.get(id)
    if (!task || task.tenant !== tenant) return undefined
    const now = this.clock.now()
    if (now >= task.finishedAt) return 'final'
    task.runningAt = Math.min(task.runningAt, now)
    task.finishedAt = now
    task.outcome = 'cancelled'
    return this.view(id, tenant)
  }

  /** The task as seen now by `tenant`; undefined for unknown ids and other tenants' tasks. */
  view(id: string, tenant: string): TaskView<R, M> | undefined {
    const task = this.tasks.get(id)
    if (!task || task.tenant !== tenant) return undefined
    const now = this.clock.now()
    const status: TaskStatus =
      now < task.runningAt ? 'queued' : now < task.finishedAt ? 'running' : task.outcome
    const done = status !== 'queued' && status !== 'running'
    if (status === 'succeeded' && task.result === undefined) task.result = task.makeResult(task.finishedAt)
    return {
      id: task.id,
      model: task.model,
      status,
      createdAt: Math.floor(task.createdAt / 1000),
      completedAt: done ? Math.floor(task.finishedAt / 1000) : null,
      meta: task.meta,
      ...(status === 'succeeded' ? { result: task.result } : {})
    }
  }
}

/** The fields every task object carries. */
export function taskFields<R, M>(view: TaskView<R, M>, object: string): Record<string, unknown> {
  return {
    id: view.id,
    object,
    model: view.model,
    status: view.status,
    created_at: view.createdAt,
    completed_at: view.completedAt
  }
}
