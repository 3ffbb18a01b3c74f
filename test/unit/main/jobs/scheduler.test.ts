import { afterEach, describe, expect, it } from 'vitest'
import { DueQueue } from '../../../../src/main/jobs/dueQueue'
import { DEFAULT_POLICY } from '../../../../src/main/jobs/policy'
import type { JobKind } from '../../../../src/main/jobs/rows'
import { Scheduler, type LaneWorkers } from '../../../../src/main/jobs/scheduler'
import type { QueuedSend } from '../../../../src/main/jobs/sendQueue'

/** Workers that record what started and finish only when the test says so. */
function heldWorkers() {
  const started: string[] = []
  const finish = new Map<string, () => void>()
  const work = (lane: string) => (id: string) => {
    started.push(`${lane}:${id}`)
    return new Promise<void>((resolve) => finish.set(id, resolve))
  }
  const workers: LaneWorkers = { send: work('send'), poll: work('poll'), download: work('download') }
  return { started, workers, done: (id: string) => finish.get(id)?.() }
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

let scheduler: Scheduler | null = null
afterEach(() => {
  scheduler?.stop()
  scheduler = null
})

let nextOrder = 0
/** A task of its own job, queued after the ones before it (unless told its place or batch). */
const queued = (
  kind: JobKind,
  taskId: string,
  order = ++nextOrder,
  groupId: string | null = null
): QueuedSend => ({
  taskId,
  jobId: `job-${taskId}`,
  kind,
  lane: kind,
  groupId,
  order,
  seq: 0
})

describe('scheduler', () => {
  it('DueQueue pops in due order and forgets rescheduled or deleted ids', () => {
    const queue = new DueQueue()
    queue.set('a', 30)
    queue.set('b', 10)
    queue.set('c', 20)
    queue.set('a', 5)
    queue.delete('c')
    expect(queue.popDue(100)).toBe('a')
    expect(queue.popDue(100)).toBe('b')
    expect(queue.popDue(100)).toBeNull()
    queue.set('d', 50)
    expect(queue.popDue(49)).toBeNull()
    expect(queue.peekDue()).toBe(50)
  })

  it('runs sends in order within each kind’s concurrency, then the next as one finishes', async () => {
    const { started, workers, done } = heldWorkers()
    const concurrency = { ...DEFAULT_POLICY.concurrency, image: 2, video: 1 }
    scheduler = new Scheduler(concurrency, () => 0, workers)
    for (const id of ['i1', 'i2', 'i3']) scheduler.queueSend(queued('image', id))
    for (const id of ['v1', 'v2']) scheduler.queueSend(queued('video', id))
    scheduler.pump()
    expect(started).toEqual(['send:i1', 'send:i2', 'send:v1'])
    expect(scheduler.stats()).toEqual({ queued: 2, polling: 0, downloading: 0, inFlight: 3 })
    done('i1')
    await tick()
    expect(started.at(-1)).toBe('send:i3')
  })

  it('starts a poll when it is due, by its one timer, and resolves waitForIdle when all is done', async () => {
    const { started, workers, done } = heldWorkers()
    scheduler = new Scheduler(DEFAULT_POLICY.concurrency, () => performance.now(), workers)
    scheduler.schedulePoll('t1', 30)
    scheduler.scheduleDownload('r1', 0)
    let idle = false
    void scheduler.waitForIdle().then(() => (idle = true))
    scheduler.pump()
    expect(started).toEqual(['download:r1'])
    expect(scheduler.nextPollIn('t1')).not.toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(started).toEqual(['download:r1', 'poll:t1'])
    done('r1')
    done('t1')
    await tick()
    expect(idle).toBe(true)
  })

  it('a cancel takes the task out of every queue and aborts its request in flight', () => {
    const { started, workers } = heldWorkers()
    scheduler = new Scheduler({ ...DEFAULT_POLICY.concurrency, image: 1 }, () => 0, workers)
    scheduler.queueSend(queued('image', 'a'))
    scheduler.queueSend(queued('image', 'b'))
    scheduler.schedulePoll('c', 10)
    scheduler.pump()
    const controller = scheduler.track('a')
    scheduler.cancel('a')
    scheduler.cancel('b')
    scheduler.cancel('c')
    expect(controller.signal.aborted).toBe(true)
    expect(scheduler.isCancelled('b')).toBe(true)
    expect(scheduler.stats()).toMatchObject({ queued: 0, polling: 0 })
    scheduler.uncancel('b')
    expect(scheduler.isCancelled('b')).toBe(false)
    expect(started).toEqual(['send:a'])
  })

  it('sends nothing while the queue is paused, what is in flight finishes, and resumes in order [P48]', async () => {
    const { started, workers, done } = heldWorkers()
    scheduler = new Scheduler({ ...DEFAULT_POLICY.concurrency, image: 1 }, () => 0, workers)
    for (const id of ['a', 'b', 'c']) scheduler.queueSend(queued('image', id))
    scheduler.pump()
    expect(started).toEqual(['send:a'])
    scheduler.setSendsPaused(true)
    let idle = false
    void scheduler.waitForIdle().then(() => (idle = true))
    done('a')
    await tick()
    // Paused: b and c wait for the user, so the engine counts as idle once a is done.
    expect(started).toEqual(['send:a'])
    expect(idle).toBe(true)
    expect(scheduler.stats().queued).toBe(2)
    scheduler.setSendsPaused(false)
    expect(started).toEqual(['send:a', 'send:b'])
  })

  it('sets a paused batch aside, sends the rest, and puts it back in its place on resume [P48]', async () => {
    const { started, workers, done } = heldWorkers()
    scheduler = new Scheduler({ ...DEFAULT_POLICY.concurrency, image: 1 }, () => 0, workers)
    scheduler.queueSend(queued('image', 'g1', 1, 'G'))
    scheduler.queueSend(queued('image', 'x', 2))
    scheduler.queueSend(queued('image', 'g2', 3, 'G'))
    scheduler.queueSend(queued('image', 'y', 4))
    scheduler.setGroupPaused('G', true)
    scheduler.pump()
    expect(started).toEqual(['send:x'])
    // Queued into a paused batch: set aside too.
    scheduler.queueSend(queued('image', 'g3', 0, 'G'))
    done('x')
    await tick()
    expect(started).toEqual(['send:x', 'send:y'])
    scheduler.setGroupPaused('G', false)
    done('y')
    await tick()
    expect(started).toEqual(['send:x', 'send:y', 'send:g3'])
    for (const id of ['g3', 'g1']) {
      done(id)
      await tick()
    }
    expect(started.slice(3)).toEqual(['send:g1', 'send:g2'])
  })

  it('moves a job to a new place in its line [P48]', async () => {
    const { started, workers, done } = heldWorkers()
    scheduler = new Scheduler({ ...DEFAULT_POLICY.concurrency, image: 1 }, () => 0, workers)
    for (const [id, order] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4]
    ] as const)
      scheduler.queueSend(queued('image', id, order))
    expect(scheduler.queuedJobs().map((job) => job.jobId)).toEqual(['job-a', 'job-b', 'job-c', 'job-d'])
    scheduler.reorder('job-d', 0)
    scheduler.reorder('job-b', 3.5)
    expect(scheduler.queueBounds()).toEqual({ first: 0, last: 3.5 })
    expect(scheduler.queuedJobs().map((job) => job.jobId)).toEqual(['job-d', 'job-a', 'job-c', 'job-b'])
    scheduler.pump()
    for (const id of ['d', 'a', 'c']) {
      done(id)
      await tick()
    }
    expect(started).toEqual(['send:d', 'send:a', 'send:c', 'send:b'])
  })

  it('after stop starts nothing more and aborts what is in flight', () => {
    const { started, workers } = heldWorkers()
    scheduler = new Scheduler(DEFAULT_POLICY.concurrency, () => 0, workers)
    const controller = scheduler.track('x')
    scheduler.stop()
    scheduler.queueSend(queued('image', 'a'))
    scheduler.pump()
    expect(scheduler.stopped).toBe(true)
    expect(controller.signal.aborted).toBe(true)
    expect(started).toEqual([])
  })
})

describe('tasks waiting for budget [P50]', () => {
  /** Workers whose claim holds the tasks named in `over` (as the send runner holds one that would cross a cap). */
  function budgetWorkers(over: Set<string>) {
    const held = heldWorkers()
    const tried: string[] = []
    const workers: LaneWorkers = {
      ...held.workers,
      claimSend: (entry) => {
        tried.push(entry.taskId)
        if (!over.has(entry.taskId)) return true
        scheduler?.holdForBudget(entry)
        return false
      }
    }
    return { ...held, workers, tried }
  }

  it('holds a task out of its line without using its lane, and tries it again in its place when the budget changes', async () => {
    const over = new Set(['b', 'c'])
    const { started, workers, tried, done } = budgetWorkers(over)
    // Two sends a minute: a held task must not use one of them.
    let now = 0
    scheduler = new Scheduler(
      DEFAULT_POLICY.concurrency,
      () => now,
      workers,
      undefined,
      undefined,
      () => ({
        concurrency: 3,
        perMinute: 2
      })
    )
    for (const id of ['a', 'b', 'c', 'd']) scheduler.queueSend(queued('image', id))
    scheduler.pump()
    expect(tried).toEqual(['a', 'b', 'c', 'd'])
    expect(started).toEqual(['send:a', 'send:d'])
    // Held tasks are still the queue's (in their places) but nothing the engine waits for.
    expect(scheduler.stats().queued).toBe(2)
    expect(scheduler.queuedJobs().map((job) => job.jobId)).toEqual(['job-b', 'job-c'])
    done('a')
    done('d')
    await scheduler.waitForIdle()
    expect(tried).toEqual(['a', 'b', 'c', 'd'])

    // A move keeps a held task held; the budget changes (a minute later) and both are tried again, c first.
    scheduler.reorder('job-c', 0)
    over.delete('c')
    now = 60_000
    scheduler.retryBudgetHolds()
    expect(tried.slice(4)).toEqual(['c', 'b'])
    expect(started).toEqual(['send:a', 'send:d', 'send:c'])
    expect(scheduler.queuedJobs().map((job) => job.jobId)).toEqual(['job-b'])
  })

  it('a cancel takes a held task out, and a paused batch’s held task goes back among its batch’s', () => {
    const { started, workers } = budgetWorkers(new Set(['g1', 'x']))
    scheduler = new Scheduler(DEFAULT_POLICY.concurrency, () => 0, workers)
    scheduler.queueSend(queued('image', 'g1', 1, 'G'))
    scheduler.queueSend(queued('image', 'x', 2))
    scheduler.pump()
    expect(scheduler.stats().queued).toBe(2)
    scheduler.cancel('x')
    expect(scheduler.stats().queued).toBe(1)
    scheduler.setGroupPaused('G', true)
    scheduler.retryBudgetHolds()
    // Back in its paused batch: not tried while the batch is paused.
    expect(started).toEqual([])
    expect(scheduler.queuedJobs().map((job) => job.jobId)).toEqual(['job-g1'])
  })
})

describe('scheduler under a flood of work that needs no I/O (issue 17)', () => {
  it('lets the event loop serve I/O between items: 2,000 instant polls do not run in one turn', async () => {
    let polled = 0
    const instant = (): Promise<void> => {
      polled++
      return Promise.resolve()
    }
    scheduler = new Scheduler(DEFAULT_POLICY.concurrency, () => 0, {
      send: instant,
      poll: instant,
      download: instant
    })
    for (let i = 0; i < 2_000; i++) scheduler.schedulePoll(`t${i}`, 0)
    // An I/O-phase callback queued now, as a socket's data would be: it must run long before the flood ends.
    const seenAtIo = new Promise<number>((resolve) => setImmediate(() => resolve(polled)))
    scheduler.pump()
    expect(await seenAtIo).toBeLessThan(100)
    await scheduler.waitForIdle()
    expect(polled).toBe(2_000)
  })
})
