import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../../src/shared/gateway/checks'
import { imagesV1, preflightImagesV1 } from '../../../../../src/shared/gateway/endpoints/imagesV1'

const fields = (issues: PreflightIssue[]): string[] => issues.map((i) => i.field)

describe('v1 pre-flight and descriptor', () => {
  it('needs model and prompt', () => {
    expect(preflightImagesV1({ model: 'm', prompt: 'p' })).toEqual([])
    expect(fields(preflightImagesV1({ model: 'm', prompt: '' }))).toEqual(['prompt'])
  })

  it('passes the body through (other fields: not shown) and counts images by its `n`', () => {
    const body = { model: 'm', prompt: 'p', size: '512x512', n: 3, quality: 'low' }
    expect(imagesV1.body(body, {}, false)).toEqual({ fields: body })
    expect(imagesV1.imagesOf({ endpoint: 'imagesV1', body })).toBe(3)
    expect(imagesV1.imagesOf({ endpoint: 'imagesV1', body: { model: 'm', prompt: 'p' } })).toBe(1)
  })
})
