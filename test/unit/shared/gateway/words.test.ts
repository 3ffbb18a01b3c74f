import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../src/shared/gateway/checks'
import { preflightImageEdit } from '../../../../src/shared/gateway/endpoints/imageEdits'
import { preflightImagesV2 } from '../../../../src/shared/gateway/endpoints/imagesV2'
import { preflightImagesV3 } from '../../../../src/shared/gateway/endpoints/imagesV3'
import { preflightPartnerA } from '../../../../src/shared/gateway/endpoints/partnerA'
import { preflightPartnerB } from '../../../../src/shared/gateway/endpoints/partnerB'
import { preflightVideo } from '../../../../src/shared/gateway/endpoints/videos'
import { PREFLIGHT_RULES } from '../../../../src/shared/gateway/checks'
import {
  checkModelEndpoint,
  preflightChatCompletion,
  preflightMessages,
  preflightResponses
} from '../../../../src/shared/gateway/preflight'

const base = { model: 'm', prompt: 'a fox' }
const words = (issues: PreflightIssue[]): string[] => issues.map((issue) => issue.message)

/**
 * Issue 14: a pre-flight message says the rule first, in a designer's words, and the field it is about
 * second, in brackets with what it holds now ("Use a whole number from 1 to 10 (n: 12)."), never the
 * engineer's `n must be a whole number from 1 to 10 (got 12)`.
 */
describe('pre-flight words', () => {
  it('say the rule first and the field second', () => {
    expect(words(preflightImagesV3({ ...base, background: 'transparent', output_format: 'jpeg' }))).toEqual([
      'A transparent background needs PNG or WebP (output_format: jpeg).'
    ])
    expect(words(preflightImagesV3({ ...base, n: 12 }))).toEqual(['Use a whole number from 1 to 10 (n: 12).'])
    expect(words(preflightImagesV3({ ...base, moderation: 'high' }))).toEqual([
      'Pick low or auto (moderation: high).'
    ])
    expect(words(preflightImagesV3({ ...base, output_format: 'png', compression: 50 }))).toEqual([
      'Compression only applies to JPEG or WebP (output_format: png).'
    ])
    expect(words(preflightImagesV2({ ...base, resolution: '8K' }))).toEqual([
      'Pick 1K, 2K or 4K (resolution: 8K).'
    ])
    expect(
      words(
        preflightImagesV2({
          ...base,
          referenceImages: Array.from({ length: 9 }, (_, i) => `https://x.test/${i}`)
        })
      )
    ).toEqual(['Use at most 8 images (referenceImages: 9).'])
    expect(words(preflightPartnerB({ ...base, count: 4 }))).toEqual([
      'Exactly 1 image per request (count: 4).'
    ])
    expect(words(preflightPartnerB({ ...base, size: '500x500' }))).toEqual([
      'Use between 768×768 and 4096×4096 pixels in total (size: 500x500).'
    ])
    expect(words(preflightPartnerB({ ...base, size: '4000x400' }))).toEqual([
      'Keep the aspect ratio between 1:8 and 8:1 (size: 4000x400).'
    ])
    expect(words(preflightPartnerB({ ...base, size: '4K', referenceImages: ['https://x.test/1'] }))).toEqual([
      '4K is only for text-to-image: remove the reference images, or pick 1K or 2K (size).'
    ])
    expect(words(preflightVideo({ ...base, duration: 0 }))).toEqual([
      'Use a whole number of at least 1 (duration: 0).'
    ])
    expect(words(preflightVideo(base))).toEqual([
      'Required: a whole number of seconds, at least 1 (duration).'
    ])
    expect(words(preflightImagesV3({ ...base, prompt: ' ' }))).toEqual([
      'Required: it cannot be empty (prompt).'
    ])
  })

  it('hold to that order for every check of every endpoint', () => {
    const issues = everyCheck()
    expect(issues.length).toBeGreaterThan(25)
    for (const issue of issues) {
      const field = issue.about.field.replace(/[.[\]]/g, (c) => `\\${c}`)
      // The rule opens the message; the field closes it, in brackets, with the value it holds when known.
      expect(issue.message, issue.field).toMatch(new RegExp(`^[A-Z0-9].* \\(${field}(: .+)?\\)\\.$`))
      expect(issue.message, issue.field).not.toMatch(/\(got |must be/)
    }
  })

  it('carry a stable rule code and the bracket they close with, so another language can say them (issue 16)', () => {
    const issues = everyCheck()
    for (const issue of issues) {
      expect(PREFLIGHT_RULES, issue.message).toContain(issue.rule)
      const bracket = issue.about.value
        ? `(${issue.about.field}: ${issue.about.value.text}).`
        : `(${issue.about.field}).`
      expect(issue.message.endsWith(` ${bracket}`), issue.message).toBe(true)
    }
    // Every rule the checks know is reached by some input here, so none goes untested in the renderer.
    const reached = new Set(issues.map((issue) => issue.rule))
    expect(PREFLIGHT_RULES.filter((rule) => !reached.has(rule))).toEqual([])
  })

  it('keep a shown value’s kind beside its English word', () => {
    const [empty] = preflightImagesV2({ ...base, size: '' })
    expect(empty?.about.value).toEqual({ text: 'empty', kind: 'empty' })
    const [object] = preflightResponses({ model: 'm', input: {} })
    expect(object?.about.value).toEqual({ text: 'an object', kind: 'object' })
    const [list] = preflightPartnerB({ ...base, size: ['1K'] })
    expect(list?.about.value).toEqual({ text: 'a list', kind: 'list' })
    const [profiled] = preflightImagesV3({ ...base, background: 'transparent', output_format: 'jpeg' })
    expect(profiled).toMatchObject({
      field: 'background',
      rule: 'transparent_needs_format',
      values: { formats: ['PNG', 'WebP'] },
      about: { field: 'output_format', value: { text: 'jpeg', kind: 'text' } }
    })
  })
})

/** One input for every check of every endpoint and chat style. */
function everyCheck(): PreflightIssue[] {
  return [
    ...preflightImagesV3({
      ...base,
      n: 0,
      size: 'huge',
      output_format: 'gif',
      background: 'none',
      compression: 1.5
    }),
    ...preflightImagesV2({ ...base, n: 2, size: ' ', referenceImages: ['ftp://x'] }),
    ...preflightPartnerA(
      {
        ...base,
        n: 2,
        sequential_image_generation_options: 'x',
        response_format: 'raw',
        seed: 'x',
        watermark: 'y'
      },
      { stream: true, modelStreams: false }
    ),
    ...preflightPartnerA(
      { ...base, sequential_image_generation_options: { max_images: 0 }, image: [1] },
      {
        stream: false
      }
    ),
    ...preflightPartnerB({ ...base, size: 7, referenceImages: 'x' }),
    ...preflightPartnerB({ ...base, size: 'big' }),
    ...preflightVideo({ model: '', prompt: 'p', duration: 1, size: '720p' }),
    ...preflightImageEdit({ model: 'm', prompt: 'p', imageCount: 0, maskCount: 2 }),
    ...preflightChatCompletion({ model: 'm', messages: [{}] }),
    ...preflightChatCompletion({ model: 'm', messages: [] }),
    ...preflightMessages({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
    ...preflightResponses({ model: 'm', input: 3 }),
    ...preflightResponses({ model: 'm', input: '' }),
    ...preflightMessages({ model: 'm', max_tokens: 0, messages: [{ role: 'user', content: 'x' }] }),
    ...preflightImagesV2({
      ...base,
      referenceImages: Array.from({ length: 9 }, (_, i) => `https://x.test/${i}`)
    }),
    ...preflightImagesV2({ ...base, referenceImages: 'x' }),
    ...preflightImagesV3({ ...base, background: 'transparent', output_format: 'jpeg' }),
    ...preflightImagesV3({ ...base, output_format: 'png', compression: 50 }),
    ...preflightPartnerB({ ...base, count: 4, referenceImages: ['ftp://x'] }),
    ...preflightPartnerB({ ...base, size: '500x500' }),
    ...preflightPartnerB({ ...base, size: '4000x400' }),
    ...preflightPartnerB({ ...base, size: '4K', referenceImages: ['https://x.test/1'] }),
    ...preflightVideo(base),
    ...checkModelEndpoint({ id: 'm', supported_endpoints: ['/v1/messages'] }, 'imagesV3'),
    ...checkModelEndpoint({ id: 'm', supported_endpoints: [] }, 'imagesV3')
  ]
}
