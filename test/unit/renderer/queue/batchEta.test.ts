import { describe, expect, it } from 'vitest'
import { addSample, timeLeft, type EtaSample } from '@renderer/features/queue/batchEta'

const MIN = 60_000

describe('a batch’s time left from the pace seen', () => {
  it('gives no time until enough jobs finished, then remaining at the pace of the last 10 minutes', () => {
    let samples: EtaSample[] = []
    samples = addSample(samples, { at: 0, finished: 0 })
    samples = addSample(samples, { at: MIN, finished: 2 })
    expect(timeLeft(samples, 50, MIN)).toBeNull()
    samples = addSample(samples, { at: 2 * MIN, finished: 4 })
    // 4 jobs in 2 minutes: 2 a minute, so 50 left take 25 minutes.
    expect(timeLeft(samples, 50, 2 * MIN)).toBe(25 * MIN)
  })

  it('follows a change of pace and slows its guess when nothing finishes', () => {
    let samples: EtaSample[] = []
    for (let minute = 0; minute <= 20; minute++)
      samples = addSample(samples, { at: minute * MIN, finished: minute * 6 })
    // Only the last 10 minutes count: 60 jobs in 10 minutes.
    expect(timeLeft(samples, 60, 20 * MIN)).toBe(10 * MIN)
    expect(samples.every((sample) => 20 * MIN - sample.at <= 10 * MIN)).toBe(true)
    // Five quiet minutes later, the same 60 left look further away.
    expect(timeLeft(samples, 60, 25 * MIN)).toBeGreaterThan(10 * MIN)
  })

  it('gives no time for a burst seen for less than half a minute', () => {
    const samples = [0, 1, 2, 3, 4].map((finished) => ({ at: finished * 1_000, finished }))
    expect(timeLeft(samples, 10, 5_000)).toBeNull()
  })

  it('keeps one sample per count and says nothing is left when nothing is', () => {
    const samples = addSample(addSample([], { at: 0, finished: 1 }), { at: 5, finished: 1 })
    expect(samples.length).toBe(1)
    expect(timeLeft(samples, 0, 10)).toBe(0)
  })
})
