import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../../src/shared/gateway/checks'
import { partnerB, preflightPartnerB } from '../../../../../src/shared/gateway/endpoints/partnerB'

const fields = (issues: PreflightIssue[]): string[] => issues.map((i) => i.field)
const pb = { model: 'm', prompt: 'a fox' }
const url = (i: number): string => `https://example.com/${i}.png`

describe('partner-b pre-flight', () => {
  it('count exactly 1', () => {
    expect(preflightPartnerB({ ...pb, count: 1 })).toEqual([])
    expect(fields(preflightPartnerB({ ...pb, count: 2 }))).toEqual(['count'])
    expect(fields(preflightPartnerB({ ...pb, count: 0 }))).toEqual(['count'])
  })

  it('prompt non-empty', () => {
    expect(fields(preflightPartnerB({ ...pb, prompt: '' }))).toEqual(['prompt'])
  })

  it('tiers, 4K only without references', () => {
    for (const size of ['1K', '2K', '4K']) expect(preflightPartnerB({ ...pb, size })).toEqual([])
    expect(preflightPartnerB({ ...pb, size: '2K', referenceImages: [url(1)] })).toEqual([])
    expect(fields(preflightPartnerB({ ...pb, size: '4K', referenceImages: [url(1)] }))).toEqual(['size'])
    expect(fields(preflightPartnerB({ ...pb, size: '3K' }))).toEqual(['size'])
  })

  it('pixel total in [768², 4096²]', () => {
    expect(preflightPartnerB({ ...pb, size: '768x768' })).toEqual([])
    expect(fields(preflightPartnerB({ ...pb, size: '768x767' }))).toEqual(['size'])
    expect(preflightPartnerB({ ...pb, size: '4096x4096' })).toEqual([])
    expect(fields(preflightPartnerB({ ...pb, size: '4096x4097' }))).toEqual(['size'])
  })

  it('aspect ratio in [1:8, 8:1]', () => {
    // 8:1 exactly: 2400x300 = 720000 pixels is below 768²; use 3200x400 = 1 280 000
    expect(preflightPartnerB({ ...pb, size: '3200x400' })).toEqual([])
    expect(preflightPartnerB({ ...pb, size: '400x3200' })).toEqual([])
    expect(fields(preflightPartnerB({ ...pb, size: '3201x400' }))).toEqual(['size'])
    expect(fields(preflightPartnerB({ ...pb, size: '400x3201' }))).toEqual(['size'])
  })

  it('malformed sizes are refused with the allowed forms', () => {
    const issues = preflightPartnerB({ ...pb, size: '1024*1024' })
    expect(issues[0]?.message).toBe('Use a tier (1K, 2K or 4K) or <width>x<height> (size: 1024*1024).')
    expect(fields(preflightPartnerB({ ...pb, size: '0x1024' }))).toEqual(['size'])
  })

  it('at most 9 reference images (URL or data URI)', () => {
    const nine = Array.from({ length: 9 }, (_, i) => (i === 0 ? 'data:image/png;base64,iVBO' : url(i)))
    expect(preflightPartnerB({ ...pb, referenceImages: nine })).toEqual([])
    expect(fields(preflightPartnerB({ ...pb, referenceImages: [...nine, url(9)] }))).toEqual([
      'referenceImages'
    ])
  })
})

describe('partner-b descriptor', () => {
  it('sends its five hidden fields under the profile’s names, and the references it resolved', () => {
    const names = { count: 'num', size: 'dims', seed: 's', watermark: 'wm', referenceImages: 'imgs' }
    const job = partnerB.job.parse({
      endpoint: 'partnerB',
      body: { model: 'm', prompt: 'p', size: '2K', seed: 3, watermark: true, extra: { a: 1 } }
    })
    const request = partnerB.toRequest(job, [{ as: 'uri', uri: 'data:image/png;base64,AA' }], 'send')
    expect(JSON.parse(JSON.stringify(partnerB.body(request, names, false)))).toEqual({
      fields: { model: 'm', prompt: 'p', dims: '2K', s: 3, wm: true, imgs: ['data:image/png;base64,AA'] },
      extra: { a: 1 }
    })
  })
})
