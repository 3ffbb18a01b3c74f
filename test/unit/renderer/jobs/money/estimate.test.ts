import { describe, expect, it } from 'vitest'
import { i18n } from '@renderer/i18n'
import { estimateBatch, estimateLabel, estimateOf } from '@renderer/jobs/money/estimate'
import type { JobRequest } from '@shared/schemas/jobs'
import { table } from './fixtures'

const v3 = (model: string, n = 1, prompt = 'a kite'): JobRequest => ({
  endpoint: 'imagesV3',
  body: { model, prompt, n }
})

const prices = table({
  'gpt-image': { unit: 'image', price: 40_000, bySize: [] },
  tokeny: { unit: 'tokens', inputPerMillion: 5_000_000, outputPerMillion: 40_000_000 },
  clip: { unit: 'video', price: 500_000 }
})

describe('estimates as the screens word them [P50]', () => {
  const t = i18n.getFixedT('en')

  it('is plain when exact, "≈" when guessed, and nothing without a price', () => {
    expect(estimateLabel(t, estimateOf(v3('gpt-image', 8), prices), 'USD', 'en')).toBe('$0.32')
    expect(estimateLabel(t, estimateOf(v3('tokeny'), prices), 'USD', 'en')).toMatch(/^≈ \$0\.04/)
    expect(estimateLabel(t, estimateOf(v3('unpriced'), prices), 'USD', 'en')).toBeNull()
    expect(estimateLabel(t, estimateOf(v3('clip'), prices), 'USD', 'en')).toBeNull()
    expect(estimateLabel(t, estimateOf(v3('gpt-image'), null), undefined, 'en')).toBeNull()
    expect(estimateLabel(i18n.getFixedT('zh-CN'), estimateOf(v3('tokeny'), prices), 'USD', 'zh-CN')).toMatch(
      /^约 US\$0\.04/
    )
  })

  it('sums a batch per model, counts rows with no price, and says how many fit a cap in order', () => {
    const rows = [v3('gpt-image'), v3('gpt-image'), v3('unpriced'), v3('gpt-image', 2), v3('gpt-image')]
    expect(estimateBatch(rows, prices, null)).toEqual({
      micros: 200_000,
      exact: true,
      priced: 4,
      unpriced: 1,
      fit: null
    })
    // 0.04 + 0.04 fit 0.10; the 0.08 row does not; the next 0.04 does not either (0.12).
    expect(estimateBatch(rows, prices, 100_000).fit).toBe(2)
    expect(estimateBatch(rows, prices, 120_000).fit).toBe(3)
    expect(estimateBatch([v3('gpt-image'), v3('tokeny')], prices, null).exact).toBe(false)
  })
})
