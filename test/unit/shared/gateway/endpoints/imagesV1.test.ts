import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../../src/shared/gateway/checks'
import { preflightImageEdit } from '../../../../../src/shared/gateway/endpoints/imageEdits'
import { preflightImagesV1 } from '../../../../../src/shared/gateway/endpoints/imagesV1'

const fields = (issues: PreflightIssue[]): string[] => issues.map((i) => i.field)

describe('v1 and edit pre-flight', () => {
  it('v1 images and edits need model and prompt; edits need an image', () => {
    expect(preflightImagesV1({ model: 'm', prompt: 'p' })).toEqual([])
    expect(fields(preflightImagesV1({ model: 'm', prompt: '' }))).toEqual(['prompt'])
    expect(preflightImageEdit({ model: 'm', prompt: 'p', imageCount: 1 })).toEqual([])
    expect(fields(preflightImageEdit({ model: 'm', prompt: 'p', imageCount: 0 }))).toEqual(['image'])
  })
})
