import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import { systemClock, type Clock } from '../../../src/main/time/clock'
import type { JobView } from '../../../src/shared/schemas/jobs'
import { connectToEmulator, FAST_POLICY, startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

const HOURS_2 = 2 * 60 * 60 * 1000

/** The system clock with a wall-clock offset the test moves, as an administrator or NTP would. */
function steppableClock(): Clock & { step(ms: number): void } {
  let offset = 0
  return {
    ...systemClock,
    now: () => Date.now() + offset,
    step: (ms) => {
      offset += ms
    }
  }
}

/** Resolves the first time `test` holds for a `jobs.updated` view of the job (or of any job). */
function whenJob(studio: TestBackend, test: (view: JobView) => boolean): Promise<JobView> {
  return new Promise((resolve) => {
    const off = studio.backend.subscribe((name, payload) => {
      if (name === 'jobs.updated' && test(payload as JobView)) {
        off()
        resolve(payload as JobView)
      }
    })
  })
}

async function settled(studio: TestBackend, jobId: string, timeoutMs = 15_000): Promise<JobView> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the job did not finish in ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    await Promise.race([studio.backend.engine.waitForIdle(), timeout])
  } finally {
    clearTimeout(timer)
  }
  return studio.api.invoke('jobs.get', { id: jobId })
}

const v2 = { endpoint: 'imagesV2', body: { model: 'studio-image-async', prompt: 'a clock tower' } } as const

/**
 * The wall clock stepped two hours either way while work is under way (issue 23, 3): before, a step back
 * stalled polls and download retries for two hours, and a step forward expired a task the gateway was still
 * working on. Delays run on the monotonic clock now, deadlines on the steady one.
 */
describe('the wall clock steps while work is under way [P44]', () => {
  const temp = makeTempDir('gs-clock-')
  let emulator: RunningEmulator
  let studio: TestBackend | null = null
  let run = 0

  beforeAll(async () => {
    // Slow enough that the step lands between polls.
    emulator = await startEmulator({ timing: { taskQueuedMs: 300, taskRunningMs: 600 } })
  })
  afterEach(async () => {
    await studio?.backend.close()
    studio = null
    emulator.faults.clear()
  })
  afterAll(async () => {
    await emulator.stop()
    temp.cleanup()
  })

  const start = async (clock: Clock, policy = {}): Promise<TestBackend> => {
    studio = startTestBackend(temp.dir, `data-${run++}`, { ...FAST_POLICY, ...policy }, { clock })
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    return studio
  }

  for (const [direction, step] of [
    ['back', -HOURS_2],
    ['forward', HOURS_2]
  ] as const) {
    it(`keeps polling a task at its own pace after a step ${direction}, and fetches its result`, async () => {
      const clock = steppableClock()
      const app = await start(clock, { deadlineMs: { imagesV2: 60 * 60_000 } })
      const firstPoll = whenJob(app, (view) => view.tasks.some((task) => task.pollCount >= 1))
      const job = await app.api.invoke('jobs.submit', { request: v2 })
      await firstPoll
      clock.step(step)
      const done = await settled(app, job.id)
      expect(done.status).toBe('succeeded')
      expect(done.results[0]?.status).toBe('stored')
      expect(done.tasks[0]?.pollCount).toBeGreaterThan(1)
    })

    it(`retries a download at its own pace after a step ${direction}, until it is stored`, async () => {
      const clock = steppableClock()
      const app = await start(clock, { download: { initialMs: 300, maxMs: 300, windowMs: 60 * 60_000 } })
      emulator.faults.script('GET /files/*', { status: 503, times: 2 })
      const failed = whenJob(app, (view) => view.results.some((result) => result.error !== null))
      const job = await app.api.invoke('jobs.submit', {
        request: { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'a clock', size: '1K' } }
      })
      await failed
      clock.step(step)
      const done = await settled(app, job.id)
      expect(done.results[0]?.status).toBe('stored')
      const files = emulator.requestLog.filter((entry) => entry.path.startsWith('/files/'))
      expect(files.map((entry) => entry.status).slice(-3)).toEqual([503, 503, 200])
    })
  }

  it('asks the gateway once more before giving up a task whose deadline seems passed at a restart', async () => {
    const clock = steppableClock()
    let app = await start(clock, { deadlineMs: { imagesV2: 60 * 60_000 } })
    const accepted = whenJob(app, (view) => view.tasks.some((task) => task.remoteId !== null))
    const job = await app.api.invoke('jobs.submit', { request: v2 })
    await accepted
    await app.backend.close()
    // The task finishes while the app is stopped, and the clock is set two hours on before it starts again.
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    clock.step(HOURS_2)
    const dataName = `data-${run - 1}`
    app = startTestBackend(
      temp.dir,
      dataName,
      { ...FAST_POLICY, deadlineMs: { imagesV2: 60 * 60_000 } },
      { clock }
    )
    studio = app
    const done = await settled(app, job.id)
    expect(done.status).toBe('succeeded')
    expect(done.results[0]?.status).toBe('stored')
  })
})
