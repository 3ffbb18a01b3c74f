import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../../src/shared/gateway/checks'
import {
  imagesV3,
  ImagesV3Result,
  preflightImagesV3,
  V3_SIZES
} from '../../../../../src/shared/gateway/endpoints/imagesV3'

const fields = (issues: PreflightIssue[]): string[] => issues.map((i) => i.field)
const v3 = { model: 'm', prompt: 'a fox' }

describe('v3 pre-flight', () => {
  it('accepts the minimal request', () => {
    expect(preflightImagesV3(v3)).toEqual([])
  })

  it('refuses an empty or blank prompt, naming the field', () => {
    expect(fields(preflightImagesV3({ ...v3, prompt: '' }))).toEqual(['prompt'])
    expect(fields(preflightImagesV3({ ...v3, prompt: '   ' }))).toEqual(['prompt'])
  })

  it.each([
    [1, true],
    [10, true],
    [0, false],
    [11, false],
    [2.5, false],
    [Number.NaN, false]
  ])('n = %s ok=%s', (n, ok) => {
    const issues = preflightImagesV3({ ...v3, n })
    expect(issues.length === 0).toBe(ok)
    if (!ok) expect(issues[0]?.message).toMatch(/^Use a whole number from 1 to 10 \(n: /)
  })

  it('accepts each of the 18 sizes and refuses one just off the list', () => {
    expect(V3_SIZES).toHaveLength(18)
    for (const size of V3_SIZES) expect(preflightImagesV3({ ...v3, size })).toEqual([])
    const issues = preflightImagesV3({ ...v3, size: '1024x1023' })
    expect(fields(issues)).toEqual(['size'])
    expect(issues[0]?.message).toContain(
      '2048x880, 880x2048, 688x2048, 2048x688 or 2048x1024 (size: 1024x1023)'
    )
  })

  it('transparent background needs png or webp (png is the default format)', () => {
    expect(preflightImagesV3({ ...v3, background: 'transparent' })).toEqual([])
    expect(preflightImagesV3({ ...v3, background: 'transparent', output_format: 'webp' })).toEqual([])
    const issues = preflightImagesV3({ ...v3, background: 'transparent', output_format: 'jpeg' })
    expect(fields(issues)).toEqual(['background'])
    expect(issues[0]?.message).toContain('needs PNG or WebP')
    expect(fields(preflightImagesV3({ ...v3, background: 'clear' }))).toEqual(['background'])
    expect(fields(preflightImagesV3({ ...v3, output_format: 'gif' }))).toEqual(['output_format'])
  })

  it('compression 0–100 only with jpeg or webp', () => {
    expect(preflightImagesV3({ ...v3, output_format: 'jpeg', compression: 0 })).toEqual([])
    expect(preflightImagesV3({ ...v3, output_format: 'webp', compression: 100 })).toEqual([])
    expect(fields(preflightImagesV3({ ...v3, output_format: 'jpeg', compression: -1 }))).toEqual([
      'compression'
    ])
    expect(fields(preflightImagesV3({ ...v3, output_format: 'jpeg', compression: 101 }))).toEqual([
      'compression'
    ])
    expect(fields(preflightImagesV3({ ...v3, output_format: 'png', compression: 50 }))).toEqual([
      'compression'
    ])
    // png by default
    expect(fields(preflightImagesV3({ ...v3, compression: 50 }))).toEqual(['compression'])
  })

  it('moderation is low or auto', () => {
    expect(preflightImagesV3({ ...v3, moderation: 'low' })).toEqual([])
    expect(preflightImagesV3({ ...v3, moderation: 'auto' })).toEqual([])
    const issues = preflightImagesV3({ ...v3, moderation: 'high' })
    expect(issues[0]?.message).toBe('Pick low or auto (moderation: high).')
  })
})

describe('v3 descriptor', () => {
  it('sends moderation and compression under the profile’s names, and nothing unset', () => {
    const wire = imagesV3.body(
      { model: 'm', prompt: 'p', n: 2, moderation: 'low', compression: 50 },
      { moderation: 'safety', compression: 'quality' },
      false
    )
    expect(JSON.parse(JSON.stringify(wire))).toEqual({
      fields: { model: 'm', prompt: 'p', n: 2, safety: 'low', quality: 50 }
    })
  })

  it('reads each image’s size from the answer when the image does not say it', () => {
    const answer = ImagesV3Result.parse({
      size: '1024x1024',
      data: [{ b64_json: 'x' }, { url: 'u', size: '1x1' }]
    })
    expect(imagesV3.result(answer).items.map((item) => item.size)).toEqual(['1024x1024', '1x1'])
    expect(imagesV3.result(answer).usage).toBeNull()
  })
})
