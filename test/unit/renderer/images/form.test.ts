import { describe, expect, it } from 'vitest'
import { i18n } from '@renderer/i18n'
import {
  buildRequest,
  draftFromRequest,
  emptyDraft,
  imageEndpointsOf,
  pixelFacts,
  type Draft,
  type GenEndpoint
} from '@renderer/jobs/imageForm/form'

const models = {
  v1: { id: 'compat', supportedEndpoints: ['/v1/images/generations', '/v1/images/edits'] },
  v3: { id: 'gpt', supportedEndpoints: ['images_generations_v3'] },
  v2: { id: 'async', supportedEndpoints: ['/v2/images/generations'] },
  a: { id: 'seedream', supportedEndpoints: ['/partner-a/v3/images/generations'] },
  b: { id: 'wan', supportedEndpoints: ['/v1/images/partner-b'] },
  both: { id: 'multi', supportedEndpoints: ['/v3/images/generations', '/partner-a/v3/images/generations/'] }
}

function draftFor(endpoint: GenEndpoint, model: string, patch: Partial<Draft> = {}): Draft {
  return { ...emptyDraft(), prompt: 'a fox', model, endpoint, ...patch }
}

describe('generate form: requests and issues', () => {
  it('lists the image endpoints of a model, accepting the spec’s other spellings', () => {
    expect(imageEndpointsOf(models.v3)).toEqual(['imagesV3'])
    expect(imageEndpointsOf(models.both)).toEqual(['imagesV3', 'partnerA'])
    expect(imageEndpointsOf(models.v1)).toEqual(['imagesV1'])
  })

  it('builds a v3 request with the spec’s defaults and refuses transparent JPEG next to Background', () => {
    const ok = buildRequest(draftFor('imagesV3', 'gpt'), models.v3, i18n.t)
    expect(ok.issues).toEqual([])
    expect(ok.request).toEqual({
      endpoint: 'imagesV3',
      body: { model: 'gpt', prompt: 'a fox', n: 1, size: '1024x1024', output_format: 'png' }
    })
    const draft = draftFor('imagesV3', 'gpt')
    draft.imagesV3 = {
      ...draft.imagesV3,
      background: 'transparent',
      outputFormat: 'jpeg',
      compression: '120'
    }
    const bad = buildRequest(draft, models.v3, i18n.t)
    expect(bad.request).toBeNull()
    expect(bad.issues).toEqual([
      {
        field: 'background',
        message: 'A transparent background needs PNG or WebP (output format: jpeg).'
      },
      { field: 'compression', message: 'Use a whole number from 0 to 100 (compression: 120).' }
    ])
  })

  it('sends compression only for JPEG and WebP, and counts n as the number of images', () => {
    const draft = draftFor('imagesV3', 'gpt')
    draft.imagesV3 = { ...draft.imagesV3, n: '3', compression: '70' }
    expect(buildRequest(draft, models.v3, i18n.t).request?.body).not.toHaveProperty('compression')
    draft.imagesV3.outputFormat = 'webp'
    const built = buildRequest(draft, models.v3, i18n.t)
    expect(built.request?.body).toMatchObject({ compression: 70, output_format: 'webp', n: 3 })
    expect(built.images).toBe(3)
  })

  it('turns “Images: N” into N v2 tasks and takes references by address only', () => {
    const draft = draftFor('imagesV2', 'async', {
      references: [{ kind: 'media', mediaId: 'a'.repeat(32), width: 10, height: 10 }]
    })
    draft.imagesV2 = { ...draft.imagesV2, count: '3', ratio: '16:9', resolution: '2K' }
    const refused = buildRequest(draft, models.v2, i18n.t)
    expect(refused.issues).toEqual([
      {
        field: 'references',
        message: 'The async endpoint fetches references itself: use web addresses (URLs), not library images.'
      }
    ])
    draft.references = [{ kind: 'url', url: 'https://example.com/a.png' }]
    const built = buildRequest(draft, models.v2, i18n.t)
    expect(built.request).toEqual({
      endpoint: 'imagesV2',
      body: { model: 'async', prompt: 'a fox', size: '16:9', resolution: '2K' },
      references: [{ url: 'https://example.com/a.png' }],
      count: 3
    })
    expect(built.images).toBe(3)
    draft.imagesV2.count = '11'
    expect(buildRequest(draft, models.v2, i18n.t).issues).toEqual([
      { field: 'count', message: 'Use a whole number from 1 to 10 (images: 11).' }
    ])
  })

  it('builds a partner-a group with stream, always says whether to watermark, and keeps extras under the form', () => {
    const draft = draftFor('partnerA', 'seedream')
    draft.partnerA = {
      ...draft.partnerA,
      group: true,
      maxImages: '4',
      stream: true,
      seed: '42',
      guidance: '5.5',
      extra: '{"prompt": "ignored", "optimize_prompt_options": {"mode": "fast"}}'
    }
    const built = buildRequest(draft, models.a, i18n.t)
    expect(built.issues).toEqual([])
    expect(built.request).toEqual({
      endpoint: 'partnerA',
      body: {
        model: 'seedream',
        prompt: 'a fox',
        optimize_prompt_options: { mode: 'fast' },
        seed: 42,
        guidance_scale: 5.5,
        watermark: false,
        sequential_image_generation: 'auto',
        sequential_image_generation_options: { max_images: 4 }
      },
      stream: true
    })
    expect(built.images).toBe(4)
  })

  it('says partner-a issues in the form’s words: max images, n in the extras, a known stream refusal', () => {
    const draft = draftFor('partnerA', 'seedream')
    draft.partnerA = { ...draft.partnerA, group: true, maxImages: '0', extra: '{"n": 2}', stream: true }
    expect(buildRequest(draft, models.a, i18n.t, { modelStreams: false }).issues).toEqual([
      {
        field: 'extra',
        message:
          'Ask for a group with sequential_image_generation "auto" and max_images: this endpoint takes no count (n).'
      },
      { field: 'maxImages', message: 'Use a whole number of at least 1 (max images: 0).' },
      {
        field: 'stream',
        message: 'This model refused streaming last time: turn it off, or try again to check (stream).'
      }
    ])
    draft.partnerA = { ...draft.partnerA, size: '2048 by 2048', extra: '[1]', maxImages: '', stream: false }
    expect(buildRequest(draft, models.a, i18n.t).issues.map((i) => i.message)).toEqual([
      'Say how many images the group may have, at least 1 (max images).',
      'Use 1K, 2K, 4K or <width>x<height>, e.g. 2048x2048 (size: 2048 by 2048).',
      'Use a JSON object: {"name": value, …} (extra fields).'
    ])
  })

  it('checks partner-b pixels and ratio live, and 4K only without references', () => {
    const draft = draftFor('partnerB', 'wan')
    draft.partnerB = { ...draft.partnerB, sizeMode: 'custom', width: '4000', height: '400' }
    // 1.6 million pixels are within the limits; a 10:1 ratio is not.
    expect(buildRequest(draft, models.b, i18n.t).issues).toEqual([
      { field: 'size', message: 'Keep the aspect ratio between 1:8 and 8:1 (size: 4000x400).' }
    ])
    expect(pixelFacts('4000', '400')).toEqual({ pixels: 1_600_000, ratio: '10:1' })
    expect(pixelFacts('720', '1280')).toEqual({ pixels: 921_600, ratio: '1:1.78' })
    draft.partnerB = { ...draft.partnerB, sizeMode: 'tier', tier: '4K', watermark: true }
    draft.references = [{ kind: 'media', mediaId: 'b'.repeat(32), width: 1, height: 1 }]
    expect(buildRequest(draft, models.b, i18n.t).issues).toEqual([
      {
        field: 'size',
        message: '4K is only for text-to-image: remove the reference images, or pick 1K or 2K (size).'
      }
    ])
    draft.partnerB.tier = '2K'
    expect(buildRequest(draft, models.b, i18n.t).request).toEqual({
      endpoint: 'partnerB',
      body: { model: 'wan', prompt: 'a fox', size: '2K', watermark: true },
      references: [{ mediaId: 'b'.repeat(32) }]
    })
  })

  it('enforces the reference counts of each endpoint', () => {
    const refs = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ kind: 'url' as const, url: `https://example.com/${i}.png` }))
    const b = draftFor('partnerB', 'wan', { references: refs(10) })
    expect(buildRequest(b, models.b, i18n.t).issues).toEqual([
      { field: 'references', message: 'Use at most 9 reference images here (reference images: 10).' }
    ])
    expect(buildRequest({ ...b, references: refs(9) }, models.b, i18n.t).issues).toEqual([])
    const v2 = draftFor('imagesV2', 'async', { references: refs(9) })
    expect(buildRequest(v2, models.v2, i18n.t).issues.map((i) => i.message)).toEqual([
      'Use at most 8 reference images here (reference images: 9).'
    ])
    const a = draftFor('partnerA', 'seedream', { references: refs(15) })
    expect(buildRequest(a, models.a, i18n.t).issues.map((i) => i.field)).toEqual(['references'])
  })

  it('refuses a model the listing does not show on the endpoint, and an empty prompt, in plain words', () => {
    const built = buildRequest(draftFor('imagesV3', 'seedream', { prompt: ' ' }), models.a, i18n.t)
    expect(built.issues.map((i) => i.field)).toEqual(['model', 'prompt'])
    expect(built.issues[1]?.message).toBe('Write a prompt.')
    expect(buildRequest(emptyDraft(), undefined, i18n.t).issues.map((i) => i.message)).toEqual([
      'Write a prompt.',
      'Pick a model.'
    ])
    const v1 = draftFor('imagesV1', 'compat', { references: [{ kind: 'url', url: 'https://x.test/a.png' }] })
    expect(buildRequest(v1, models.v1, i18n.t).issues).toEqual([
      {
        field: 'references',
        message:
          'Remove the reference images, or pick another model: Compatible takes none (reference images).'
      }
    ])
  })

  it('reloads the form from a stored request (remix) and gives back the same request', () => {
    const cases: [GenEndpoint, { id: string; supportedEndpoints: string[] }, (d: Draft) => void][] = [
      ['imagesV1', models.v1, (d) => (d.imagesV1 = { size: '512x512', extra: '{"quality": "low"}' })],
      [
        'imagesV3',
        models.v3,
        (d) =>
          (d.imagesV3 = { ...d.imagesV3, n: '2', outputFormat: 'jpeg', compression: '60', moderation: 'low' })
      ],
      [
        'imagesV2',
        models.v2,
        (d) => (d.imagesV2 = { ratio: '4:3', resolution: '4K', count: '2', extra: '{"style": "x"}' })
      ],
      [
        'partnerA',
        models.a,
        (d) =>
          (d.partnerA = { ...d.partnerA, size: '2K', seed: '7', group: true, maxImages: '3', stream: true })
      ],
      [
        'partnerB',
        models.b,
        (d) => (d.partnerB = { ...d.partnerB, sizeMode: 'custom', width: '1600', height: '900', seed: '3' })
      ]
    ]
    for (const [endpoint, model, edit] of cases) {
      const draft = draftFor(endpoint, model.id)
      edit(draft)
      const first = buildRequest(draft, model, i18n.t)
      expect(first.issues, endpoint).toEqual([])
      const back = draftFromRequest(JSON.parse(JSON.stringify(first.request)))
      expect(back?.endpoint).toBe(endpoint)
      expect(back?.model).toBe(model.id)
      expect(buildRequest(back as Draft, model, i18n.t).request, endpoint).toEqual(first.request)
    }
    expect(
      draftFromRequest({ endpoint: 'videos', body: { model: 'v', prompt: 'p', duration: 2 } })
    ).toBeNull()
    expect(draftFromRequest('nonsense')).toBeNull()
  })
})
