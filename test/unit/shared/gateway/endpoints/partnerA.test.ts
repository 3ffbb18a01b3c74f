import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../../src/shared/gateway/checks'
import { preflightPartnerA } from '../../../../../src/shared/gateway/endpoints/partnerA'

const fields = (issues: PreflightIssue[]): string[] => issues.map((i) => i.field)

describe('partner-a pre-flight', () => {
  const base = { model: 'm', prompt: 'p' }
  it('refuses n', () => {
    expect(fields(preflightPartnerA({ ...base, n: 2 }, { stream: false }))).toEqual(['n'])
  })

  it('max_images at least 1', () => {
    const opt = (max_images: number) => ({ ...base, sequential_image_generation_options: { max_images } })
    expect(preflightPartnerA(opt(1), { stream: false })).toEqual([])
    expect(fields(preflightPartnerA(opt(0), { stream: false }))).toEqual([
      'sequential_image_generation_options.max_images'
    ])
  })

  it('stream is refused only for a model known not to stream', () => {
    expect(preflightPartnerA(base, { stream: true })).toEqual([])
    expect(preflightPartnerA(base, { stream: true, modelStreams: true })).toEqual([])
    expect(fields(preflightPartnerA(base, { stream: true, modelStreams: false }))).toEqual(['stream'])
    expect(preflightPartnerA(base, { stream: false, modelStreams: false })).toEqual([])
  })

  it('response_format and output_format from their lists', () => {
    expect(
      preflightPartnerA({ ...base, response_format: 'b64_json', output_format: 'webp' }, { stream: false })
    ).toEqual([])
    expect(fields(preflightPartnerA({ ...base, response_format: 'bytes' }, { stream: false }))).toEqual([
      'response_format'
    ])
  })
})
