import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { useStudioAgainstEmulator } from '../../helpers/suite'

const png = async (width: number, height: number, colour = { r: 40, g: 120, b: 200 }): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()

/** RGBA raw pixels of a w×h mask whose alpha is 0 inside the rectangle (the area to edit), 255 elsewhere. */
async function rectMask(
  width: number,
  height: number,
  rect: { x: number; y: number; w: number; h: number }
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inside = x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h
      raw[(y * width + x) * 4 + 3] = inside ? 0 : 255
    }
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer()
}

describe('studio library commands against the emulator', () => {
  const env = useStudioAgainstEmulator({ name: 'data' })

  const finished = env.finished

  it('imports a dropped PNG as a library image with its pixel size, and lists it as recent', async () => {
    const bytes = await png(320, 200)
    const image = await env.studio.api.invoke('library.import', { data: bytes.toString('base64') })
    expect(image).toMatchObject({
      mime: 'image/png',
      width: 320,
      height: 200,
      bytes: bytes.length,
      prompt: null
    })
    const media = await env.studio.backend.resolveMedia(image.mediaId)
    expect(media && readFileSync(media.file).equals(bytes)).toBe(true)
    const recent = await env.studio.api.invoke('library.recent', {})
    expect(recent.items.map((item) => item.mediaId)).toEqual([image.mediaId])
    expect(await env.studio.api.invoke('library.info', { mediaId: image.mediaId })).toEqual(image)
  })

  it('refuses what is not a PNG, JPEG or WebP, and a mask that is not a PNG, in words a user reads [P32]', async () => {
    const svg = await env.studio.api.call('library.import', {
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')
    })
    expect(svg.ok).toBe(false)
    if (!svg.ok) expect(svg.error.message).toBe('That file is not a PNG, JPEG or WebP image.')

    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer()
    const mask = await env.studio.api.call('library.import', {
      data: jpeg.toString('base64'),
      purpose: 'mask'
    })
    expect(mask.ok).toBe(false)
    if (!mask.ok) expect(mask.error.message).toBe('A mask must be a PNG image.')
    // Nothing was kept for the refused mask.
    expect((await env.studio.api.invoke('library.recent', {})).items).toEqual([])

    const missing = await env.studio.api.call('library.info', { mediaId: 'f'.repeat(32) })
    expect(missing.ok ? null : missing.error.code).toBe('not_found')
  })

  it('pages recent images newest first and names the prompt that made a generated one', async () => {
    const first = await env.studio.api.invoke('library.import', {
      data: (await png(16, 16)).toString('base64')
    })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'a paper boat', n: 1 } }
    })
    const done = await finished(job.id)
    const generated = done.results[0]?.mediaId
    expect(generated).toBeTruthy()
    const page1 = await env.studio.api.invoke('library.recent', { limit: 1 })
    expect(page1.items.map((i) => [i.mediaId, i.prompt])).toEqual([[generated, 'a paper boat']])
    expect(page1.hasMore).toBe(true)
    const page2 = await env.studio.api.invoke('library.recent', {
      limit: 1,
      before: page1.items[0]?.createdAt ?? 0
    })
    expect(page2.items.map((i) => i.mediaId)).toEqual([first.mediaId])
    expect(page2.hasMore).toBe(false)
  })

  it('edits an imported image with an imported mask: only pixels under the mask change, and the mask is not offered again', async () => {
    const source = await png(64, 48)
    const image = await env.studio.api.invoke('library.import', { data: source.toString('base64') })
    const maskBytes = await rectMask(64, 48, { x: 10, y: 8, w: 20, h: 12 })
    const mask = await env.studio.api.invoke('library.import', {
      data: maskBytes.toString('base64'),
      purpose: 'mask'
    })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'imageEdits',
        body: { model: 'studio-image-compat', prompt: 'make it glow', fields: { output_format: 'png' } },
        images: [{ mediaId: image.mediaId }],
        mask: { mediaId: mask.mediaId }
      }
    })
    const done = await finished(job.id)
    expect(done.status).toBe('succeeded')
    const result = await env.studio.backend.resolveMedia(done.results[0]?.mediaId ?? '')
    const before = await sharp(source).ensureAlpha().raw().toBuffer()
    const after = await sharp(readFileSync(result?.file ?? ''))
      .ensureAlpha()
      .raw()
      .toBuffer()
    let changedInside = 0
    for (let p = 0; p < 64 * 48; p++) {
      const x = p % 64
      const y = Math.floor(p / 64)
      const inside = x >= 10 && x < 30 && y >= 8 && y < 20
      const changed = [0, 1, 2].some((c) => before[p * 4 + c] !== after[p * 4 + c])
      if (changed) expect(inside, `pixel ${x},${y} changed outside the mask`).toBe(true)
      if (inside && changed) changedInside++
    }
    expect(changedInside).toBe(20 * 12)
    const recent = await env.studio.api.invoke('library.recent', {})
    expect(recent.items.map((i) => i.mediaId)).not.toContain(mask.mediaId)
    expect(recent.items.map((i) => i.mediaId)).toContain(image.mediaId)
  })

  it('sends a library image as a partner-a reference, and refuses one on v2 where only URLs are taken', async () => {
    const ref = await env.studio.api.invoke('library.import', {
      data: (await png(32, 32)).toString('base64')
    })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: {
        endpoint: 'partnerA',
        body: { model: 'seedream-basic', prompt: 'like this', size: '1K', watermark: false },
        references: [{ mediaId: ref.mediaId }]
      }
    })
    expect((await finished(job.id)).status).toBe('succeeded')

    const v2 = await env.studio.api.call('jobs.submit', {
      request: {
        endpoint: 'imagesV2',
        body: { model: 'studio-image-async', prompt: 'like this' },
        references: [{ mediaId: ref.mediaId }]
      }
    })
    expect(v2.ok ? null : v2.error.message).toMatch(/http\(s\) URL/)
    const v2url = await env.studio.api.call('jobs.submit', {
      request: {
        endpoint: 'imagesV2',
        body: { model: 'studio-image-async', prompt: 'like this', resolution: '1K' },
        references: [{ url: 'https://example.com/ref.png' }]
      }
    })
    expect(v2url.ok).toBe(true)
    await env.studio.backend.engine.waitForIdle()
  })
})
