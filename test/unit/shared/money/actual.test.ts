import { describe, expect, it } from 'vitest'
import { actualCost } from '../../../../src/shared/money/actual'
import { estimateJob, type Estimate } from '../../../../src/shared/money/estimate'
import { requestFacts } from '../../../../src/shared/money/request'
import { job, price } from './helpers'

const perImage = price({
  unit: 'image',
  price: '0.04',
  bySize: [
    { size: '1K', price: '0.011' },
    { size: '2K', price: '0.035' },
    { size: '4K', price: '0.07' },
    { size: '2048x2048', price: '0.08' }
  ]
})
const perToken = price({
  unit: 'tokens',
  inputPerMillion: '5',
  outputPerMillion: '40',
  cachedInputPerMillion: '1.25'
})

const microsOf = (estimate: Estimate): number => {
  if (estimate.unknown) throw new Error(`no estimate: ${estimate.reason}`)
  return estimate.micros
}

describe('what a job cost', () => {
  it('equals the estimate exactly, per image, when every image arrives', () => {
    const requests = [
      { endpoint: 'imagesV3', body: { model: 'm', prompt: 'p' } },
      { endpoint: 'imagesV3', body: { model: 'm', prompt: 'p', n: 10, size: '2048x2048' } },
      { endpoint: 'imagesV3', body: { model: 'm', prompt: 'p', n: 7, size: 'auto' } },
      { endpoint: 'imagesV2', body: { model: 'm', prompt: 'p', resolution: '1K' }, count: 9 },
      { endpoint: 'imagesV2', body: { model: 'm', prompt: 'p' }, count: 3 },
      { endpoint: 'partnerA', body: { model: 'm', prompt: 'p', size: '4k' } },
      { endpoint: 'partnerB', body: { model: 'm', prompt: 'p' } },
      { endpoint: 'imagesV1', body: { model: 'm', prompt: 'p', n: 3, size: '2048X2048' } },
      {
        endpoint: 'imageEdits',
        body: { model: 'm', prompt: 'p', fields: { n: 2, size: '1K' } },
        images: [{ mediaId: 'b'.repeat(32) }]
      }
    ]
    for (const request of requests.map(job)) {
      const estimate = estimateJob(request, perImage)
      const facts = requestFacts(request)
      const actual = actualCost({ total_tokens: 999 }, perImage, facts.results, { size: facts.size })
      expect({ request, estimate: microsOf(estimate), exact: !estimate.unknown && estimate.exact }).toEqual({
        request,
        estimate: actual?.micros,
        exact: true
      })
    }
  })

  it('charges per image only what was delivered', () => {
    const request = job({ endpoint: 'imagesV3', body: { model: 'm', prompt: 'p', n: 4 } })
    const { size } = requestFacts(request)
    expect(actualCost(null, perImage, 3, { size })).toEqual({ micros: 120_000, basis: 'image', exact: true })
    expect(actualCost(null, perImage, 0, { size })).toEqual({ micros: 0, basis: 'image', exact: true })
    expect(actualCost(null, perImage, 2, { size: '2K' })).toMatchObject({ micros: 70_000 })
    expect(actualCost(null, perImage, -1)).toBeNull()
    expect(actualCost(null, perImage, 1.5)).toBeNull()
  })

  it('charges a partner-a group for the images that came, below its estimate', () => {
    const group = {
      sequential_image_generation: 'auto',
      sequential_image_generation_options: { max_images: 4 }
    }
    const request = job({ endpoint: 'partnerA', body: { model: 'm', prompt: 'p', ...group } })
    const estimate = microsOf(estimateJob(request, perImage))
    const actual = actualCost({ generated_images: 2 }, perImage, 2, { size: requestFacts(request).size })
    expect({ estimate, actual: actual?.micros }).toEqual({ estimate: 140_000, actual: 70_000 })
  })

  it('charges videos per video delivered and per second of them', () => {
    expect(actualCost(null, price({ unit: 'video', price: '0.5' }), 1)).toEqual({
      micros: 500_000,
      basis: 'video',
      exact: true
    })
    const perSecond = price({ unit: 'second', price: '0.1' })
    const request = job({ endpoint: 'videos', body: { model: 'v', prompt: 'p', duration: 8 } })
    const { seconds } = requestFacts(request)
    const actual = actualCost(null, perSecond, 1, { seconds })
    expect(actual).toEqual({ micros: 800_000, basis: 'second', exact: true })
    expect(actual?.micros).toBe(microsOf(estimateJob(request, perSecond)))
    expect(actualCost(null, perSecond, 1, { seconds: 5.04 })).toMatchObject({ micros: 504_000 })
    expect(actualCost(null, perSecond, 1)).toBeNull()
  })

  it('charges tokens as reported, cached input at its own price', () => {
    const usage = {
      prompt_tokens: 1_000,
      completion_tokens: 200,
      prompt_tokens_details: { cached_tokens: 600 }
    }
    // 400 input at $5/M, 600 cached at $1.25/M, 200 output at $40/M.
    expect(actualCost(usage, perToken, 1)).toEqual({
      micros: 400 * 5 + 600 * 1.25 + 200 * 40,
      basis: 'tokens',
      exact: true,
      tokens: { input: 1_000, cachedInput: 600, output: 200 }
    })
  })

  it('prices a bare total at the dearer price, as the most it can have cost', () => {
    expect(actualCost({ total_tokens: 1_000 }, perToken, 1)).toEqual({
      micros: 1_000 * 40,
      basis: 'tokens',
      exact: false,
      tokens: { input: 0, cachedInput: 0, output: 1_000 }
    })
  })

  it('has no cost when usage says nothing usable about tokens', () => {
    for (const usage of [null, {}, 'n/a', { generated_images: 1 }]) {
      expect({ usage, cost: actualCost(usage, perToken, 1) }).toEqual({ usage, cost: null })
    }
  })

  it('shows how far a token estimate is from what was reported', () => {
    const prompt = 'A lighthouse on a cliff at dusk, oil painting, warm light, long brush strokes.'
    const request = job({ endpoint: 'imagesV3', body: { model: 'm', prompt } })
    const estimate = estimateJob(request, perToken, { expectedOutputTokens: 1_056 })
    expect(estimate).toMatchObject({ exact: false, tokens: { input: 20, output: 1_056 } })
    // What v3 reported for it: more input (the tokenizer and the prompt rewrite), and the output of a medium image.
    const actual = actualCost(
      {
        input_tokens: 27,
        output_tokens: 1_056,
        total_tokens: 1_083,
        input_tokens_details: { text_tokens: 27 }
      },
      perToken,
      1
    )
    expect(actual).toMatchObject({ exact: true, micros: 27 * 5 + 1_056 * 40 })
    const gap = (actual?.micros ?? 0) - microsOf(estimate)
    expect(gap).toBe((27 - 20) * 5)
    expect(Math.abs(gap) / (actual?.micros ?? 1)).toBeLessThan(0.01)
  })
})
