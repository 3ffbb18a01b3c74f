import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { download, errorOf, imageInfo, setup, type Http } from './helpers'
import type { Task } from './shapes'

const STEP = 10_000
let h: Http
beforeAll(async () => {
  // Long phases: only advance() moves the tasks, so no test depends on real time.
  h = await setup({ timing: { taskQueuedMs: STEP, taskRunningMs: STEP }, urlTtlMs: 60_000 })
})
afterAll(() => h.emu.stop())

const createImage = (body: Record<string, unknown>) =>
  h.postJson<Task>('/v2/images/generations', { model: 'studio-image-async', prompt: 'a castle', ...body })
const createVideo = (body: Record<string, unknown>) =>
  h.postJson<Task>('/v1/videos/generations', {
    model: 'seedance-video',
    prompt: 'a castle',
    duration: 2,
    ...body
  })
const poll = async (path: string): Promise<Task> => {
  const res = await h.get(path)
  expect(res.status).toBe(200)
  return (await res.json()) as Task
}

describe('/v2/images/generations tasks', () => {
  it('goes queued → running → succeeded on the clock, GET only reads, and hosts the result', async () => {
    const created = await createImage({
      size: '16:9',
      resolution: '1K',
      image_urls: ['https://example.com/a.png']
    })
    expect(created.status).toBe(200)
    const task = created.body
    expect(task).toMatchObject({
      object: 'image.generation.task',
      model: 'studio-image-async',
      status: 'queued',
      completed_at: null
    })
    expect(task.id).toMatch(/^imgtask_/)
    const path = `/v2/images/generations/${task.id}`
    for (let i = 0; i < 3; i++) expect((await poll(path)).status).toBe('queued')
    h.emu.advance(STEP)
    const running = await poll(path)
    expect(running).toMatchObject({ status: 'running', completed_at: null })
    expect(running.data).toBeUndefined()
    h.emu.advance(STEP)
    const done = await poll(path)
    expect(done.status).toBe('succeeded')
    expect(done.completed_at).toBeGreaterThanOrEqual(done.created_at)
    expect(await poll(path)).toEqual(done)
    const file = await download(done.data?.[0]?.url ?? '')
    expect(file.type).toBe('image/png')
    expect(await imageInfo(file.bytes)).toMatchObject({ format: 'png', width: 1024, height: 576 })
  })

  it('fails, is cancelled or expires on [[fail]] / [[cancel]] / [[expire]] or a fault step', async () => {
    h.emu.faults.script('POST /v2/images/generations', { taskOutcome: 'expired' })
    const prompts = ['x', 'x [[fail]]', 'x [[expire]]', 'x [[cancel]]']
    const tasks = []
    for (const prompt of prompts) tasks.push((await createImage({ prompt })).body)
    h.emu.advance(2 * STEP)
    const views = await Promise.all(tasks.map((t) => poll(`/v2/images/generations/${t.id}`)))
    expect(views.map((v) => v.status)).toEqual(['expired', 'failed', 'expired', 'cancelled'])
    for (const v of views) {
      expect(v.data).toBeUndefined()
      expect(v.completed_at).not.toBeNull()
    }
    for (const v of views.slice(0, 3)) {
      expect(v.error).toMatchObject({
        code: expect.any(String) as unknown,
        message: expect.any(String) as unknown
      })
    }
  })

  it('lets result URLs expire after the TTL, or at once under an expiredUrls step', async () => {
    const task = (await createImage({})).body
    h.emu.advance(2 * STEP)
    const done = await poll(`/v2/images/generations/${task.id}`)
    const url = done.data?.[0]?.url ?? ''
    expect((await download(url)).status).toBe(200)
    h.emu.advance(60_000)
    expect((await download(url)).status).toBe(403)

    const other = (await createImage({})).body
    h.emu.advance(2 * STEP)
    h.emu.faults.script('/v2/images/generations/*', { expiredUrls: true })
    const view = await poll(`/v2/images/generations/${other.id}`)
    expect((await download(view.data?.[0]?.url ?? '')).status).toBe(403)
  })

  it('refuses n, more than 8 references, unknown ratios and resolutions', async () => {
    const refs = (k: number) => Array.from({ length: k }, (_, i) => `https://example.com/${i}.png`)
    expect((await createImage({ image_urls: refs(8) })).status).toBe(200)
    for (const body of [
      { n: 1 },
      { image_urls: refs(9) },
      { image_urls: ['not a url'] },
      { size: '1024x1024' },
      { resolution: '8K' },
      { prompt: '' },
      { aspect_ratio: '1:1' }
    ]) {
      const res = await h.post('/v2/images/generations', {
        model: 'studio-image-async',
        prompt: 'x',
        ...body
      })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
  })

  it('keeps tasks per tenant and answers 404 for unknown ids', async () => {
    const task = (await createImage({})).body
    const foreign = await h.get(`/v2/images/generations/${task.id}`, {
      key: h.emu.keys.otherTenant,
      base: h.emu.tenantUrl('globex')
    })
    expect(foreign.status).toBe(404)
    const unknown = await h.get('/v2/images/generations/imgtask_nope')
    expect(unknown.status).toBe(404)
    expect((await errorOf(unknown)).code).toBe('task_not_found')
  })
})

describe('/v1/videos/generations tasks', () => {
  it('creates a queued task and serves a real MP4 at result.video_url on success', async () => {
    const created = await createVideo({ size: '1280x720' })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      object: 'task',
      status: 'queued',
      result: null,
      error: null,
      usage: null
    })
    const path = `/v1/videos/generations/${created.body.id}`
    h.emu.advance(STEP)
    expect((await poll(path)).status).toBe('running')
    h.emu.advance(STEP)
    const done = await poll(path)
    expect(done.status).toBe('succeeded')
    expect(done.usage).toMatchObject({ completion_tokens: 20_000, total_tokens: 20_000 })
    const video = await download(done.result?.video_url ?? '')
    expect(video.type).toBe('video/mp4')
    expect(video.bytes.toString('latin1', 4, 8)).toBe('ftyp')
    expect(video.bytes.length).toBeLessThan(150_000)
  })

  it('wraps the error envelope in error on failure', async () => {
    const task = (await createVideo({ prompt: 'boom [[fail]]' })).body
    h.emu.advance(2 * STEP)
    const view = await poll(`/v1/videos/generations/${task.id}`)
    expect(view.status).toBe('failed')
    expect(view.error).toMatchObject({
      error: { type: expect.any(String) as unknown, code: expect.any(String) as unknown }
    })
    expect(view.result).toBeNull()
  })

  it('requires an integer duration of at least 1 and a WxH size', async () => {
    expect((await createVideo({ duration: 1 })).status).toBe(200)
    for (const body of [
      { duration: 0 },
      { duration: 1.5 },
      { duration: '5' },
      { duration: undefined },
      { size: '1280*720' },
      { size: '16:9' }
    ]) {
      const res = await h.post('/v1/videos/generations', {
        model: 'seedance-video',
        prompt: 'x',
        duration: 2,
        ...body
      })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
  })

  it('has no query at the alternative path by default', async () => {
    const task = (await createVideo({})).body
    expect((await h.get(`/v1/videos/${task.id}`)).status).toBe(404)
  })
})

describe('the opt-in video cancel route (not in the spec; issue 15)', () => {
  let withCancel: Http
  beforeAll(async () => {
    withCancel = await setup({ cancelRoute: true, timing: { taskQueuedMs: STEP, taskRunningMs: STEP } })
  })
  afterAll(() => withCancel.emu.stop())

  const del = (http: Http, path: string) =>
    fetch(http.emu.baseUrl + path, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${http.emu.keys.ordinary}` }
    })

  it('is not served by default: the reference of the spec has no cancel endpoint', async () => {
    const task = (await createVideo({})).body
    expect((await del(h, `/v1/videos/generations/tasks/${task.id}`)).status).toBe(404)
  })

  it('cancels a task still queued or running, and answers 409 once it has ended', async () => {
    const created = await withCancel.postJson<Task>('/v1/videos/generations', {
      model: 'seedance-video',
      prompt: 'a castle',
      duration: 2
    })
    const id = created.body.id
    withCancel.emu.advance(STEP)
    const res = await del(withCancel, `/v1/videos/generations/tasks/${id}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id, status: 'cancelled', result: null })
    const after = (await (await withCancel.get(`/v1/videos/generations/${id}`)).json()) as Task
    expect(after.status).toBe('cancelled')
    const again = await del(withCancel, `/v1/videos/generations/tasks/${id}`)
    expect(again.status).toBe(409)
    expect(await errorOf(again)).toMatchObject({ code: 'task_not_cancellable' })
    expect((await del(withCancel, '/v1/videos/generations/tasks/vtask_unknown')).status).toBe(404)
  })
})

describe('alternative field names', () => {
  let alt: Http
  beforeAll(async () => {
    alt = await setup({ fieldNames: 'alternative', timing: { taskQueuedMs: 0, taskRunningMs: 0 } })
  })
  afterAll(() => alt.emu.stop())

  it('v2 takes aspect_ratio, image_size and images, and answers result_url', async () => {
    const created = await alt.postJson<Task>('/v2/images/generations', {
      model: 'studio-image-async',
      prompt: 'x',
      aspect_ratio: '9:16',
      image_size: '1K',
      images: ['https://example.com/a.png']
    })
    expect(created.status).toBe(200)
    for (const field of ['size', 'resolution', 'image_urls']) {
      const res = await alt.post('/v2/images/generations', {
        model: 'studio-image-async',
        prompt: 'x',
        [field]: '1:1'
      })
      expect(res.status).toBe(400)
    }
    const done = (await (await alt.get(`/v2/images/generations/${created.body.id}`)).json()) as Task
    expect(done.data).toBeUndefined()
    const file = await download(done.result_url ?? '')
    expect(await imageInfo(file.bytes)).toMatchObject({ width: 576, height: 1024 })
  })

  it('partner-b takes images instead of image', async () => {
    const ok = await alt.post('/v1/images/partner-b', {
      model: 'wan-image',
      prompt: 'x',
      size: '1K',
      images: ['https://e.com/a.png']
    })
    expect(ok.status).toBe(200)
    expect(
      (
        await alt.post('/v1/images/partner-b', {
          model: 'wan-image',
          prompt: 'x',
          image: ['https://e.com/a.png']
        })
      ).status
    ).toBe(400)
  })

  it('video is queried at /v1/videos/{id} with result.url', async () => {
    const task = (
      await alt.postJson<Task>('/v1/videos/generations', {
        model: 'seedance-video',
        prompt: 'x',
        duration: 1
      })
    ).body
    expect((await alt.get(`/v1/videos/generations/${task.id}`)).status).toBe(404)
    const done = (await (await alt.get(`/v1/videos/${task.id}`)).json()) as Task
    expect(done.status).toBe('succeeded')
    expect(done.result?.video_url).toBeUndefined()
    expect((await download(done.result?.url ?? '')).type).toBe('video/mp4')
  })
})
