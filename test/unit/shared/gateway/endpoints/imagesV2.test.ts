import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../../src/shared/gateway/checks'
import { preflightImagesV2 } from '../../../../../src/shared/gateway/endpoints/imagesV2'

const fields = (issues: PreflightIssue[]): string[] => issues.map((i) => i.field)
const v2 = { model: 'm', prompt: 'a fox' }
const url = (i: number): string => `https://example.com/${i}.png`

describe('v2 pre-flight', () => {
  it('refuses n, also when smuggled in extra', () => {
    expect(preflightImagesV2(v2)).toEqual([])
    expect(fields(preflightImagesV2({ ...v2, n: 1 }))).toEqual(['n'])
    expect(fields(preflightImagesV2({ ...v2, extra: { n: 2 } }))).toEqual(['n'])
  })

  it('allows 8 reference images, refuses 9', () => {
    const eight = Array.from({ length: 8 }, (_, i) => url(i))
    expect(preflightImagesV2({ ...v2, referenceImages: eight })).toEqual([])
    const issues = preflightImagesV2({ ...v2, referenceImages: [...eight, url(8)] })
    expect(issues).toEqual([
      { field: 'referenceImages', message: 'referenceImages allows at most 8 images (got 9).' }
    ])
  })

  it('reference images are URLs', () => {
    expect(fields(preflightImagesV2({ ...v2, referenceImages: ['not a url'] }))).toEqual([
      'referenceImages[0]'
    ])
  })

  it('resolution is 1K, 2K or 4K', () => {
    for (const resolution of ['1K', '2K', '4K']) expect(preflightImagesV2({ ...v2, resolution })).toEqual([])
    expect(fields(preflightImagesV2({ ...v2, resolution: '8K' }))).toEqual(['resolution'])
    expect(fields(preflightImagesV2({ ...v2, resolution: '1k' }))).toEqual(['resolution'])
  })
})
