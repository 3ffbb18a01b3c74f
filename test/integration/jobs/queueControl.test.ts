import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import type { JobView } from '../../../src/shared/schemas/jobs'
import { connectToEmulator, FAST_POLICY, startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

/** One send at a time, so the order jobs finish in is the order they were sent in. */
const ONE_AT_A_TIME = { ...FAST_POLICY, concurrency: { image: 1 } }

const request = (prompt: string) =>
  ({ endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt } }) as const

describe('the queue the user steers: pause, order, batches, across a restart [P48]', () => {
  let emulator: RunningEmulator
  const temp = makeTempDir()
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.stop()
    temp.cleanup()
  })

  const imagePosts = (): number =>
    emulator.requestLog.filter((entry) => entry.method === 'POST' && entry.path.includes('/images/')).length

  /** The prompts of jobs as they succeed, in that order. */
  const finishing = (studio: TestBackend): string[] => {
    const order: string[] = []
    studio.backend.subscribe((name, payload) => {
      const job = payload as JobView
      if (name === 'jobs.updated' && job.status === 'succeeded' && !order.includes(job.prompt))
        order.push(job.prompt)
    })
    return order
  }

  it('sends nothing while paused, in the order the user set, and keeps pauses and order across a restart', async () => {
    let studio = startTestBackend(temp.dir, 'steer', ONE_AT_A_TIME)
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    emulator.clearLog()

    const paused = await studio.api.invoke('queue.pause', {})
    expect(paused.pausedAt).not.toBeNull()
    const batch = await studio.api.invoke('jobs.submitGroup', {
      name: 'three foxes',
      screen: 'images',
      requests: [request('a1'), request('a2'), request('a3')]
    })
    const [a1, a2, a3] = batch.group.jobIds
    const b = (await studio.api.invoke('jobs.submit', { request: request('b') })).id
    await studio.backend.engine.waitForIdle()
    expect(imagePosts()).toBe(0)
    expect((await studio.api.invoke('queue.get', {})).waiting).toEqual([a1, a2, a3, b])

    await studio.api.invoke('queue.move', { to: 'front', jobIds: [b] })
    const moved = await studio.api.invoke('queue.move', {
      to: 'before',
      jobId: a3 as string,
      before: a1 as string
    })
    expect(moved.waiting).toEqual([b, a3, a1, a2])
    const batchPaused = await studio.api.invoke('groups.pause', { id: batch.group.id })
    expect(batchPaused).toMatchObject({ pauseReason: 'user' })
    expect(batchPaused.pausedAt).not.toBeNull()
    await expect(studio.api.invoke('queue.move', { to: 'front', jobIds: ['not-a-job'] })).rejects.toThrow(
      'no longer waiting'
    )

    // A restart keeps the queue paused, the batch paused and the order.
    await studio.backend.close()
    studio = startTestBackend(temp.dir, 'steer', ONE_AT_A_TIME)
    const done = finishing(studio)
    const after = await studio.api.invoke('queue.get', {})
    expect(after.pausedAt).toBe(paused.pausedAt)
    expect(after.waiting).toEqual([b, a3, a1, a2])
    await studio.backend.engine.waitForIdle()
    expect(imagePosts()).toBe(0)

    // The queue resumes: only b goes; the batch stays paused.
    await studio.api.invoke('queue.resume', {})
    await studio.backend.engine.waitForIdle()
    expect(done).toEqual(['b'])
    expect(imagePosts()).toBe(1)
    expect((await studio.api.invoke('groups.get', { id: batch.group.id })).pausedAt).not.toBeNull()

    // The batch resumes, in the order the user set.
    const resumed = await studio.api.invoke('groups.resume', { id: batch.group.id })
    expect(resumed.pausedAt).toBeNull()
    await studio.backend.engine.waitForIdle()
    expect(done).toEqual(['b', 'a3', 'a1', 'a2'])
    expect(imagePosts()).toBe(4)
    expect((await studio.api.invoke('queue.get', {})).waiting).toEqual([])
    await studio.backend.close()
  })

  it('moves a whole batch to the front, its order kept, and pauses in flight without cutting a send', async () => {
    const studio = startTestBackend(temp.dir, 'front', ONE_AT_A_TIME)
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    const done = finishing(studio)
    await studio.api.invoke('queue.pause', {})
    const first = (await studio.api.invoke('jobs.submit', { request: request('x') })).id
    const batch = await studio.api.invoke('jobs.submitGroup', {
      name: 'later batch',
      screen: 'images',
      requests: [request('g1'), request('g2')]
    })
    const state = await studio.api.invoke('groups.toFront', { id: batch.group.id })
    expect(state.waiting).toEqual([...batch.group.jobIds, first])
    await studio.api.invoke('queue.resume', {})
    // Paused again while g1 is in flight: g1 finishes, nothing more starts.
    await studio.api.invoke('queue.pause', {})
    await studio.backend.engine.waitForIdle()
    expect(done).toEqual(['g1'])
    await studio.api.invoke('queue.resume', {})
    await studio.backend.engine.waitForIdle()
    expect(done).toEqual(['g1', 'g2', 'x'])
    await studio.backend.close()
  })
})
