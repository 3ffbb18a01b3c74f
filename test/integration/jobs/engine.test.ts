import { existsSync, readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { RunningEmulator } from '../../../src/emulator'
import { useStudioAgainstEmulator } from '../../helpers/suite'

const posts = (emulator: RunningEmulator, path: string) =>
  emulator.requestLog.filter((entry) => entry.method === 'POST' && entry.path === path)

describe('task engine against the emulator', () => {
  const env = useStudioAgainstEmulator({ name: 'data' })

  const resolve = async (mediaId: string | null) => {
    const media = mediaId ? await env.studio.backend.resolveMedia(mediaId) : null
    if (!media) throw new Error(`media ${mediaId} not resolvable`)
    return media
  }
  const finished = env.finished

  it('runs a v2 task group ("Images: 2") to succeeded and keeps both files with the right type and size [P26]', async () => {
    const job = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'imagesV2',
        body: {
          model: 'studio-image-async',
          prompt: 'a lighthouse at dawn',
          size: '16:9',
          resolution: '1K'
        },
        count: 2
      }
    })
    expect(job.status).toBe('pending')
    expect(job.tasks).toHaveLength(2)
    const done = await finished(job.id)
    expect(done.status).toBe('succeeded')
    expect(done.tasks.map((t) => t.status)).toEqual(['succeeded', 'succeeded'])
    expect(done.tasks.every((t) => t.pollCount >= 1)).toBe(true)
    expect(done.results).toHaveLength(2)
    for (const result of done.results) {
      expect(result.status).toBe('stored')
      const media = await resolve(result.mediaId)
      const meta = await sharp(readFileSync(media.file)).metadata()
      expect(meta.width).toBe(1024)
      expect(meta.height).toBe(576)
      expect(result.width).toBe(1024)
    }
    // Two tasks: two POSTs with distinct idempotency keys, one per task.
    const creates = posts(env.emulator, '/v2/images/generations')
    expect(creates).toHaveLength(2)
    expect(new Set(creates.map((c) => c.idempotencyKey)).size).toBe(2)
  })

  it('runs a video task to succeeded and stores a real MP4 [P26]', async () => {
    const job = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'videos',
        body: { model: 'seedance-video', prompt: 'waves', duration: 2, size: '320x180' }
      }
    })
    const done = await finished(job.id)
    expect(done.status).toBe('succeeded')
    const result = done.results[0]
    expect(result?.kind).toBe('video')
    expect(result?.mime).toBe('video/mp4')
    const media = await resolve(result?.mediaId ?? null)
    expect(readFileSync(media.file).subarray(4, 8).toString('latin1')).toBe('ftyp')
  })

  it('stores synchronous v3 results and records usage and the billing unit', async () => {
    const job = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'imagesV3',
        body: {
          model: 'studio-image-v3',
          prompt: 'red fox',
          n: 2,
          size: '1024x1024',
          output_format: 'webp'
        }
      }
    })
    const done = await finished(job.id)
    expect(done.status).toBe('succeeded')
    expect(done.billingUnit).toBe('image')
    expect(done.usage).toMatchObject({ total_tokens: expect.any(Number) as number })
    expect(done.results.map((r) => [r.status, r.mime, r.width])).toEqual([
      ['stored', 'image/webp', 1024],
      ['stored', 'image/webp', 1024]
    ])
  })

  it('downloads a partner-b URL at once; an already expired URL is marked expired, not lost [P26]', async () => {
    const ok = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'teapot', size: '1K' } }
    })
    expect((await finished(ok.id)).results[0]?.status).toBe('stored')

    env.emulator.faults.script('/v1/images/partner-b', { expiredUrls: true })
    const late = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'teapot two', size: '1K' } }
    })
    const done = await finished(late.id)
    expect(done.results[0]?.status).toBe('expired')
    expect(done.results[0]?.error?.message).toMatch(/expired/)
  })

  it("a result host's Retry-After is honoured before the download is tried again [P14][P26]", async () => {
    env.emulator.faults.script('GET /files/*', { status: 503, retryAfterMs: 400 })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'wait for me', size: '1K' } }
    })
    const done = await finished(job.id)
    expect(done.results[0]?.status).toBe('stored')
    const files = env.emulator.requestLog.filter((e) => e.method === 'GET' && e.path.startsWith('/files/'))
    expect(files.map((e) => e.status)).toEqual([503, 200])
    // Our own schedule here is 10 ms; only the host's hint explains a wait this long.
    expect((files[1]?.startedAt ?? 0) - (files[0]?.startedAt ?? 0)).toBeGreaterThanOrEqual(380)
  })

  it('a poll answered 503 with Retry-After waits that long before the next poll [P14][P25]', async () => {
    env.emulator.faults.script('GET /v2/images/generations/*', {
      status: 503,
      retryAfterMs: 400,
      always: true
    })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV2', body: { model: 'studio-image-async', prompt: 'slow poll' } }
    })
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const polls = env.emulator.requestLog.filter((e) => e.method === 'GET' && e.path.startsWith('/v2/'))
        // The client retries twice inside one poll (P13); the next poll of the engine is the fourth request.
        if (polls.length >= 4) {
          clearInterval(timer)
          resolve()
        }
      }, 20)
    })
    env.emulator.faults.clear()
    const polls = env.emulator.requestLog.filter((e) => e.method === 'GET' && e.path.startsWith('/v2/'))
    const gaps = polls.slice(1, 4).map((e, i) => e.startedAt - (polls[i]?.startedAt ?? 0))
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(380)
    expect((await finished(job.id)).status).toBe('succeeded')
  })

  it('streams a partner-a group of 4, saving each image as it arrives, each announced with its thumbnail ready', async () => {
    const partials: number[] = []
    // At each announcement, whether the page's request for the thumbnail is answered within a turn.
    const served: Promise<string>[] = []
    const off = env.studio.api.on('jobs.partial', (event) => {
      partials.push(event.result.index)
      // The job as it is now comes with it (no jobs.updated of its own): it already holds the image.
      expect(event.job.results.map((r) => r.id)).toContain(event.result.id)
      served.push(
        Promise.race([
          env.studio.backend
            .serveMedia(`${event.result.mediaId}_thumb`)
            .then((media) => (media ? 'served' : 'none')),
          new Promise<string>((resolve) => setImmediate(() => resolve('waited')))
        ])
      )
    })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'partnerA',
        body: {
          model: 'seedream-stream',
          prompt: 'four seasons',
          size: '1280x720',
          sequential_image_generation: 'auto',
          sequential_image_generation_options: { max_images: 4 },
          watermark: false
        },
        stream: true
      }
    })
    const done = await finished(job.id)
    off()
    expect(done.status).toBe('succeeded')
    expect(done.results.map((r) => r.status)).toEqual(['stored', 'stored', 'stored', 'stored'])
    expect(partials).toEqual([0, 1, 2, 3])
    expect(await Promise.all(served)).toEqual(['served', 'served', 'served', 'served'])
  })

  it('keeps what a cut stream delivered, marks it incomplete and never posts again [P21]', async () => {
    env.emulator.faults.script('/partner-a/v3/images/generations', { cutAfterEvents: 2 })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'partnerA',
        body: {
          model: 'seedream-stream',
          prompt: 'cut me',
          size: '1280x720',
          sequential_image_generation: 'auto',
          sequential_image_generation_options: { max_images: 4 }
        },
        stream: true
      }
    })
    const done = await finished(job.id)
    expect(done.status).toBe('incomplete')
    expect(done.results.filter((r) => r.status === 'stored')).toHaveLength(2)
    expect(posts(env.emulator, '/partner-a/v3/images/generations')).toHaveLength(1)
  })

  it('a 503 refusal with the gateway envelope fails the job with its words, no re-send offered [P17][P36]', async () => {
    env.emulator.faults.script('/v3/images/generations', {
      status: 503,
      error: { code: 'model_unavailable', message: 'studio-image-v3 is unavailable on this endpoint' }
    })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'refused' } }
    })
    const done = await finished(job.id)
    expect(done.status).toBe('failed')
    expect(done.error?.view).toMatchObject({ kind: 'unavailable', action: 'retry_later' })
    expect(done.error?.view?.raw).toContain('unavailable on this endpoint')
    expect(posts(env.emulator, '/v3/images/generations')).toHaveLength(1)
  })

  it('a 503 page without the envelope (a proxy) is outcome unknown and waits for the user [P17]', async () => {
    env.emulator.faults.script('/v3/images/generations', { status: 503, body: '<html>Bad gateway</html>' })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'maybe billed' } }
    })
    const done = await finished(job.id)
    expect(done.status).toBe('needs_attention')
    expect(done.error?.view).toMatchObject({ kind: 'outcome_unknown', action: 'confirm_resend' })
    expect(posts(env.emulator, '/v3/images/generations')).toHaveLength(1)
  })

  it('a 409 on a confirmed re-send says the request is still being processed, and sends nothing more [P17]', async () => {
    env.emulator.faults.script('/v3/images/generations', { reset: true })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'in flight twice' } }
    })
    expect((await finished(job.id)).status).toBe('needs_attention')
    env.emulator.faults.script('/v3/images/generations', {
      status: 409,
      error: { code: 'request_in_progress' }
    })
    await env.studio.api.invoke('jobs.resend', { id: job.id, confirmMayChargeTwice: true })
    const done = await finished(job.id)
    expect(done.status).toBe('needs_attention')
    expect(done.error?.view?.kind).toBe('in_progress')
    expect(posts(env.emulator, '/v3/images/generations')).toHaveLength(2)
  })

  it('an ambiguous failure (reset after sending) waits for the user, then re-sends with the same key [P17][P18]', async () => {
    env.emulator.faults.script('/v3/images/generations', { reset: true })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'maybe billed' } }
    })
    const stuck = await finished(job.id)
    expect(stuck.status).toBe('needs_attention')
    expect(stuck.error?.view?.action).toBe('confirm_resend')
    expect(posts(env.emulator, '/v3/images/generations')).toHaveLength(1)

    const refused = await env.studio.api.call('jobs.resend', {
      id: job.id,
      confirmMayChargeTwice: false as true
    })
    expect(refused.ok).toBe(false)
    await env.studio.api.invoke('jobs.resend', { id: job.id, confirmMayChargeTwice: true })
    const done = await finished(job.id)
    expect(done.status).toBe('succeeded')
    const sent = posts(env.emulator, '/v3/images/generations')
    expect(sent).toHaveLength(2)
    expect(sent[0]?.idempotencyKey).toBeTruthy()
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey)
  })

  it('rejects bytes that are not an image and keeps the job honest about it [P32]', async () => {
    env.emulator.faults.script('/files/*', {
      status: 200,
      body: '<html><script>alert(1)</script></html>',
      contentType: 'image/png'
    })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'fake bytes', size: '1K' } }
    })
    const done = await finished(job.id)
    expect(done.results[0]?.status).toBe('rejected')
  })

  it('refuses invalid requests before storing or sending anything', async () => {
    const tooMany = await env.studio.api.call('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'x', n: 11 } }
    })
    expect(tooMany.ok).toBe(false)
    if (!tooMany.ok) expect(tooMany.error.message).toMatch(/n/)
    const mismatch = await env.studio.api.call('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-async', prompt: 'x' } }
    })
    expect(mismatch.ok).toBe(false)
    if (!mismatch.ok)
      expect(mismatch.error.details).toMatchObject({ supportedEndpoints: ['/v2/images/generations'] })
    expect(await env.studio.api.invoke('jobs.list', {})).toEqual([])
    expect(env.emulator.requestLog.filter((e) => e.method === 'POST')).toEqual([])
  })

  it('cancels a polling task: no poll after the cancel [P16][P25]', async () => {
    const job = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'videos',
        body: { model: 'seedance-video', prompt: 'slow waves', duration: 1 }
      }
    })
    await new Promise<void>((resolve) => {
      const off = env.studio.api.on('jobs.updated', (view) => {
        if (view.id === job.id && view.tasks[0]?.remoteId) {
          off()
          resolve()
        }
      })
    })
    const cancelled = await env.studio.api.invoke('jobs.cancel', { id: job.id })
    expect(cancelled.status).toBe('cancelled')
    const pollsBefore = env.emulator.requestLog.filter((e) => e.method === 'GET').length
    await env.studio.backend.engine.waitForIdle()
    expect(env.emulator.requestLog.filter((e) => e.method === 'GET').length).toBe(pollsBefore)
  })

  it('deletes a job with its files', async () => {
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'delete me' } }
    })
    const done = await finished(job.id)
    const media = await resolve(done.results[0]?.mediaId ?? null)
    expect(existsSync(media.file)).toBe(true)
    expect(await env.studio.api.invoke('jobs.delete', { id: job.id })).toEqual({
      deleted: true,
      filesRemoved: 1
    })
    expect(existsSync(media.file)).toBe(false)
    expect((await env.studio.api.call('jobs.get', { id: job.id })).ok).toBe(false)
  })

  it('a task whose poll failed once and then succeeded no longer shows the failed poll [P25]', async () => {
    // Three 503s: the first poll and its two retries (P13) fail, so the task records the error.
    env.emulator.faults.script('GET /v2/images/generations/*', { status: 503, times: 3 })
    const failedPoll = new Promise<void>((resolveSeen) => {
      const off = env.studio.backend.subscribe((name, payload) => {
        const view = payload as { tasks?: { error: unknown }[] }
        if (name === 'jobs.updated' && view.tasks?.some((task) => task.error !== null)) {
          off()
          resolveSeen()
        }
      })
    })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV2', body: { model: 'studio-image-async', prompt: 'a fickle network' } }
    })
    await failedPoll
    const done = await finished(job.id)
    expect(done.status).toBe('succeeded')
    expect(done.tasks[0]?.error).toBeNull()
  })
})
