import { describe, expect, it } from 'vitest'
import { REQUEST_RETRY } from '../../../../src/main/gateway/retry'
import { downloadDelay, pollDelay } from '../../../../src/main/jobs/policy'
import { backoffDelay, notBeforeServer } from '../../../../src/main/time/backoff'

describe('the one backoff', () => {
  it('grows by its factor up to the cap, scaled by a jitter draw in [low, high]', () => {
    const schedule = { initialMs: 100, factor: 3, maxMs: 1_000, jitter: [0.5, 1.5] as const }
    expect([0, 1, 2, 3].map((n) => backoffDelay(schedule, n, () => 0.5))).toEqual([100, 300, 900, 1000])
    expect(backoffDelay(schedule, 0, () => 0)).toBe(50)
    expect(backoffDelay(schedule, 0, () => 0.999999)).toBe(150)
  })

  it('request retries wait min(0.5·2^n, 8) s × U[0.75, 1] [P14]', () => {
    expect(backoffDelay(REQUEST_RETRY, 0, () => 0)).toBe(375)
    expect(backoffDelay(REQUEST_RETRY, 0, () => 1)).toBe(500)
    expect(backoffDelay(REQUEST_RETRY, 10, () => 1)).toBe(8000)
  })

  it('background work comes back no sooner than the server asked, and no later than our schedule otherwise', () => {
    expect(notBeforeServer(2_000, undefined)).toBe(2_000)
    expect(notBeforeServer(2_000, 5_000)).toBe(5_000)
    expect(notBeforeServer(2_000, 500)).toBe(2_000)
  })

  it("polls and downloads use it, and honour the server's wait [P25][P26]", () => {
    const poll = { initialMs: 2_000, factor: 1.5, maxMs: 30_000, jitter: 0.2 }
    expect(pollDelay(poll, 1, () => 0.5)).toBe(3_000)
    expect(pollDelay(poll, 1, () => 0.5, 9_000)).toBe(9_000)
    const download = { initialMs: 2_000, maxMs: 300_000, windowMs: 1 }
    expect(downloadDelay(download, 2, () => 1)).toBe(8_000)
    expect(downloadDelay(download, 2, () => 0)).toBe(6_000)
    expect(downloadDelay(download, 0, () => 1, 12_000)).toBe(12_000)
  })
})
