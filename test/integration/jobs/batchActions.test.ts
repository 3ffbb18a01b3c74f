import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import { connectToEmulator, FAST_POLICY, startTestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

const v3 = (prompt: string) => ({ endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt } }) as const
const v2 = (prompt: string) =>
  ({ endpoint: 'imagesV2', body: { model: 'studio-image-async', prompt } }) as const

describe('a batch’s own actions: retry only the failed, cancel saying what it means', () => {
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

  it('sends again only the jobs the gateway refused, each once, as new jobs of the batch', async () => {
    const studio = startTestBackend(temp.dir, 'retry', { ...FAST_POLICY, concurrency: { image: 1 } })
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    emulator.clearLog()
    emulator.faults.script('POST /v3/images/generations', {
      status: 400,
      error: { type: 'invalid_request_error', code: 'invalid_request', message: 'Try another prompt.' }
    })
    const batch = await studio.api.invoke('jobs.submitGroup', {
      name: 'three',
      screen: 'images',
      requests: [v3('r1'), v3('r2'), v3('r3')]
    })
    await studio.backend.engine.waitForIdle()
    const [first] = batch.group.jobIds
    expect((await studio.api.invoke('jobs.get', { id: first as string })).status).toBe('failed')
    expect(posts().map((entry) => entry.status)).toEqual([400, 200, 200])

    const retried = await studio.api.invoke('groups.retryFailed', { id: batch.group.id })
    expect(retried).toMatchObject({ retried: 1, refused: 0 })
    await studio.backend.engine.waitForIdle()
    // One more POST, for the failed one only, with a key of its own.
    expect(posts().map((entry) => entry.status)).toEqual([400, 200, 200, 200])
    expect(new Set(posts().map((entry) => entry.idempotencyKey)).size).toBe(4)
    const group = await studio.api.invoke('groups.get', { id: batch.group.id })
    expect(group.counts).toEqual({ succeeded: 3 })
    expect(group.jobIds).not.toContain(first)
    // The failed attempt stays in the Queue's history, out of the batch.
    expect((await studio.api.invoke('jobs.get', { id: first as string })).groupId).toBeNull()
    // Nothing failed is left: a second press sends nothing.
    expect(await studio.api.invoke('groups.retryFailed', { id: batch.group.id })).toMatchObject({
      retried: 0
    })
    await studio.backend.engine.waitForIdle()
    expect(posts().length).toBe(4)
    await studio.backend.close()
  })

  it('puts retried rows just before the batch’s first job still waiting, and tells the band as each job ends', async () => {
    const studio = startTestBackend(temp.dir, 'retry-place', { ...FAST_POLICY, concurrency: { image: 1 } })
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    const bands: { succeeded: number; pending: number }[] = []
    studio.api.on('groups.updated', (view) =>
      bands.push({ succeeded: view.counts.succeeded ?? 0, pending: view.counts.pending ?? 0 })
    )
    emulator.faults.script('POST /v3/images/generations', [
      { status: 400, error: { type: 'invalid_request_error', code: 'invalid_request', message: 'No.' } },
      { delayMs: 1_500 }
    ])
    const batch = await studio.api.invoke('jobs.submitGroup', {
      name: 'four',
      screen: 'images',
      requests: [v3('p1'), v3('p2'), v3('p3'), v3('p4')]
    })
    const [p1, p2, p3, p4] = batch.group.jobIds as [string, string, string, string]
    // p1 refused, p2 held at the gateway: the queue is paused while it is there, so p3 and p4 wait.
    await expect.poll(async () => (await studio.api.invoke('jobs.get', { id: p1 })).status).toBe('failed')
    await studio.api.invoke('queue.pause', {})
    const solo = await studio.api.invoke('jobs.submit', { request: v3('solo') })
    await studio.api.invoke('queue.move', { to: 'front', jobIds: [solo.id] })
    expect((await studio.api.invoke('queue.get', {})).waiting).toEqual([solo.id, p3, p4])
    // The band hears p2 end while the rest wait: no action of the user's needed to see its progress.
    await expect.poll(() => bands.at(-1), { timeout: 5_000 }).toEqual({ succeeded: 1, pending: 2 })

    expect(await studio.api.invoke('groups.retryFailed', { id: batch.group.id })).toMatchObject({
      retried: 1
    })
    const group = await studio.api.invoke('groups.get', { id: batch.group.id })
    const again = group.jobIds.find((id) => ![p1, p2, p3, p4].includes(id)) as string
    expect((await studio.api.invoke('queue.get', {})).waiting).toEqual([solo.id, again, p3, p4])

    // Sent in that order once resumed; the band's counts follow every job to the end.
    await studio.api.invoke('queue.resume', {})
    await studio.backend.engine.waitForIdle()
    const sent = posts()
      .filter((entry) => entry.status === 200)
      .slice(-4)
      .map((entry) => entry.idempotencyKey)
    const db = new Database(join(studio.dataDir, 'studio.db'), { readonly: true, fileMustExist: true })
    const rows = db.prepare('SELECT job_id, idempotency_key FROM tasks').all() as {
      job_id: string
      idempotency_key: string
    }[]
    db.close()
    const jobOf = new Map(rows.map((row) => [row.idempotency_key, row.job_id]))
    expect(sent.map((key) => jobOf.get(key ?? ''))).toEqual([solo.id, again, p3, p4])
    await expect.poll(() => bands.at(-1)).toEqual({ succeeded: 4, pending: 0 })
    await studio.backend.close()
  })

  it('cancels a batch: unsent jobs never go, accepted ones are counted as possibly still billed', async () => {
    const studio = startTestBackend(temp.dir, 'cancel', {
      ...FAST_POLICY,
      poll: { initialMs: 5_000, factor: 1, maxMs: 5_000, jitter: 0 }
    })
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    emulator.clearLog()
    const accepted = await studio.api.invoke('jobs.submitGroup', {
      name: 'async',
      screen: 'images',
      requests: [v2('a1')]
    })
    // Accepted: the gateway gave it a task id (the job is "running" from the moment it is being sent).
    const acceptedId = accepted.group.jobIds[0] as string
    await expect
      .poll(
        async () => (await studio.api.invoke('jobs.get', { id: acceptedId })).tasks[0]?.remoteId !== null,
        {
          timeout: 10_000
        }
      )
      .toBe(true)
    await studio.api.invoke('queue.pause', {})
    const waiting = await studio.api.invoke('jobs.submitGroup', {
      name: 'waiting',
      screen: 'images',
      requests: [v3('w1'), v3('w2')]
    })
    const postsBefore = posts().length

    const cancelledWaiting = await studio.api.invoke('groups.cancel', { id: waiting.group.id })
    expect(cancelledWaiting).toMatchObject({ cancelled: 2, untracked: 0 })
    expect(cancelledWaiting.group.counts).toEqual({ cancelled: 2 })
    const cancelledAccepted = await studio.api.invoke('groups.cancel', { id: accepted.group.id })
    expect(cancelledAccepted).toMatchObject({ cancelled: 1, untracked: 1 })

    await studio.api.invoke('queue.resume', {})
    await studio.backend.engine.waitForIdle()
    expect(posts().length).toBe(postsBefore)
    await studio.backend.close()
  })
})
