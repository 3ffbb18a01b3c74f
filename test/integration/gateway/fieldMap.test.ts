import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { failure, get, post, startRig, type Rig } from './helpers'

/**
 * The emulator in its `alternative` mode speaks the alternative names of docs/GATEWAY.md. The default
 * field map must fail against it (so the test proves something) and the profile's override must work.
 */
let rig: Rig
beforeAll(async () => {
  rig = await startRig({ fieldNames: 'alternative' })
})
afterAll(() => rig.stop())
beforeEach(() => rig.emu.clearLog())

const alternative = {
  imagesV2: { size: 'aspect_ratio', resolution: 'image_size', referenceImages: 'images' },
  partnerB: { referenceImages: 'images' },
  video: { queryPath: '/v1/videos/{id}', resultUrlPath: 'result.url' }
}
const refs = ['https://example.com/ref.png']

describe('field map override against the emulator in alternative mode', () => {
  it('v2: default names are refused, the override creates the task and the result URL is found', async () => {
    const request = {
      model: 'studio-image-async',
      prompt: 'fox',
      size: '16:9',
      resolution: '2K',
      referenceImages: refs
    }
    const refused = await failure(rig.client().send('imagesV2', request, post()))
    expect(refused.status).toBe(400)
    const c = rig.client({ fieldMap: alternative })
    const created = await c.send('imagesV2', request, post())
    expect(created.data.status).toBe('queued')
    rig.emu.advance(60_000)
    const done = await c.poll('imagesV2', created.data.id, get())
    // The emulator's alternative answer carries `result_url` instead of `data[0].url`.
    expect(done.data.task['result_url']).toEqual(expect.any(String))
    expect(done.data.resultUrl).toBe(done.data.task['result_url'])
  })

  it('v2: a profile-specific result path is tried first', async () => {
    const c = rig.client({
      fieldMap: { ...alternative, imagesV2: { ...alternative.imagesV2, resultUrlPath: 'result_url' } }
    })
    const created = await c.send('imagesV2', { model: 'studio-image-async', prompt: 'fox' }, post())
    rig.emu.advance(60_000)
    expect((await c.poll('imagesV2', created.data.id, get())).data.resultUrl).toMatch(/^http/)
  })

  it('partner-b: reference images under the overridden name', async () => {
    const request = { model: 'wan-image', prompt: 'fox', size: '2K', referenceImages: refs }
    const refused = await failure(rig.client().send('partnerB', request, post()))
    expect(refused.status).toBe(400)
    const ok = await rig.client({ fieldMap: alternative }).send('partnerB', request, post())
    expect(ok.data.data[0]?.url).toMatch(/^http/)
  })

  it('videos: the default query path is not there, the overridden one is; the URL name too', async () => {
    const created = await rig
      .client()
      .send('videos', { model: 'seedance-video', prompt: 'fox', duration: 1 }, post())
    rig.emu.advance(60_000)
    const missing = await failure(rig.client().poll('videos', created.data.id, get()))
    expect(missing.status).toBe(404)
    const done = await rig.client({ fieldMap: alternative }).poll('videos', created.data.id, get())
    expect(done.data.status).toBe('succeeded')
    expect(done.data.resultUrl).toMatch(/\.mp4/)
    expect(rig.logFor(`/v1/videos/${created.data.id}`)).toHaveLength(1)
  })

  it('profile extras reach an open body', async () => {
    const c = rig.client({ fieldMap: alternative, extraFields: { partnerB: { negative_prompt: 'blurry' } } })
    await c.send('partnerB', { model: 'wan-image', prompt: 'fox' }, post())
    const refused = await failure(
      rig
        .client({ fieldMap: alternative, extraFields: { partnerB: { not_a_field: 1 } } })
        .send('partnerB', { model: 'wan-image', prompt: 'fox' }, post())
    )
    // The emulator checks partner-b strictly, so an unknown extra proves the extras were sent.
    expect(refused.message).toContain('not_a_field')
  })
})
