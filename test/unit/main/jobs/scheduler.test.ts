import { afterEach, describe, expect, it } from 'vitest'
import { DueQueue } from '../../../../src/main/jobs/dueQueue'
import { DEFAULT_POLICY } from '../../../../src/main/jobs/policy'
import { Scheduler, type LaneWorkers } from '../../../../src/main/jobs/scheduler'

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
    for (const id of ['i1', 'i2', 'i3']) scheduler.queueSend('image', id)
    for (const id of ['v1', 'v2']) scheduler.queueSend('video', id)
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
    scheduler.queueSend('image', 'a')
    scheduler.queueSend('image', 'b')
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

  it('after stop starts nothing more and aborts what is in flight', () => {
    const { started, workers } = heldWorkers()
    scheduler = new Scheduler(DEFAULT_POLICY.concurrency, () => 0, workers)
    const controller = scheduler.track('x')
    scheduler.stop()
    scheduler.queueSend('image', 'a')
    scheduler.pump()
    expect(scheduler.stopped).toBe(true)
    expect(controller.signal.aborted).toBe(true)
    expect(started).toEqual([])
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
