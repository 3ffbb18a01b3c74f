import { describe, expect, it } from 'vitest'
import {
  estimateJob,
  tokensOfText,
  DEFAULT_EXPECTED_OUTPUT_TOKENS,
  DEFAULT_VIDEO_SECONDS
} from '../../../../src/shared/money/estimate'
import { job, price } from './helpers'

const perImage = price({
  unit: 'image',
  price: '0.04',
  bySize: [
    { size: '2048x2048', price: '0.08' },
    { size: '4K', price: '0.12' }
  ]
})

describe('what a job will cost', () => {
  it('has no estimate without a price', () => {
    expect(estimateJob(job({ endpoint: 'imagesV3', body: { model: 'm', prompt: 'p' } }), undefined)).toEqual({
      unknown: true,
      reason: 'no_price'
    })
  })

  it('prices images by count and size tier, exactly', () => {
    const v3 = (body: Record<string, unknown>) =>
      estimateJob(job({ endpoint: 'imagesV3', body: { model: 'm', prompt: 'p', ...body } }), perImage)
    expect(v3({})).toEqual({ micros: 40_000, basis: 'image', exact: true, count: 1 })
    expect(v3({ n: 3 })).toEqual({ micros: 120_000, basis: 'image', exact: true, count: 3 })
    expect(v3({ n: 2, size: '2048x2048' })).toEqual({
      micros: 160_000,
      basis: 'image',
      exact: true,
      count: 2
    })
    // "auto" and sizes the table does not list cost the model's price.
    expect(v3({ size: 'auto' })).toMatchObject({ micros: 40_000, exact: true })
    expect(v3({ size: '1536x1024' })).toMatchObject({ micros: 40_000, exact: true })
    const v2 = estimateJob(
      job({ endpoint: 'imagesV2', body: { model: 'm', prompt: 'p', resolution: '4K' }, count: 4 }),
      perImage
    )
    expect(v2).toEqual({ micros: 480_000, basis: 'image', exact: true, count: 4 })
  })

  it('prices a partner-a group at its most, and says that is not exact', () => {
    const group = {
      sequential_image_generation: 'auto',
      sequential_image_generation_options: { max_images: 4 }
    }
    const estimate = estimateJob(
      job({ endpoint: 'partnerA', body: { model: 'm', prompt: 'p', size: '4k', ...group } }),
      perImage
    )
    expect(estimate).toEqual({ micros: 480_000, basis: 'image', exact: false, count: 4 })
  })

  it('refuses a count that is no whole number from 1 up', () => {
    for (const n of [0, -1, 2.5]) {
      const estimate = estimateJob(
        job({ endpoint: 'imagesV1', body: { model: 'm', prompt: 'p', n } }),
        perImage
      )
      expect({ n, estimate }).toEqual({ n, estimate: { unknown: true, reason: 'bad_count' } })
    }
  })

  it('says when a cost would pass what a number holds exactly', () => {
    const dear = price({ unit: 'image', price: '1000000' })
    const estimate = estimateJob(
      job({ endpoint: 'imagesV1', body: { model: 'm', prompt: 'p', n: 1e6 } }),
      dear
    )
    expect(estimate).toEqual({ unknown: true, reason: 'too_large' })
  })

  it('prices videos per video, exactly', () => {
    const request = job({ endpoint: 'videos', body: { model: 'v', prompt: 'p', duration: 8 } })
    expect(estimateJob(request, price({ unit: 'video', price: '0.5' }))).toEqual({
      micros: 500_000,
      basis: 'video',
      exact: true,
      count: 1
    })
  })

  it('prices videos per second from the duration, exactly; from the default when there is none usable', () => {
    const perSecond = price({ unit: 'second', price: '0.1' })
    const video = (duration: number) =>
      job({ endpoint: 'videos', body: { model: 'v', prompt: 'p', duration } })
    expect(estimateJob(video(8), perSecond)).toEqual({
      micros: 800_000,
      basis: 'second',
      exact: true,
      count: 8
    })
    expect(estimateJob(video(0), perSecond)).toEqual({
      micros: DEFAULT_VIDEO_SECONDS * 100_000,
      basis: 'second',
      exact: false,
      count: DEFAULT_VIDEO_SECONDS
    })
    expect(estimateJob(video(0), perSecond, { defaultVideoSeconds: 10 })).toMatchObject({
      micros: 1_000_000,
      exact: false
    })
  })

  it('refuses a price of another kind of job', () => {
    const video = job({ endpoint: 'videos', body: { model: 'v', prompt: 'p', duration: 5 } })
    const image = job({ endpoint: 'imagesV3', body: { model: 'm', prompt: 'p' } })
    const mismatch = { unknown: true, reason: 'unit_mismatch' }
    expect(estimateJob(video, perImage)).toEqual(mismatch)
    expect(estimateJob(image, price({ unit: 'video', price: '1' }))).toEqual(mismatch)
    expect(estimateJob(image, price({ unit: 'second', price: '1' }))).toEqual(mismatch)
  })

  it('guesses tokens from the prompt (characters / 4, rounded up) and the expected output, never exact', () => {
    expect(tokensOfText('')).toBe(0)
    expect(tokensOfText('abcd')).toBe(1)
    expect(tokensOfText('abcde')).toBe(2)
    // Code points, so an emoji counts once.
    expect(tokensOfText('😀😀😀😀')).toBe(1)
    const perToken = price({ unit: 'tokens', inputPerMillion: '5', outputPerMillion: '40' })
    const prompt = 'x'.repeat(400)
    const estimate = estimateJob(job({ endpoint: 'imagesV1', body: { model: 'm', prompt, n: 2 } }), perToken)
    const output = 2 * DEFAULT_EXPECTED_OUTPUT_TOKENS
    expect(estimate).toEqual({
      // 100 input tokens at $5/M and 2,000 output tokens at $40/M.
      micros: 100 * 5 + output * 40,
      basis: 'tokens',
      exact: false,
      count: 2,
      tokens: { input: 100, cachedInput: 0, output }
    })
    const hinted = estimateJob(job({ endpoint: 'imagesV1', body: { model: 'm', prompt } }), perToken, {
      expectedOutputTokens: 4_160
    })
    expect(hinted).toMatchObject({ micros: 100 * 5 + 4_160 * 40, tokens: { output: 4_160 } })
  })

  it('rounds a fraction of a micro up', () => {
    const cheap = price({ unit: 'tokens', inputPerMillion: '0.000001', outputPerMillion: '0' })
    const estimate = estimateJob(job({ endpoint: 'imagesV1', body: { model: 'm', prompt: 'abcd' } }), cheap)
    expect(estimate).toMatchObject({ micros: 1 })
  })
})
