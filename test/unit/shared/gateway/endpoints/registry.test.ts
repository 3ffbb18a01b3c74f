import { describe, expect, it } from 'vitest'
import {
  descriptorAt,
  DESCRIPTORS,
  ENDPOINT_LIST,
  JOB_SCHEMAS,
  taskEndpointAt
} from '../../../../../src/shared/gateway/endpoints'
import { EXTRA_FIELD_ENDPOINTS } from '../../../../../src/shared/gateway/fieldMap'
import {
  ENDPOINT_ALIASES,
  endpointName,
  ENDPOINTS,
  MODEL_ENDPOINT_KEYS
} from '../../../../../src/shared/gateway/spec'
import { JobRequest } from '../../../../../src/shared/schemas/jobs'

/** Everything derived from the list of descriptors is what the spec (docs/GATEWAY.md) says. */
describe('the endpoint registry', () => {
  it('gives every path of docs/GATEWAY.md, the listing and chat styles included', () => {
    expect(ENDPOINTS).toEqual({
      models: '/v1/models',
      chatCompletions: '/v1/chat/completions',
      messages: '/v1/messages',
      responses: '/v1/responses',
      imagesV1: '/v1/images/generations',
      imageEdits: '/v1/images/edits',
      imagesV3: '/v3/images/generations',
      imagesV2: '/v2/images/generations',
      partnerA: '/partner-a/v3/images/generations',
      partnerB: '/v1/images/partner-b',
      videos: '/v1/videos/generations'
    })
    expect(ENDPOINT_ALIASES).toEqual({ imagesV3: ['images_generations_v3'] })
  })

  it('lists the model endpoints, and the endpoints taking extra JSON fields (not v3)', () => {
    expect(MODEL_ENDPOINT_KEYS).toEqual([
      'chatCompletions',
      'messages',
      'responses',
      'imagesV1',
      'imageEdits',
      'imagesV3',
      'imagesV2',
      'partnerA',
      'partnerB',
      'videos'
    ])
    expect(EXTRA_FIELD_ENDPOINTS).toEqual([
      'chatCompletions',
      'messages',
      'responses',
      'imagesV1',
      'imageEdits',
      'imagesV2',
      'partnerA',
      'partnerB',
      'videos'
    ])
  })

  it('keys each descriptor by its job’s endpoint, and the job request takes every one', () => {
    expect(JOB_SCHEMAS).toHaveLength(ENDPOINT_LIST.length)
    for (const descriptor of ENDPOINT_LIST) {
      expect(DESCRIPTORS[descriptor.key]).toBe(descriptor)
      const job = JobRequest.safeParse({
        endpoint: descriptor.key,
        body: { model: 'm', prompt: 'p', duration: 1 },
        ...(descriptor.key === 'imageEdits' ? { images: [{ mediaId: 'a'.repeat(32) }] } : {})
      })
      expect(job.success, descriptor.key).toBe(true)
    }
  })

  it('refuses one reference more than an endpoint takes, in the job as in the form', () => {
    for (const descriptor of ENDPOINT_LIST) {
      const max = descriptor.references?.max
      if (max === undefined) continue
      const refs = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://x.test/${i}.png` }))
      const job = (n: number) => ({
        endpoint: descriptor.key,
        body: { model: 'm', prompt: 'p' },
        references: refs(n)
      })
      expect(JobRequest.safeParse(job(max)).success, descriptor.key).toBe(true)
      expect(JobRequest.safeParse(job(max + 1)).success, descriptor.key).toBe(false)
    }
  })

  it('gives every form field its own key and every form its own place in the picker', () => {
    const forms = ENDPOINT_LIST.flatMap((d) => (d.form ? [d.form] : []))
    expect(new Set(forms.map((form) => form.order)).size).toBe(forms.length)
    for (const form of forms) {
      const keys = form.fields.flatMap((f) =>
        f.kind === 'toggle' && f.inline ? [f.key, f.inline.key] : [f.key]
      )
      expect(new Set(keys).size, form.blurb).toBe(keys.length)
    }
  })

  it('names every endpoint family the way a designer knows it, once for every screen', () => {
    expect(ENDPOINT_LIST.map((d) => [d.key, d.label])).toEqual([
      ['imagesV1', 'Compatible'],
      ['imageEdits', 'Image edit'],
      ['imagesV3', 'Per image'],
      ['imagesV2', 'Async task'],
      ['partnerA', 'Streaming groups'],
      ['partnerB', 'Single image'],
      ['videos', 'Video']
    ])
    expect(endpointName('/partner-a/v3/images/generations')).toBe('Streaming groups')
    expect(endpointName('images_generations_v3')).toBe('Per image')
    expect(endpointName('/v1/chat/completions')).toBe('Chat completions')
    expect(endpointName('/v9/unknown')).toBe('/v9/unknown')
  })

  it('states how long the gateway keeps a result address only where the spec does: partner-b, about 24 h', () => {
    const stated = ENDPOINT_LIST.flatMap((d) => (d.addressLifetime ? [[d.key, d.addressLifetime]] : []))
    expect(stated).toEqual([['partnerB', { hours: 24 }]])
  })

  it('finds the family of a stored job by its path or one of its aliases', () => {
    expect(descriptorAt('/v1/images/partner-b')?.key).toBe('partnerB')
    expect(descriptorAt('images_generations_v3')?.key).toBe('imagesV3')
    expect(descriptorAt('/v1/chat/completions')).toBeUndefined()
  })

  it('finds the task endpoint of a stored job by its path, and only task endpoints', () => {
    expect(taskEndpointAt('/v2/images/generations')).toBe('imagesV2')
    expect(taskEndpointAt('/v1/videos/generations')).toBe('videos')
    expect(taskEndpointAt('/v3/images/generations')).toBeUndefined()
    expect(taskEndpointAt('/nowhere')).toBeUndefined()
  })
})
