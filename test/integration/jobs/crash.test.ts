import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import type { ApiClient } from '../../../src/shared/client'
import type { JobView } from '../../../src/shared/schemas/jobs'
import { killAllBackends, spawnBackend, type BackendProcess } from '../../helpers/spawnBackend'
import { makeTempDir } from '../../helpers/tempDir'

/** SIGKILL from outside; `kill9` throws unless the process died of it and its pid is gone. */
async function kill9(studio: BackendProcess): Promise<void> {
  const exit = await studio.kill9()
  expect(exit.signal).toBe('SIGKILL')
  expect(exit.gone).toBe(true)
}

/** The job once `test` holds, from its current state, its `jobs.updated` events and a streamed image's. */
function until(api: ApiClient, jobId: string, test: (job: JobView) => boolean): Promise<JobView> {
  return new Promise((resolvePromise) => {
    const check = (job: JobView): void => {
      if (job.id === jobId && test(job)) {
        offs.forEach((off) => off())
        resolvePromise(job)
      }
    }
    // A streamed image comes with its job in `jobs.partial`, in place of a jobs.updated of its own.
    const offs = [api.on('jobs.updated', check), api.on('jobs.partial', ({ job }) => check(job))]
    void api.invoke('jobs.get', { id: jobId }).then(check)
  })
}

const settled = (job: JobView): boolean => !['pending', 'running'].includes(job.status)

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('[P19][P21][P24][P27][P28] kill -9 with several jobs in flight, then restart', () => {
  const temp = makeTempDir()
  const dataDir = join(temp.dir, 'data')
  let emulator: RunningEmulator

  beforeAll(async () => {
    emulator = await startEmulator({ timing: { taskQueuedMs: 300, taskRunningMs: 300, partialDelayMs: 400 } })
  })
  afterAll(async () => {
    await killAllBackends()
    await emulator.stop()
    temp.cleanup()
  })

  it('ends with every job finished or needing attention, no duplicate POST, no partial file, a sound database', async () => {
    let studio = await spawnBackend(dataDir)
    const profile = await studio.api.invoke('profiles.create', {
      name: 'Emu',
      baseUrl: emulator.baseUrl,
      activate: true
    })
    await studio.api.invoke('secrets.setKey', {
      profileId: profile.id,
      apiKey: emulator.keys.ordinary,
      acceptWeakProtection: true
    })
    await studio.api.invoke('models.refresh', {})

    // 1. Killed while the gateway holds the request (sent, no answer yet): outcome unknown.
    emulator.faults.script('/v3/images/generations', { delayMs: 60_000 })
    const inFlight = await studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'in flight' } }
    })
    await until(studio.api, inFlight.id, (job) => job.tasks[0]?.status === 'submitting')
    await new Promise<void>((r) => {
      const timer = setInterval(() => {
        if (emulator.requestLog.some((e) => e.path === '/v3/images/generations')) {
          clearInterval(timer)
          r()
        }
      }, 5)
    })
    await kill9(studio)
    emulator.faults.clear()

    // 2. Killed mid-poll: the v2 task exists remotely and must be resumed, not re-created.
    studio = await spawnBackend(dataDir)
    const polled = await studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'imagesV2',
        body: { model: 'studio-image-async', prompt: 'mid poll', size: '1:1', resolution: '1K' }
      }
    })
    await until(studio.api, polled.id, (job) => (job.tasks[0]?.pollCount ?? 0) >= 1)
    await kill9(studio)

    // 3. Killed mid-download: the result host stalls half-way through the file.
    studio = await spawnBackend(dataDir)
    emulator.faults.script('/files/*', { stallAfterBytes: 200 })
    const downloading = await studio.api.invoke('jobs.submit', {
      request: { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'mid download', size: '1K' } }
    })
    await until(studio.api, downloading.id, (job) => job.results[0]?.status === 'pending')
    await new Promise<void>((r) => {
      const timer = setInterval(() => {
        if (emulator.requestLog.some((e) => e.path.startsWith('/files/'))) {
          clearInterval(timer)
          r()
        }
      }, 5)
    })
    await kill9(studio)
    emulator.faults.clear()

    // 4. Killed right after the submit was acknowledged (the send may or may not have started).
    studio = await spawnBackend(dataDir)
    const early = await studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'killed early' } }
    })
    await kill9(studio)

    // 5. Killed mid-stream after the first image of a partner-a group was stored.
    studio = await spawnBackend(dataDir)
    const streaming = await studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'partnerA',
        body: {
          model: 'seedream-stream',
          prompt: 'mid stream',
          size: '1280x720',
          sequential_image_generation: 'auto',
          sequential_image_generation_options: { max_images: 4 }
        },
        stream: true
      }
    })
    await until(studio.api, streaming.id, (job) => job.results.some((r) => r.status === 'stored'))
    await kill9(studio)

    // Restart and let everything settle.
    studio = await spawnBackend(dataDir)
    const final = await Promise.all(
      [inFlight, polled, downloading, early, streaming].map((job) => until(studio.api, job.id, settled))
    )
    const [a, b, c, d, e] = final
    expect(a?.status).toBe('needs_attention')
    expect(a?.error?.code).toBe('outcome_unknown')
    expect(b?.status).toBe('succeeded')
    expect(b?.results[0]?.status).toBe('stored')
    expect(c?.status).toBe('succeeded')
    expect(c?.results[0]?.status).toBe('stored')
    expect(['succeeded', 'needs_attention']).toContain(d?.status)
    // The cut stream was answered: what arrived is kept and it is not offered for re-sending.
    expect(e?.status).toBe('incomplete')
    expect(e?.results.filter((r) => r.status === 'stored').length).toBeGreaterThanOrEqual(1)

    // Exactly one POST per task, whatever happened.
    const postsByKey = new Map<string, number>()
    for (const entry of emulator.requestLog.filter((e) => e.method === 'POST')) {
      const key = entry.idempotencyKey ?? 'none'
      postsByKey.set(key, (postsByKey.get(key) ?? 0) + 1)
    }
    expect([...postsByKey.values()].every((n) => n === 1)).toBe(true)
    expect(
      emulator.requestLog.filter((e) => e.method === 'POST' && e.path === '/v2/images/generations')
    ).toHaveLength(1)
    await kill9(studio)

    // No temp file left behind that a row references; the database is sound.
    const db = new Database(join(dataDir, 'studio.db'), { readonly: true })
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    const paths = (db.prepare('SELECT path FROM media').all() as { path: string }[]).map((r) => r.path)
    db.close()
    for (const path of paths) expect(path).not.toMatch(/\.tmp-/)
    const studio2 = await spawnBackend(dataDir)
    await kill9(studio2)
    expect(filesUnder(join(dataDir, 'library')).filter((f) => f.includes('.tmp-'))).toEqual([])
  }, 90_000)
})
