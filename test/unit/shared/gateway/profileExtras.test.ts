import { describe, expect, it } from 'vitest'
import { defaultFieldMap, FieldMap, type ExtraFields } from '../../../../src/shared/gateway/fieldMap'
import { preflightJob } from '../../../../src/shared/schemas/jobPreflight'
import type { JobRequest } from '../../../../src/shared/schemas/jobs'

/**
 * Issue 11, finding 7: the profile's "extra JSON fields" are merged into every request of their endpoint,
 * so the pre-flight must see them as the gateway will, and say where to change them.
 */

const profile = (extraFields: ExtraFields, fieldMap = defaultFieldMap()) => ({
  name: 'Acme',
  extraFields,
  fieldMap
})
const where = 'Settings › Gateways › Acme › Extra JSON fields'

const v2: JobRequest = {
  endpoint: 'imagesV2',
  body: { model: 'studio-image-async', prompt: 'a fox' },
  count: 1
}
const partnerA: JobRequest = {
  endpoint: 'partnerA',
  body: { model: 'seedream-basic', prompt: 'a fox' },
  stream: false
}
const partnerB: JobRequest = { endpoint: 'partnerB', body: { model: 'wan-image', prompt: 'a fox' } }

describe('profile extras go through the pre-flight, named as the profile’s', () => {
  it('v2: an `n` in the profile’s extras is refused, and the message says where to remove it', () => {
    const issues = preflightJob(v2, undefined, profile({ imagesV2: { n: 2 } }))
    expect(issues).toEqual([
      expect.objectContaining({
        field: 'n',
        source: 'profile',
        message: `This endpoint takes no \`n\`: remove it from this gateway's extra JSON fields in ${where}.`
      })
    ])
  })

  it('partner-a: an `n` in the profile’s extras is refused the same way', () => {
    const issues = preflightJob(partnerA, undefined, profile({ partnerA: { n: 3 } }))
    expect(issues.map((issue) => issue.message)).toEqual([
      `This endpoint takes no \`n\`: remove it from this gateway's extra JSON fields in ${where}.`
    ])
  })

  it('partner-b: `n` is its count field, which takes exactly 1', () => {
    const issues = preflightJob(partnerB, undefined, profile({ partnerB: { n: 4 } }))
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({ field: 'count', source: 'profile' })
    expect(issues[0]?.message).toBe(
      `Exactly 1 image per request (count: 4), set by this gateway's extra JSON fields as \`n\`: change or remove it in ${where}.`
    )
    expect(preflightJob(partnerB, undefined, profile({ partnerB: { n: 1 } }))).toEqual([])
  })

  it('partner-b: the count is found under the field name the profile gives it', () => {
    const renamed = FieldMap.parse({ partnerB: { count: 'num_images' } })
    const issues = preflightJob(partnerB, undefined, profile({ partnerB: { num_images: 2 } }, renamed))
    expect(issues[0]?.message).toBe(
      `Exactly 1 image per request (count: 2), set by this gateway's extra JSON fields as \`num_images\`: change or remove it in ${where}.`
    )
  })

  it('names the profile and the extra’s own name beside the rule, for words in another language (issue 16)', () => {
    const renamed = FieldMap.parse({ partnerB: { count: 'num_images' } })
    const [issue] = preflightJob(partnerB, undefined, profile({ partnerB: { num_images: 2 } }, renamed))
    expect(issue).toMatchObject({
      rule: 'exact_count',
      values: { count: 1 },
      about: { field: 'count', value: { text: '2' } },
      source: 'profile',
      profile: { wireName: 'num_images', name: 'Acme' }
    })
    const [refused] = preflightJob(v2, undefined, profile({ imagesV2: { n: 2 } }))
    expect(refused).toMatchObject({ notAccepted: true, profile: { wireName: 'n', name: 'Acme' } })
  })

  it('checks a profile value against every limit of its field, under the mapped name', () => {
    const issues = preflightJob(v2, undefined, profile({ imagesV2: { resolution: '8K' } }))
    expect(issues[0]?.message).toBe(
      `Pick 1K, 2K or 4K (resolution: 8K), set by this gateway's extra JSON fields as \`resolution\`: change or remove it in ${where}.`
    )
    const renamed = FieldMap.parse({ imagesV2: { size: 'aspect_ratio' } })
    // Under this map `size` is not the ratio field: an unknown extra, left to the gateway.
    expect(preflightJob(v2, undefined, profile({ imagesV2: { size: '' } }, renamed))).toEqual([])
    expect(
      preflightJob(v2, undefined, profile({ imagesV2: { aspect_ratio: '' } }, renamed))[0]?.message
    ).toContain("(size: empty), set by this gateway's extra JSON fields as `aspect_ratio`")
  })

  it('a field the request sets itself wins on the wire, so the profile’s value is not judged', () => {
    const chosen: JobRequest = { ...v2, body: { ...v2.body, resolution: '2K' } }
    expect(preflightJob(chosen, undefined, profile({ imagesV2: { resolution: '8K' } }))).toEqual([])
  })

  it('per-request extras keep their words and win over the profile’s of the same name', () => {
    const withExtra = { ...v2, body: { ...v2.body, extra: { n: 2 } } } as JobRequest
    const issues = preflightJob(withExtra, undefined, profile({ imagesV2: { n: 5 } }))
    expect(issues).toEqual([
      expect.objectContaining({
        field: 'n',
        source: 'request',
        message: 'Send one task per image: this endpoint takes no count (n).'
      })
    ])
  })

  it('per-request extras on partner-b are checked as the count too (they were sent unchecked)', () => {
    const withExtra = { ...partnerB, body: { ...partnerB.body, extra: { n: 3 } } } as JobRequest
    expect(preflightJob(withExtra).map((issue) => issue.field)).toEqual(['count'])
  })

  it('extras of other endpoints, and harmless extras, change nothing', () => {
    const extras = { imagesV1: { n: 4 }, imagesV2: { style: 'vivid' }, partnerA: { guidance_scale: 3 } }
    for (const request of [v2, partnerA, partnerB])
      expect(preflightJob(request, undefined, profile(extras)), request.endpoint).toEqual([])
  })
})
