import { describe, expect, it } from 'vitest'
import { Lanes, laneKey, laneOfJob } from '../../../../src/main/jobs/lanes'
import type { LaneLimits } from '../../../../src/shared/schemas/lanes'

const lanesWith = (limits: LaneLimits) => new Lanes(() => limits)

describe('lanes [P49]', () => {
  it('names a stored job’s lane by its endpoint’s key, whatever path spelling it was stored under', () => {
    expect(laneOfJob({ profile_id: 'p', endpoint: '/v3/images/generations' })).toBe(laneKey('p', 'imagesV3'))
  })

  it('starts no more than the concurrency at once', () => {
    const lanes = lanesWith({ concurrency: 2, perMinute: null })
    lanes.started('a', 0)
    lanes.started('a', 0)
    expect(lanes.canStart('a', 0)).toBe(false)
    expect(lanes.opensAt('a', 0)).toBe(Infinity)
    lanes.finished('a')
    expect(lanes.canStart('a', 0)).toBe(true)
  })

  it('keeps to the rate over any 60 s and says when the window opens', () => {
    const lanes = lanesWith({ concurrency: 10, perMinute: 3 })
    for (const at of [0, 10_000, 20_000]) {
      lanes.started('a', at)
      lanes.finished('a')
    }
    expect(lanes.canStart('a', 30_000)).toBe(false)
    expect(lanes.opensAt('a', 30_000)).toBe(60_000)
    expect(lanes.canStart('a', 59_999)).toBe(false)
    expect(lanes.canStart('a', 60_000)).toBe(true)
  })

  it('holds for the Retry-After given, or backs off 2, 4, 8 s without one, and halves what goes at once', () => {
    const lanes = lanesWith({ concurrency: 4, perMinute: null })
    for (let i = 0; i < 4; i++) lanes.started('a', 0)
    lanes.refused('a', 0, 1_500)
    for (let i = 0; i < 4; i++) lanes.finished('a')
    expect(lanes.canStart('a', 1_499)).toBe(false)
    expect(lanes.opensAt('a', 100)).toBe(1_500)
    expect(lanes.snapshot('a', 0)).toEqual({ running: 0, slowedTo: 2, holdMs: 1_500 })
    lanes.started('a', 1_500)
    lanes.started('a', 1_500)
    expect(lanes.canStart('a', 1_500)).toBe(false)

    // Refused again, with no time named: our backoff, and down to one at a time.
    lanes.refused('a', 2_000, undefined)
    lanes.finished('a')
    lanes.finished('a')
    expect(lanes.snapshot('a', 2_000)).toEqual({ running: 0, slowedTo: 1, holdMs: 4_000 })
    lanes.started('a', 6_000)
    lanes.refused('a', 6_000, undefined)
    lanes.finished('a')
    expect(lanes.snapshot('a', 6_000).holdMs).toBe(8_000)
  })

  it('takes one more at once with each answer, back to its own concurrency', () => {
    const lanes = lanesWith({ concurrency: 3, perMinute: null })
    lanes.started('a', 0)
    lanes.refused('a', 0, 10)
    lanes.finished('a')
    expect(lanes.snapshot('a', 10).slowedTo).toBe(1)
    lanes.answered('a')
    expect(lanes.snapshot('a', 10).slowedTo).toBe(2)
    lanes.answered('a')
    expect(lanes.snapshot('a', 10).slowedTo).toBeNull()
  })
})
