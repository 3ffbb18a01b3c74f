import { describe, expect, it } from 'vitest'
import type { PreflightIssue } from '../../../../../src/shared/gateway/checks'
import { imagesV2, preflightImagesV2 } from '../../../../../src/shared/gateway/endpoints/imagesV2'

const fields = (issues: PreflightIssue[]): string[] => issues.map((i) => i.field)
const v2 = { model: 'm', prompt: 'a fox' }
const url = (i: number): string => `https://example.com/${i}.png`

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
      {
        field: 'referenceImages',
        message: 'Use at most 8 images (referenceImages: 9).',
        rule: 'at_most_images',
        values: { count: 8 },
        about: { field: 'referenceImages', value: { text: '9', kind: 'text' } }
      }
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

describe('v2 descriptor', () => {
  const names = {
    size: 'aspect_ratio',
    resolution: 'res',
    referenceImages: 'refs',
    resultUrlPath: 'output.url'
  }

  it('sends the references it resolved, under the profile’s names, with the request’s extras beside', () => {
    const job = imagesV2.job.parse({
      endpoint: 'imagesV2',
      body: { model: 'm', prompt: 'p', size: '16:9', extra: { style: 'x' } },
      references: [{ url: url(1) }],
      count: 3
    })
    expect(imagesV2.media?.(job)).toEqual([
      { ref: { url: url(1) }, as: 'uri', missing: 'A reference image is no longer in the library.' }
    ])
    const request = imagesV2.toRequest(job, [{ as: 'uri', uri: url(1) }], 'send')
    expect(JSON.parse(JSON.stringify(imagesV2.body(request, names, false)))).toEqual({
      fields: { model: 'm', prompt: 'p', aspect_ratio: '16:9', refs: [url(1)] },
      extra: { style: 'x' }
    })
    expect([imagesV2.imagesOf(job), imagesV2.tasksOf?.(job)]).toEqual([3, 3])
  })

  it('polls under its own path and finds the result URL at the profile’s path first', () => {
    expect(imagesV2.task.pollPath(names)).toBe('/v2/images/generations/{id}')
    expect(imagesV2.task.resultUrlPath(names)).toBe('output.url')
    expect(imagesV2.task.resultUrlPaths[0]).toBe('data[0].url')
  })
})
