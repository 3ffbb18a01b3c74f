import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../../src/shared/gateway/checks'
import { imageEdits, preflightImageEdit } from '../../../../../src/shared/gateway/endpoints/imageEdits'

const fields = (issues: PreflightIssue[]): string[] => issues.map((i) => i.field)

describe('edit pre-flight', () => {
  it('needs model and prompt, and an image', () => {
    expect(preflightImageEdit({ model: 'm', prompt: 'p', imageCount: 1 })).toEqual([])
    expect(fields(preflightImageEdit({ model: 'm', prompt: '', imageCount: 1 }))).toEqual(['prompt'])
    expect(fields(preflightImageEdit({ model: 'm', prompt: 'p', imageCount: 0 }))).toEqual(['image'])
    expect(fields(preflightImageEdit({ model: 'm', prompt: 'p', imageCount: 1, maskCount: 2 }))).toEqual([
      'mask'
    ])
  })
})

describe('edit descriptor', () => {
  const job = imageEdits.job.parse({
    endpoint: 'imageEdits',
    body: { model: 'm', prompt: 'p', fields: { n: 2 } },
    images: [{ mediaId: 'a'.repeat(32) }, { mediaId: 'b'.repeat(32) }],
    mask: { mediaId: 'c'.repeat(32) }
  })
  const file = (mime: string) => ({ as: 'file' as const, data: new Uint8Array([1]), mime })

  it('reads its images and mask from the library as files, and names them by type', () => {
    expect(imageEdits.media?.(job).map((input) => [input.as, input.missing])).toEqual([
      ['file', 'The image to edit is no longer in the library.'],
      ['file', 'The image to edit is no longer in the library.'],
      ['file', 'The mask is no longer in the library.']
    ])
    const request = imageEdits.toRequest(
      job,
      [file('image/jpeg'), file('image/webp'), file('image/png')],
      'send'
    )
    expect(request.images.map((image) => image.filename)).toEqual(['image-0.jpg', 'image-1.webp'])
    expect(request.mask?.filename).toBe('mask.png')
    expect(imageEdits.imagesOf(job)).toBe(2)
  })

  it('sends several images as image[] parts, one as image, and guesses a type from the name', () => {
    const body = imageEdits.body(
      { model: 'm', prompt: 'p', images: [{ data: new Uint8Array(), filename: 'a.webp' }] },
      {},
      false
    )
    expect(body.files?.map((part) => [part.name, part.contentType])).toEqual([['image', 'image/webp']])
    const two = imageEdits.toRequest(job, [file('image/png'), file('image/png'), file('image/png')], 'send')
    expect(imageEdits.body(two, {}, false).files?.map((part) => part.name)).toEqual([
      'image[]',
      'image[]',
      'mask'
    ])
  })
})
