import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { download, errorOf, imageInfo, setup, type Http } from './helpers'
import type { ImageSet } from './shapes'

let h: Http
beforeAll(async () => {
  h = await setup()
})
afterAll(() => h.emu.stop())

const compat = (body: Record<string, unknown>) =>
  h.post('/v1/images/generations', { model: 'studio-image-compat', prompt: 'a red fox', ...body })
const v3 = (body: Record<string, unknown>) =>
  h.post('/v3/images/generations', { model: 'studio-image-v3', prompt: 'a red fox', ...body })
const partnerB = (body: Record<string, unknown>) =>
  h.post('/v1/images/partner-b', { model: 'wan-image', prompt: 'a red fox', ...body })

async function set(res: Response): Promise<ImageSet> {
  expect(res.status).toBe(200)
  return (await res.json()) as ImageSet
}

async function firstImage(s: ImageSet): Promise<Buffer> {
  const el = s.data[0]
  if (el?.b64_json) return Buffer.from(el.b64_json, 'base64')
  const file = await download(el?.url ?? '')
  expect(file.status).toBe(200)
  return file.bytes
}

async function expect400(res: Promise<Response>, message?: RegExp): Promise<void> {
  const r = await res
  expect(r.status).toBe(400)
  const error = await errorOf(r)
  expect(error.type).toBe('invalid_request_error')
  if (message) expect(error.message).toMatch(message)
}

describe('/v1/images/generations (compatible)', () => {
  it('returns hosted PNG URLs of the default size with token usage', async () => {
    const s = await set(await compat({}))
    expect(s.data).toHaveLength(1)
    expect(s.data[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]+\.png$/)
    const file = await download(s.data[0]?.url ?? '')
    expect(file.type).toBe('image/png')
    expect(await imageInfo(file.bytes)).toMatchObject({ format: 'png', width: 1024, height: 1024 })
    expect(s.usage).toMatchObject({ output_tokens: 256 })
  })

  it('returns b64_json in the requested size and format', async () => {
    const jpeg = await firstImage(
      await set(await compat({ size: '256x256', output_format: 'jpeg', response_format: 'b64_json' }))
    )
    expect(await imageInfo(jpeg)).toMatchObject({ format: 'jpeg', width: 256, height: 256 })
    const webp = await firstImage(
      await set(await compat({ size: '512x512', output_format: 'webp', response_format: 'b64_json' }))
    )
    expect(await imageInfo(webp)).toMatchObject({ format: 'webp', width: 512, height: 512 })
  })

  it('is deterministic per prompt and index, and distinct across prompts', async () => {
    const body = { size: '256x256', response_format: 'b64_json', n: 2 }
    const a = await set(await compat(body))
    const b = await set(await compat(body))
    const c = await set(await compat({ ...body, prompt: 'a blue whale' }))
    expect(a.data[0]?.b64_json).toBe(b.data[0]?.b64_json)
    expect(a.data[0]?.b64_json).not.toBe(a.data[1]?.b64_json)
    expect(a.data[0]?.b64_json).not.toBe(c.data[0]?.b64_json)
  })

  it('keeps transparency only in png/webp and refuses transparent jpeg', async () => {
    const png = await firstImage(
      await set(await compat({ size: '256x256', background: 'transparent', response_format: 'b64_json' }))
    )
    expect((await imageInfo(png)).hasAlpha).toBe(true)
    await expect400(compat({ background: 'transparent', output_format: 'jpeg' }), /png.*webp/)
  })

  it('checks n, size and unknown fields', async () => {
    await expect400(compat({ n: 0 }))
    await expect400(compat({ n: 11 }))
    expect((await set(await compat({ n: 10, size: '256x256' }))).data).toHaveLength(10)
    await expect400(compat({ size: '300x300' }))
    const unknown = await compat({ colour: 'red' })
    expect(unknown.status).toBe(400)
    expect(await errorOf(unknown)).toMatchObject({ code: 'unknown_parameter' })
  })
})

describe('/v3/images/generations', () => {
  it('returns the spec response with URL and revised_prompt, quality low, per-image usage fields', async () => {
    const s = await set(await v3({}))
    expect(s).toMatchObject({ background: 'auto', output_format: 'png', quality: 'low', size: '1024x1024' })
    expect(typeof s.created).toBe('number')
    expect(s.data[0]?.revised_prompt).toBe('a red fox')
    expect(s.usage).toMatchObject({
      total_tokens: expect.any(Number) as unknown,
      input_tokens_details: { text_tokens: expect.any(Number) as unknown, image_tokens: 0 }
    })
    expect(await imageInfo(await firstImage(s))).toMatchObject({ format: 'png', width: 1024, height: 1024 })
  })

  it('renders a listed non-square size in the requested format and compression', async () => {
    const s = await set(await v3({ size: '2048x688', output_format: 'jpeg', output_compression: 0 }))
    expect(s.size).toBe('2048x688')
    expect(await imageInfo(await firstImage(s))).toMatchObject({ format: 'jpeg', width: 2048, height: 688 })
    const webp = await set(
      await v3({ background: 'transparent', output_format: 'webp', output_compression: 100 })
    )
    expect(await imageInfo(await firstImage(webp))).toMatchObject({ format: 'webp', hasAlpha: true })
  })

  it('checks n (1 to 10), the size list, prompt, compression 0-100, moderation, transparent and strict fields', async () => {
    expect((await set(await v3({ n: 10 }))).data).toHaveLength(10)
    await expect400(v3({ n: 0 }))
    await expect400(v3({ n: 11 }))
    await expect400(v3({ n: 1.5 }))
    await expect400(v3({ size: '512x512' }))
    await expect400(v3({ prompt: '' }))
    await expect400(v3({ prompt: '   ' }))
    await expect400(h.post('/v3/images/generations', { model: 'studio-image-v3' }))
    await expect400(v3({ output_format: 'jpeg', output_compression: 101 }))
    await expect400(v3({ output_format: 'jpeg', output_compression: -1 }))
    expect((await v3({ moderation: 'low' })).status).toBe(200)
    await expect400(v3({ moderation: 'high' }))
    await expect400(v3({ output_format: 'gif' }))
    await expect400(v3({ background: 'transparent', output_format: 'jpeg' }))
    await expect400(v3({ response_format: 'b64_json' }), /response_format/)
  })

  it('refuses a model of another endpoint with model_endpoint_mismatch', async () => {
    const res = await h.post('/v3/images/generations', { model: 'studio-image-compat', prompt: 'x' })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).code).toBe('model_endpoint_mismatch')
  })
})

describe('/v1/images/partner-b', () => {
  it('returns one expiring signed URL to a PNG of the 2K default', async () => {
    const s = await set(await partnerB({}))
    expect(s.data).toHaveLength(1)
    const url = new URL(s.data[0]?.url ?? '')
    expect(url.searchParams.get('Expires')).toMatch(/^\d+$/)
    expect(await imageInfo(await firstImage(s))).toMatchObject({ format: 'png', width: 2048, height: 2048 })
    url.searchParams.set('Expires', String(Number(url.searchParams.get('Expires')) + 3600))
    expect((await download(url.toString())).status).toBe(403)
    expect((await download(url.origin + url.pathname)).status).toBe(403)
  })

  it('accepts pixel sizes at the pixel-total and aspect-ratio boundaries, W*H too', async () => {
    const small = await set(await partnerB({ size: '768x768' }))
    expect(await imageInfo(await firstImage(small))).toMatchObject({ width: 768, height: 768 })
    for (const size of ['4096x4096', '2400x300', '300x2400', '1024*1024', '1K', '4K']) {
      expect((await partnerB({ size })).status, size).toBe(200)
    }
    for (const size of ['767x768', '4097x4096', '2401x300', '300x2401', '8K', '1024:1024']) {
      await expect400(partnerB({ size }))
    }
  })

  it('allows 4K only without reference images, at most 9 references, exactly one image', async () => {
    const refs = (k: number) => Array.from({ length: k }, (_, i) => `https://example.com/ref${i}.png`)
    await expect400(partnerB({ size: '4K', image: refs(1) }), /4K/)
    expect((await partnerB({ size: '2K', image: refs(9) })).status).toBe(200)
    await expect400(partnerB({ image: refs(10) }))
    expect((await partnerB({ image: 'https://example.com/one.png', size: '1K' })).status).toBe(200)
    expect((await partnerB({ n: 1, size: '1K' })).status).toBe(200)
    await expect400(partnerB({ n: 2 }))
    await expect400(partnerB({ n: 0 }))
    await expect400(partnerB({ prompt: '' }))
    await expect400(partnerB({ seed: -1 }))
    await expect400(partnerB({ images: refs(1) }), /images/)
  })
})
