import { describe, expect, it } from 'vitest'
import { requestFacts } from '../../../../src/shared/money/request'
import { job } from './helpers'

describe('what a request says its price depends on', () => {
  it('counts the images each endpoint asks for', () => {
    const prompt = 'a red fox'
    const results = (request: unknown) => requestFacts(job(request)).results
    expect(results({ endpoint: 'imagesV3', body: { model: 'm', prompt } })).toBe(1)
    expect(results({ endpoint: 'imagesV3', body: { model: 'm', prompt, n: 4 } })).toBe(4)
    expect(results({ endpoint: 'imagesV2', body: { model: 'm', prompt }, count: 3 })).toBe(3)
    expect(results({ endpoint: 'imagesV1', body: { model: 'm', prompt, n: 2 } })).toBe(2)
    expect(results({ endpoint: 'partnerB', body: { model: 'm', prompt } })).toBe(1)
    const group = {
      sequential_image_generation: 'auto',
      sequential_image_generation_options: { max_images: 5 }
    }
    expect(results({ endpoint: 'partnerA', body: { model: 'm', prompt, ...group } })).toBe(5)
    expect(results({ endpoint: 'partnerA', body: { model: 'm', prompt } })).toBe(1)
    const images = [{ mediaId: 'a'.repeat(32) }]
    expect(results({ endpoint: 'imageEdits', body: { model: 'm', prompt, fields: { n: 3 } }, images })).toBe(
      3
    )
    expect(results({ endpoint: 'videos', body: { model: 'm', prompt, duration: 5 } })).toBe(1)
  })

  it('says a partner-a group is a most, not a count', () => {
    const group = {
      sequential_image_generation: 'auto',
      sequential_image_generation_options: { max_images: 5 }
    }
    expect(
      requestFacts(job({ endpoint: 'partnerA', body: { model: 'm', prompt: 'p', ...group } })).resultsAtMost
    ).toBe(true)
    expect(
      requestFacts(job({ endpoint: 'imagesV3', body: { model: 'm', prompt: 'p', n: 5 } })).resultsAtMost
    ).toBe(false)
  })

  it('finds the size or tier, with the defaults the gateway applies', () => {
    const size = (request: unknown) => requestFacts(job(request)).size
    expect(size({ endpoint: 'imagesV3', body: { model: 'm', prompt: 'p' } })).toBe('1024x1024')
    expect(size({ endpoint: 'imagesV3', body: { model: 'm', prompt: 'p', size: '2048x2048' } })).toBe(
      '2048x2048'
    )
    expect(
      size({ endpoint: 'imagesV2', body: { model: 'm', prompt: 'p', size: '16:9', resolution: '4K' } })
    ).toBe('4K')
    expect(size({ endpoint: 'imagesV2', body: { model: 'm', prompt: 'p', size: '16:9' } })).toBeUndefined()
    expect(size({ endpoint: 'partnerA', body: { model: 'm', prompt: 'p' } })).toBe('2K')
    expect(size({ endpoint: 'partnerB', body: { model: 'm', prompt: 'p' } })).toBe('2K')
    expect(size({ endpoint: 'partnerB', body: { model: 'm', prompt: 'p', size: '1K' } })).toBe('1K')
    expect(size({ endpoint: 'imagesV1', body: { model: 'm', prompt: 'p' } })).toBeUndefined()
    expect(size({ endpoint: 'imagesV1', body: { model: 'm', prompt: 'p', size: '512x512' } })).toBe('512x512')
  })

  it('reads a video’s duration only when it is a usable number of seconds', () => {
    const seconds = (duration: number) =>
      requestFacts(job({ endpoint: 'videos', body: { model: 'm', prompt: 'p', duration } })).seconds
    expect(seconds(8)).toBe(8)
    expect(seconds(0)).toBeUndefined()
    expect(seconds(-3)).toBeUndefined()
  })
})
