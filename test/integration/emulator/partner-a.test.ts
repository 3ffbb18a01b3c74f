import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { download, errorOf, imageInfo, jsonEvents, setup, sseEvents, type Http } from './helpers'
import type { ImageSet, PartnerAEvent } from './shapes'

let h: Http
beforeAll(async () => {
  h = await setup({ timing: { partialDelayMs: 30 } })
})
afterAll(() => h.emu.stop())

const PATH = '/partner-a/v3/images/generations'
const small = { size: '1280x720', watermark: false }
const call = (body: Record<string, unknown>) =>
  h.post(PATH, { model: 'seedream-basic', prompt: 'a lighthouse', ...small, ...body })
const streamCall = (body: Record<string, unknown>) =>
  h.post(PATH, { model: 'seedream-stream', prompt: 'a lighthouse', stream: true, ...small, ...body })

describe('partner-a JSON', () => {
  it('returns url elements with size, and Ark usage', async () => {
    const res = await call({})
    expect(res.status).toBe(200)
    const body = (await res.json()) as ImageSet
    expect(body.data).toHaveLength(1)
    expect(body.data[0]?.size).toBe('1280x720')
    expect(body.usage).toEqual({ generated_images: 1, output_tokens: 3600, total_tokens: 3600 })
    const file = await download(body.data[0]?.url ?? '')
    expect(await imageInfo(file.bytes)).toMatchObject({ format: 'jpeg', width: 1280, height: 720 })
  })

  it('returns b64_json in the requested format and defaults to 2K', async () => {
    const body = (await (
      await call({ response_format: 'b64_json', output_format: 'png' })
    ).json()) as ImageSet
    expect(await imageInfo(Buffer.from(body.data[0]?.b64_json ?? '', 'base64'))).toMatchObject({
      format: 'png'
    })
    const def = (await (await h.post(PATH, { model: 'seedream-basic', prompt: 'x' })).json()) as ImageSet
    expect(def.data[0]?.size).toBe('2048x2048')
  })

  it('watermarks unless watermark is false', async () => {
    const marked = (await (await call({ watermark: true, response_format: 'b64_json' })).json()) as ImageSet
    const clean = (await (await call({ watermark: false, response_format: 'b64_json' })).json()) as ImageSet
    expect(marked.data[0]?.b64_json).not.toBe(clean.data[0]?.b64_json)
  })

  it('makes groups of max_images with sequential_image_generation auto, one image otherwise', async () => {
    const group = (await (
      await call({
        sequential_image_generation: 'auto',
        sequential_image_generation_options: { max_images: 3 }
      })
    ).json()) as ImageSet
    expect(group.data).toHaveLength(3)
    expect(new Set(group.data.map((d) => d.url)).size).toBe(3)
    const single = (await (
      await call({ sequential_image_generation_options: { max_images: 3 } })
    ).json()) as ImageSet
    expect(single.data).toHaveLength(1)
  })

  it('accepts extra fields and refuses n, max_images < 1, bad sizes and an empty prompt', async () => {
    expect(
      (await call({ some_future_flag: true, optimize_prompt_options: { mode: 'standard' } })).status
    ).toBe(200)
    for (const body of [
      { n: 2 },
      { sequential_image_generation: 'auto', sequential_image_generation_options: { max_images: 0 } },
      { size: '640x480' },
      { size: '4097x4096' },
      { size: '4000x240' },
      { prompt: '' },
      { response_format: 'png' }
    ]) {
      const res = await call(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect((await call({ size: '4096x4096' })).status).toBe(200)
  })

  it('answers 400 to stream: true on a model without streaming', async () => {
    const res = await call({ stream: true })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).code).toBe('stream_not_supported')
  })

  it('reports a failed image of a group in place', async () => {
    const body = (await (
      await call({
        prompt: 'x [[partial_fail=1]]',
        sequential_image_generation: 'auto',
        sequential_image_generation_options: { max_images: 2 }
      })
    ).json()) as ImageSet
    expect(body.data[1]?.error?.code).toBeTruthy()
    expect(body.usage).toMatchObject({ generated_images: 1 })
  })
})

describe('partner-a stream', () => {
  it('emits partial_succeeded per image, completed with data and usage, then [DONE]', async () => {
    const started = Date.now()
    const res = await streamCall({
      sequential_image_generation: 'auto',
      sequential_image_generation_options: { max_images: 2 }
    })
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const events = await sseEvents(res)
    expect(Date.now() - started).toBeGreaterThanOrEqual(60)
    expect(events.at(-1)?.data).toBe('[DONE]')
    expect(events.every((e) => e.event === undefined)).toBe(true)
    const data = jsonEvents<PartnerAEvent>(events)
    expect(data.map((d) => d.type)).toEqual([
      'image_generation.partial_succeeded',
      'image_generation.partial_succeeded',
      'image_generation.completed'
    ])
    expect(data.map((d) => d.image_index)).toEqual([0, 1, undefined])
    const first = data[0]
    expect(first?.size).toBe('1280x720')
    expect(await imageInfo(Buffer.from(first?.b64_json ?? '', 'base64'))).toMatchObject({
      width: 1280,
      height: 720
    })
    const completed = data[2]
    expect(completed?.data?.map((d) => d.b64_json)).toEqual([first?.b64_json, data[1]?.b64_json])
    expect(completed?.usage?.generated_images).toBe(2)
  })

  it('emits partial_failed for a failing image and keeps going', async () => {
    h.emu.faults.script(PATH, { partialFail: [0] })
    const data = jsonEvents<PartnerAEvent>(
      await sseEvents(
        await streamCall({
          sequential_image_generation: 'auto',
          sequential_image_generation_options: { max_images: 2 }
        })
      )
    )
    expect(data.map((d) => d.type)).toEqual([
      'image_generation.partial_failed',
      'image_generation.partial_succeeded',
      'image_generation.completed'
    ])
    expect(data[0]?.error?.code).toBe('OutputImageSensitiveContentDetected')
    expect(data[2]?.data).toHaveLength(1)
  })

  it('speaks the upstream variant with event: lines, model and created on request', async () => {
    h.emu.faults.script(PATH, { upstreamEvents: true })
    const events = await sseEvents(await streamCall({ response_format: 'url' }))
    const data = jsonEvents<PartnerAEvent>(events)
    expect(events.slice(0, -1).map((e) => e.event)).toEqual(data.map((d) => d.type))
    expect(data[0]?.model).toBe('seedream-stream')
    expect(data[0]?.url).toMatch(/^http/)
  })
})
