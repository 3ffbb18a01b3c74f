import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { download, errorOf, imageInfo, setup, type Http } from './helpers'
import type { ImageSet } from './shapes'

const W = 64
const H = 48
/** The mask's transparent rectangle. */
const HOLE = { left: 10, top: 5, width: 20, height: 20 }

let h: Http
let image: Buffer
let mask: Buffer
beforeAll(async () => {
  h = await setup()
  const raw = Buffer.alloc(W * H * 3)
  for (let i = 0; i < W * H; i++) {
    raw[i * 3] = (i * 7) % 256
    raw[i * 3 + 1] = (i * 3) % 256
    raw[i * 3 + 2] = 100
  }
  image = await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer()
  mask = await maskPng(W, H)
})
afterAll(() => h.emu.stop())

async function maskPng(width: number, height: number): Promise<Buffer> {
  const rgba = Buffer.alloc(width * height * 4, 255)
  for (let y = HOLE.top; y < HOLE.top + HOLE.height; y++) {
    for (let x = HOLE.left; x < HOLE.left + HOLE.width; x++) rgba[(y * width + x) * 4 + 3] = 0
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer()
}

const inHole = (x: number, y: number): boolean =>
  x >= HOLE.left && x < HOLE.left + HOLE.width && y >= HOLE.top && y < HOLE.top + HOLE.height

type Part = string | { bytes: Buffer; type: string; name: string }

function edit(parts: [string, Part][], headers: Record<string, string> = {}): Promise<Response> {
  const form = new FormData()
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, new Blob([value.bytes], { type: value.type }), value.name)
  }
  return fetch(`${h.emu.baseUrl}/v1/images/edits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.emu.keys.ordinary}`, ...headers },
    body: form
  })
}

const png = (bytes: Buffer, name = 'image.png'): Part => ({ bytes, type: 'image/png', name })
const base: [string, Part][] = [
  ['model', 'studio-image-v3'],
  ['prompt', 'paint the hole']
]

async function rgba(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).ensureAlpha().raw().toBuffer()
}

async function expect400(res: Promise<Response>, message?: RegExp): Promise<void> {
  const r = await res
  expect(r.status).toBe(400)
  if (message) expect((await errorOf(r)).message).toMatch(message)
}

describe('/v1/images/edits', () => {
  it('changes exactly the pixels the mask leaves fully transparent', async () => {
    const res = await edit([...base, ['image', png(image)], ['mask', png(mask, 'mask.png')]])
    expect(res.status).toBe(200)
    const body = (await res.json()) as ImageSet
    const file = await download(body.data[0]?.url ?? '')
    expect(await imageInfo(file.bytes)).toMatchObject({ format: 'png', width: W, height: H })
    const [before, after] = await Promise.all([rgba(image), rgba(file.bytes)])
    let changed = 0
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const p = (y * W + x) * 4
        const same = [0, 1, 2].every((c) => before[p + c] === after[p + c])
        if (inHole(x, y)) {
          expect(same, `pixel ${x},${y} should change`).toBe(false)
          expect(Math.abs((before[p] ?? 0) - (after[p] ?? 0))).toBe(128)
          changed++
        } else {
          expect(same, `pixel ${x},${y} should not change`).toBe(true)
        }
      }
    }
    expect(changed).toBe(HOLE.width * HOLE.height)
    expect(body.size).toBe(`${W}x${H}`)
  })

  it('edits the whole image without a mask, takes image[] parts and answers b64_json', async () => {
    const res = await edit([
      ...base,
      ['image[]', png(image, 'a.png')],
      ['image[]', png(image, 'b.png')],
      ['response_format', 'b64_json'],
      ['output_format', 'webp']
    ])
    expect(res.status).toBe(200)
    const out = Buffer.from(((await res.json()) as ImageSet).data[0]?.b64_json ?? '', 'base64')
    expect(await imageInfo(out)).toMatchObject({ format: 'webp', width: W, height: H })
    const [before, after] = await Promise.all([rgba(image), rgba(out)])
    expect(before[0]).not.toBe(after[0])
    expect(before[before.length - 4]).not.toBe(after[after.length - 4])
  })

  it('bills per token on a token model, with input image tokens', async () => {
    const res = await edit([
      ['model', 'studio-image-compat'],
      ['prompt', 'x'],
      ['image', png(image)],
      ['n', '2']
    ])
    const body = (await res.json()) as ImageSet
    expect(body.data).toHaveLength(2)
    expect(body.usage).toMatchObject({ input_tokens_details: { image_tokens: 85 } })
  })

  it('validates the mask: PNG, with alpha, of the image size', async () => {
    await expect400(
      edit([...base, ['image', png(image)], ['mask', png(await maskPng(W + 1, H))]]),
      /must match/
    )
    const jpegMask = await sharp(mask).jpeg().toBuffer()
    await expect400(
      edit([
        ...base,
        ['image', png(image)],
        ['mask', { bytes: jpegMask, type: 'image/jpeg', name: 'm.jpg' }]
      ]),
      /PNG/
    )
    const opaque = await sharp(mask).removeAlpha().png().toBuffer()
    await expect400(edit([...base, ['image', png(image)], ['mask', png(opaque)]]), /alpha/)
  })

  it('validates the form', async () => {
    await expect400(edit([...base]), /image/)
    await expect400(
      edit([
        ['model', 'studio-image-v3'],
        ['image', png(image)]
      ]),
      /prompt/
    )
    await expect400(edit([...base, ['image', png(image)], ['image[]', png(image)]]))
    await expect400(edit([...base, ['image', png(image)], ['image', png(image)]]), /image\[\]/)
    await expect400(edit([...base, ['image', png(image)], ['strength', '0.5']]), /strength/)
    await expect400(edit([...base, ['image', png(image)], ['n', '11']]))
    await expect400(
      edit([...base, ['image', { bytes: Buffer.from('nope'), type: 'image/png', name: 'x.png' }]])
    )
    await expect400(edit([...base, ['image', 'not a file']]))
    const json = await h.post('/v1/images/edits', { model: 'studio-image-v3', prompt: 'x' })
    expect(json.status).toBe(400)
    expect((await errorOf(json)).code).toBe('unsupported_content_type')
  })

  it('refuses a model without the edits endpoint', async () => {
    const res = await edit([
      ['model', 'wan-image'],
      ['prompt', 'x'],
      ['image', png(image)]
    ])
    expect(res.status).toBe(400)
    expect((await errorOf(res)).code).toBe('model_endpoint_mismatch')
  })
})
