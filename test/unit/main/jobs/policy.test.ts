import { describe, expect, it } from 'vitest'
import { pollDelay } from '../../../../src/main/jobs/policy'

describe('engine policy', () => {
  it('poll delays: 2 s, x1.5, capped at 30 s, within ±20 %, never below a server hint [P25]', () => {
    const policy = { initialMs: 2000, factor: 1.5, maxMs: 30_000, jitter: 0.2 }
    expect(pollDelay(policy, 0, () => 0.5)).toBe(2000)
    expect(pollDelay(policy, 1, () => 0.5)).toBe(3000)
    expect(pollDelay(policy, 20, () => 0.5)).toBe(30_000)
    expect(pollDelay(policy, 0, () => 0)).toBe(1600)
    expect(pollDelay(policy, 0, () => 1)).toBe(2400)
    expect(pollDelay(policy, 0, () => 0.5, 10_000)).toBe(10_000)
  })
})
