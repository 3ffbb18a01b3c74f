import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import { connectToEmulator, FAST_POLICY, startTestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

const request = (prompt: string) =>
  ({ endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt } }) as const

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('lanes: concurrency and rate per profile and endpoint, 429s slow a lane, a batch pauses for money [P49]', () => {
  let emulator: RunningEmulator
  const temp = makeTempDir()
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.stop()
    temp.cleanup()
  })

  const posts = () =>
    emulator.requestLog.filter((entry) => entry.method === 'POST' && entry.path.includes('/images/'))

  it('keeps to the rate set in Settings, applies a change at once, and keeps it across a restart', async () => {
    let studio = startTestBackend(temp.dir, 'rate')
    const profileId = await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    emulator.clearLog()

    const before = await studio.api.invoke('lanes.list', { profileId })
    const v3 = before.find((lane) => lane.endpoint === 'imagesV3')
    expect(v3).toMatchObject({ custom: false, kind: 'image', limits: { concurrency: 3, perMinute: null } })
    expect(before.map((lane) => lane.endpoint)).toContain('videos')

    const set = await studio.api.invoke('lanes.set', {
      profileId,
      endpoint: 'imagesV3',
      limits: { concurrency: 1, perMinute: 2 }
    })
    expect(set).toMatchObject({ custom: true, limits: { concurrency: 1, perMinute: 2 } })
    const jobs = []
    for (const prompt of ['r1', 'r2', 'r3'])
      jobs.push(await studio.api.invoke('jobs.submit', { request: request(prompt) }))
    // Two go within the minute; the third waits for the window, not for a refusal.
    await expect.poll(() => posts().length, { timeout: 5_000 }).toBe(2)
    await sleep(600)
    expect(posts().length).toBe(2)
    const waiting = (await studio.api.invoke('lanes.list', { profileId })).find(
      (l) => l.endpoint === 'imagesV3'
    )
    expect(waiting).toMatchObject({ waiting: 1 })

    // A higher limit lets it go now.
    await studio.api.invoke('lanes.set', {
      profileId,
      endpoint: 'imagesV3',
      limits: { concurrency: 1, perMinute: 10 }
    })
    await studio.backend.engine.waitForIdle()
    expect(posts().length).toBe(3)
    expect(posts().every((entry) => entry.status === 200)).toBe(true)
    for (const job of jobs)
      expect((await studio.api.invoke('jobs.get', { id: job.id })).status).toBe('succeeded')

    await studio.backend.close()
    studio = startTestBackend(temp.dir, 'rate')
    const after = (await studio.api.invoke('lanes.list', { profileId })).find(
      (l) => l.endpoint === 'imagesV3'
    )
    expect(after).toMatchObject({ custom: true, limits: { concurrency: 1, perMinute: 10 } })
    const reset = await studio.api.invoke('lanes.set', { profileId, endpoint: 'imagesV3', limits: null })
    expect(reset).toMatchObject({ custom: false, limits: { concurrency: 3, perMinute: null } })
    await expect(
      studio.api.invoke('lanes.set', { profileId: 'no-such-profile', endpoint: 'imagesV3', limits: null })
    ).rejects.toThrow('no longer exists')
    await studio.backend.close()
  })

  it('waits out a 429 as the gateway asked, slows the lane, and sends the refused job again without failing it', async () => {
    const studio = startTestBackend(temp.dir, 'refused', { ...FAST_POLICY })
    const profileId = await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    emulator.clearLog()
    emulator.faults.script('POST /v3/images/generations', {
      status: 429,
      error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'Slow down.' },
      retryAfterMs: 700
    })
    const job = await studio.api.invoke('jobs.submit', { request: request('refused once') })
    await expect.poll(() => posts().length).toBe(1)
    // Held: the lane shows why, and the job waits in its place instead of failing.
    await expect
      .poll(async () => (await studio.api.invoke('jobs.get', { id: job.id })).status)
      .toBe('pending')
    const held = (await studio.api.invoke('lanes.list', { profileId })).find((l) => l.endpoint === 'imagesV3')
    expect(held?.holdUntil).not.toBeNull()
    expect(held?.slowedTo).toBe(1)

    await studio.backend.engine.waitForIdle()
    const [refused, sent] = posts()
    expect(refused?.status).toBe(429)
    expect(sent?.status).toBe(200)
    // Honoured: not sooner than the gateway asked (the client itself did not wait it out: one 429 only).
    expect((sent?.startedAt ?? 0) - (refused?.startedAt ?? 0)).toBeGreaterThanOrEqual(650)
    expect(posts().length).toBe(2)
    const done = await studio.api.invoke('jobs.get', { id: job.id })
    expect(done.status).toBe('succeeded')
    expect(done.tasks[0]?.error ?? null).toBeNull()
    await studio.backend.close()
  })

  it('pauses a batch the gateway refuses for its quota, sends none of the rest, and finishes it on resume', async () => {
    const studio = startTestBackend(temp.dir, 'quota', { ...FAST_POLICY, concurrency: { image: 1 } })
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    emulator.clearLog()
    emulator.setQuota(emulator.keys.ordinary, 2)
    try {
      const batch = await studio.api.invoke('jobs.submitGroup', {
        name: 'five boats',
        screen: 'images',
        requests: ['q1', 'q2', 'q3', 'q4', 'q5'].map(request)
      })
      await studio.backend.engine.waitForIdle()
      const group = await studio.api.invoke('groups.get', { id: batch.group.id })
      expect(group.pauseReason).toBe('balance')
      expect(group.pausedAt).not.toBeNull()
      // Two were billed, the third refused (not billed), the last two never sent.
      expect(posts().map((entry) => entry.status)).toEqual([200, 200, 429])
      const statuses = await Promise.all(
        batch.group.jobIds.map(async (id) => (await studio.api.invoke('jobs.get', { id })).status)
      )
      expect(statuses).toEqual(['succeeded', 'succeeded', 'pending', 'pending', 'pending'])
      const third = await studio.api.invoke('jobs.get', { id: batch.group.jobIds[2] as string })
      expect(third.tasks[0]?.error?.view?.kind).toBe('balance')

      emulator.setQuota(emulator.keys.ordinary, null)
      await studio.api.invoke('groups.resume', { id: batch.group.id })
      await studio.backend.engine.waitForIdle()
      expect(posts().map((entry) => entry.status)).toEqual([200, 200, 429, 200, 200, 200])
      // Each job sent once with its own key: the refused one went again with its key, the gateway billed it once.
      const keys = posts()
        .filter((entry) => entry.status === 200)
        .map((entry) => entry.idempotencyKey)
      expect(new Set(keys).size).toBe(5)
    } finally {
      emulator.setQuota(emulator.keys.ordinary, null)
      await studio.backend.close()
    }
  })
})
