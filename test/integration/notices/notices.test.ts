import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, TEST_TIMING, type RunningEmulator } from '../../../src/emulator'
import { createBackend } from '../../../src/main/backend'
import type { DesktopNotice as Notice } from '../../../src/main/notices/words'
import { createKeyFileCipher } from '../../../src/main/secrets/cipher'
import { createApiClient } from '../../../src/shared/client'
import type { JobView } from '../../../src/shared/schemas/jobs'
import type { JobNotice } from '../../../src/shared/schemas/notices'
import { connectToEmulator, FAST_POLICY, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

/** A real backend with a desktop `notify` stub, recording every notice the page and the desktop would get. */
interface Studio extends TestBackend {
  notices: JobNotice[]
  desktop: Notice[]
  updates: JobView[]
}

function openStudio(dataDir: string): Studio {
  mkdirSync(dataDir, { recursive: true })
  const desktop: Notice[] = []
  const backend = createBackend({
    dataDir,
    host: 'electron',
    secretCipher: createKeyFileCipher(dataDir),
    demoTiming: TEST_TIMING,
    enginePolicy: FAST_POLICY,
    notify: (notice) => desktop.push(notice)
  })
  const api = createApiClient({
    invoke: (name, input) => backend.dispatch(name, input),
    subscribe: (listener) => backend.subscribe(listener)
  })
  const notices: JobNotice[] = []
  const updates: JobView[] = []
  api.on('jobs.notice', (notice) => notices.push(notice))
  api.on('jobs.updated', (job) => updates.push(job))
  return { backend, api, dataDir, wire: [], notices, desktop, updates }
}

const video = (prompt: string) =>
  ({
    request: {
      endpoint: 'videos',
      body: { model: 'seedance-video', prompt, duration: 2, size: '320x180' }
    }
  }) as const

describe('finish notices against the emulator', () => {
  const temp = makeTempDir()
  let emulator: RunningEmulator
  let run = 0
  let dataDir = ''
  let studio: Studio | null = null

  const start = async (): Promise<Studio> => {
    studio = openStudio(dataDir)
    const profiles = await studio.api.invoke('profiles.list', {})
    if (!profiles.some((profile) => profile.name === 'Emulator'))
      await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    return studio
  }
  const stop = async (): Promise<void> => {
    await studio?.backend.close()
    studio = null
  }

  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.stop()
    temp.cleanup()
  })
  beforeEach(() => {
    dataDir = join(temp.dir, `data-${run++}`)
    emulator.faults.clear()
  })
  afterEach(stop)

  it('announces a finished video once, to the page and the desktop, after its file is in the library', async () => {
    const s = await start()
    const job = await s.api.invoke('jobs.submit', video('waves at night'))
    await s.backend.engine.waitForIdle()
    expect(s.notices).toHaveLength(1)
    const notice = s.notices[0] as JobNotice
    expect(notice).toMatchObject({ jobId: job.id, kind: 'video', status: 'succeeded', tone: 'ok' })
    expect(notice.words).toEqual({ code: 'ready', model: 'seedance-video' })
    expect(notice.prompt).toBe('waves at night')
    expect(notice.hasResult).toBe(true)
    expect(s.desktop).toEqual([{ title: 'Video ready', body: '“waves at night” · seedance-video' }])
    // The job had already reported `succeeded` while its file was still downloading; the notice waited.
    const succeededEarly = s.updates.filter(
      (u) => u.status === 'succeeded' && u.results[0]?.status === 'pending'
    )
    expect(succeededEarly.length).toBeGreaterThan(0)
  })

  it('announces a failed v2 group, but not a quick synchronous image', async () => {
    const s = await start()
    const group = await s.api.invoke('jobs.submit', {
      request: {
        endpoint: 'imagesV2',
        body: { model: 'studio-image-async', prompt: 'a lighthouse [[fail]]', size: '1:1', resolution: '1K' },
        count: 2
      }
    })
    const quick = await s.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'a red fox' } }
    })
    await s.backend.engine.waitForIdle()
    expect((await s.api.invoke('jobs.get', { id: quick.id })).status).toBe('succeeded')
    expect(s.notices.map((n) => [n.jobId, n.status, n.tone])).toEqual([[group.id, 'failed', 'error']])
    expect(s.notices[0]).toMatchObject({ count: 2, words: { code: 'failed' } })
    expect(s.desktop.map((n) => n.title)).toEqual(['2 images failed'])
  })

  it('words the desktop notification in the language of the setting, the gateway’s text as it came', async () => {
    const s = await start()
    await s.api.invoke('settings.update', { language: 'zh-CN' })
    const said = 'The field "duration" must be at most 12.'
    emulator.faults.script('POST /v1/videos/generations', [
      { status: 400, error: { type: 'invalid_request_error', code: 'invalid_value', message: said } }
    ])
    await s.api.invoke('jobs.submit', video('雨夜'))
    await s.backend.engine.waitForIdle()
    expect(s.notices[0]?.words).toMatchObject({ code: 'failed', error: { view: { said } } })
    expect(s.desktop).toEqual([{ title: '视频未能完成', body: `“雨夜”：网关返回：“${said}”` }])
  })

  it('stays quiet when the user turned notices off, and for a cancel the user asked for', async () => {
    const s = await start()
    await s.api.invoke('settings.update', { notifyOnJobFinish: false })
    await s.api.invoke('jobs.submit', video('quiet please'))
    await s.backend.engine.waitForIdle()
    await s.api.invoke('settings.update', { notifyOnJobFinish: true })
    emulator.faults.script('POST /v1/videos/generations', { delayMs: 2_000 })
    const cancelled = await s.api.invoke('jobs.submit', video('never mind'))
    expect((await s.api.invoke('jobs.cancel', { id: cancelled.id })).status).toBe('cancelled')
    await s.backend.engine.waitForIdle()
    expect(s.notices).toEqual([])
    expect(s.desktop).toEqual([])
  })

  it('announces a cancel the gateway decided on', async () => {
    const s = await start()
    await s.api.invoke('jobs.submit', video('drop it [[cancel]]'))
    await s.backend.engine.waitForIdle()
    expect(s.notices.map((n) => [n.status, n.words.code])).toEqual([['cancelled', 'cancelled_by_gateway']])
    expect(s.desktop.map((n) => n.title)).toEqual(['Video cancelled by the gateway'])
  })

  it('after a restart: announces jobs that resume and finish, and a cut-off send; never those already over', async () => {
    let s = await start()
    const old = await s.api.invoke('jobs.submit', video('finished before the restart'))
    await s.backend.engine.waitForIdle()
    expect(s.notices.map((n) => n.jobId)).toEqual([old.id])

    // One video is accepted by the gateway and polling; another is caught mid-send by the shutdown.
    const accepted = new Promise<void>((resolve) => {
      const off = s.api.on('jobs.updated', (job) => {
        if (job.prompt === 'resumes' && job.tasks[0]?.remoteId) {
          off()
          resolve()
        }
      })
    })
    const resumed = await s.api.invoke('jobs.submit', video('resumes'))
    await accepted
    emulator.faults.script('POST /v1/videos/generations', { delayMs: 10_000 })
    const inFlight = new Promise<void>((resolve) => {
      const off = s.api.on('jobs.updated', (job) => {
        if (job.prompt === 'cut off' && job.tasks[0]?.status === 'submitting') {
          off()
          resolve()
        }
      })
    })
    const cut = await s.api.invoke('jobs.submit', video('cut off'))
    await inFlight
    await stop()
    emulator.faults.clear()

    s = await start()
    await s.backend.engine.waitForIdle()
    // A change to the old job (a favourite) is not news either.
    const result = (await s.api.invoke('jobs.get', { id: old.id })).results[0]
    await s.api.invoke('results.setFavorite', { id: result?.id ?? '', favorite: true })
    expect(s.notices.map((n) => [n.jobId, n.status])).toEqual([[resumed.id, 'succeeded']])
    // The cut-off send turned needs_attention during start-up, before any page was connected: the desktop
    // heard of it (the page learns it from the Tasks badge, which counts jobs.list at start).
    expect(s.desktop.map((n) => n.title).sort()).toEqual(['Video needs your attention', 'Video ready'])
    expect((await s.api.invoke('jobs.get', { id: cut.id })).status).toBe('needs_attention')

    // Sent again with the user's word, it is watched again and announced when it finishes.
    await s.api.invoke('jobs.resend', { id: cut.id, confirmMayChargeTwice: true })
    await s.backend.engine.waitForIdle()
    expect(s.notices.filter((n) => n.jobId === cut.id).map((n) => [n.status, n.tone])).toEqual([
      ['succeeded', 'ok']
    ])
    expect(s.desktop).toHaveLength(3)
  })
})
