import { describe, expect, it } from 'vitest'
import {
  checkModelEndpoint,
  modelSupports,
  preflightChatCompletion,
  preflightImageEdit,
  preflightImagesV1,
  preflightImagesV2,
  preflightImagesV3,
  preflightMessages,
  preflightPartnerA,
  preflightPartnerB,
  preflightResponses,
  preflightVideo,
  type PreflightIssue
} from '../../../../src/shared/gateway/preflight'
import { V3_SIZES } from '../../../../src/shared/gateway/spec'

const fields = (issues: PreflightIssue[]): string[] => issues.map((i) => i.field)
const v3 = { model: 'm', prompt: 'a fox' }
const v2 = { model: 'm', prompt: 'a fox' }
const pb = { model: 'm', prompt: 'a fox' }
const url = (i: number): string => `https://example.com/${i}.png`

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
    if (!ok) expect(issues[0]?.message).toMatch(/n must be a whole number from 1 to 10/)
  })

  it('accepts each of the 18 sizes and refuses one just off the list', () => {
    expect(V3_SIZES).toHaveLength(18)
    for (const size of V3_SIZES) expect(preflightImagesV3({ ...v3, size })).toEqual([])
    const issues = preflightImagesV3({ ...v3, size: '1024x1023' })
    expect(fields(issues)).toEqual(['size'])
    expect(issues[0]?.message).toContain('"2048x688"')
  })

  it('transparent background needs png or webp (png is the default format)', () => {
    expect(preflightImagesV3({ ...v3, background: 'transparent' })).toEqual([])
    expect(preflightImagesV3({ ...v3, background: 'transparent', output_format: 'webp' })).toEqual([])
    const issues = preflightImagesV3({ ...v3, background: 'transparent', output_format: 'jpeg' })
    expect(fields(issues)).toEqual(['background'])
    expect(issues[0]?.message).toContain('"png", "webp"')
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
    expect(issues[0]?.message).toBe('moderation must be one of "low", "auto" (got "high").')
  })
})

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
    expect(issues[0]?.message).toContain('"1K", "2K", "4K" or <width>x<height>')
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

describe('video pre-flight', () => {
  const base = { model: 'm', prompt: 'p' }
  it('duration is a whole number of at least 1', () => {
    expect(preflightVideo({ ...base, duration: 1 })).toEqual([])
    expect(fields(preflightVideo({ ...base, duration: 0 }))).toEqual(['duration'])
    expect(fields(preflightVideo({ ...base, duration: 1.5 }))).toEqual(['duration'])
    expect(fields(preflightVideo(base))).toEqual(['duration'])
  })

  it('size is WxH', () => {
    expect(preflightVideo({ ...base, duration: 5, size: '1280x720' })).toEqual([])
    expect(fields(preflightVideo({ ...base, duration: 5, size: '16:9' }))).toEqual(['size'])
    expect(fields(preflightVideo({ ...base, duration: 5, size: '1280x' }))).toEqual(['size'])
  })
})

describe('text endpoints pre-flight', () => {
  const messages = [{ role: 'user', content: 'hi' }]
  it('chat needs model and messages', () => {
    expect(preflightChatCompletion({ model: 'm', messages })).toEqual([])
    expect(fields(preflightChatCompletion({ model: '', messages }))).toEqual(['model'])
    expect(fields(preflightChatCompletion({ model: 'm', messages: [] }))).toEqual(['messages'])
    expect(fields(preflightChatCompletion({ model: 'm', messages: [{ content: 'x' }] }))).toEqual([
      'messages[0].role'
    ])
  })

  it('messages needs max_tokens ≥ 1', () => {
    expect(preflightMessages({ model: 'm', max_tokens: 1, messages })).toEqual([])
    expect(fields(preflightMessages({ model: 'm', max_tokens: 0, messages }))).toEqual(['max_tokens'])
    expect(fields(preflightMessages({ model: 'm', messages }))).toEqual(['max_tokens'])
  })

  it('responses needs input', () => {
    expect(preflightResponses({ model: 'm', input: 'hi' })).toEqual([])
    expect(preflightResponses({ model: 'm', input: [{ role: 'user', content: 'hi' }] })).toEqual([])
    expect(fields(preflightResponses({ model: 'm', input: '' }))).toEqual(['input'])
    expect(fields(preflightResponses({ model: 'm', input: [] }))).toEqual(['input'])
  })

  it('v1 images and edits need model and prompt; edits need an image', () => {
    expect(preflightImagesV1({ model: 'm', prompt: 'p' })).toEqual([])
    expect(fields(preflightImagesV1({ model: 'm', prompt: '' }))).toEqual(['prompt'])
    expect(preflightImageEdit({ model: 'm', prompt: 'p', imageCount: 1 })).toEqual([])
    expect(fields(preflightImageEdit({ model: 'm', prompt: 'p', imageCount: 0 }))).toEqual(['image'])
  })
})

describe('endpoint check', () => {
  const model = { id: 'img-1', supported_endpoints: ['/v3/images/generations', '/v1/images/generations'] }
  it('passes a listed endpoint, refuses another with the list it supports', () => {
    expect(checkModelEndpoint(model, 'imagesV3')).toEqual([])
    const issues = checkModelEndpoint(model, 'chatCompletions')
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({
      field: 'model',
      code: 'model_endpoint_mismatch',
      supportedEndpoints: ['/v3/images/generations', '/v1/images/generations']
    })
    expect(issues[0]?.message).toContain('/v1/chat/completions')
  })

  it("accepts the spec's images_generations_v3 spelling and a trailing slash", () => {
    expect(modelSupports(['images_generations_v3'], 'imagesV3')).toBe(true)
    expect(modelSupports(['/v1/messages/'], 'messages')).toBe(true)
    expect(modelSupports(['/v1/messages'], 'responses')).toBe(false)
  })

  it('an unknown model is left to the gateway', () => {
    expect(checkModelEndpoint(undefined, 'partnerA')).toEqual([])
  })
})
