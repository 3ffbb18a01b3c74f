import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../../src/shared/gateway/checks'
import { partnerA, preflightPartnerA } from '../../../../../src/shared/gateway/endpoints/partnerA'

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

describe('partner-a descriptor', () => {
  const job = (stream: boolean, refs: number) =>
    partnerA.job.parse({
      endpoint: 'partnerA',
      body: { model: 'm', prompt: 'p' },
      references: Array.from({ length: refs }, (_, i) => ({ url: `https://x.test/${i}.png` })),
      stream
    })
  const media = (n: number) => Array.from({ length: n }, (_, i) => ({ as: 'uri' as const, uri: `u${i}` }))

  it('sends one reference as a string and several as a list; the pre-flight judges each as a list item', () => {
    expect(partnerA.toRequest(job(false, 1), media(1), 'send').image).toBe('u0')
    expect(partnerA.toRequest(job(false, 1), media(1), 'check').image).toEqual(['u0'])
    expect(partnerA.toRequest(job(false, 2), media(2), 'send').image).toEqual(['u0', 'u1'])
    expect(partnerA.toRequest(job(false, 0), [], 'send')).not.toHaveProperty('image')
  })

  it('asks a stream for Base64 images unless the request says otherwise, and says stream in the body', () => {
    expect(partnerA.toRequest(job(true, 0), [], 'send').response_format).toBe('b64_json')
    expect(partnerA.toRequest(job(false, 0), [], 'send')).not.toHaveProperty('response_format')
    expect(partnerA.stream?.when(job(true, 0))).toBe(true)
    expect(partnerA.stream?.firstByte).toBe('late')
    expect(partnerA.body({ model: 'm', prompt: 'p' }, {}, true).fields).toEqual({
      model: 'm',
      prompt: 'p',
      stream: true
    })
  })

  it('counts a group’s images as its max_images', () => {
    const group = partnerA.job.parse({
      endpoint: 'partnerA',
      body: {
        model: 'm',
        prompt: 'p',
        sequential_image_generation: 'auto',
        sequential_image_generation_options: { max_images: 4 }
      }
    })
    expect(partnerA.imagesOf(group)).toBe(4)
    expect(partnerA.imagesOf(job(false, 0))).toBe(1)
  })
})
