import { describe, expect, it } from 'vitest'
import { checkCap } from '../../../../src/shared/money/caps'

describe('the spending cap', () => {
  it('allows everything without a cap', () => {
    expect(
      checkCap({ capMicros: null, spentMicros: 9e15, reservedMicros: 9e15, estimateMicros: 9e15 })
    ).toEqual({
      allowed: true,
      leftMicros: null
    })
    expect(checkCap({ capMicros: null, spentMicros: 0, reservedMicros: 0, estimateMicros: null })).toEqual({
      allowed: true,
      leftMicros: null
    })
  })

  it('allows a job only if spent + reserved + estimate stays within the cap', () => {
    const cap = { capMicros: 10_000_000, spentMicros: 6_000_000, reservedMicros: 3_000_000 }
    expect(checkCap({ ...cap, estimateMicros: 1_000_000 })).toEqual({ allowed: true, leftMicros: 1_000_000 })
    expect(checkCap({ ...cap, estimateMicros: 1_000_001 })).toEqual({
      allowed: false,
      leftMicros: 1_000_000,
      refused: 'over_cap'
    })
    expect(checkCap({ ...cap, estimateMicros: 0 })).toMatchObject({ allowed: true })
  })

  it('counts reservations, so jobs started together cannot pass the cap between them', () => {
    const cap = { capMicros: 1_000_000, spentMicros: 0, estimateMicros: 400_000 }
    expect(checkCap({ ...cap, reservedMicros: 0 }).allowed).toBe(true)
    expect(checkCap({ ...cap, reservedMicros: 400_000 }).allowed).toBe(true)
    expect(checkCap({ ...cap, reservedMicros: 800_000 }).allowed).toBe(false)
  })

  it('never says less than nothing is left', () => {
    expect(checkCap({ capMicros: 1_000, spentMicros: 5_000, reservedMicros: 0, estimateMicros: 0 })).toEqual({
      allowed: false,
      leftMicros: 0,
      refused: 'over_cap'
    })
  })

  it('refuses a job of unknown cost under a cap', () => {
    expect(checkCap({ capMicros: 1_000, spentMicros: 0, reservedMicros: 0, estimateMicros: null })).toEqual({
      allowed: false,
      leftMicros: 1_000,
      refused: 'unknown_estimate'
    })
  })

  it('holds at the largest figures', () => {
    const max = Number.MAX_SAFE_INTEGER
    expect(
      checkCap({ capMicros: max, spentMicros: max - 1, reservedMicros: 1, estimateMicros: 1 }).allowed
    ).toBe(false)
    expect(checkCap({ capMicros: max, spentMicros: max - 2, reservedMicros: 1, estimateMicros: 1 })).toEqual({
      allowed: true,
      leftMicros: 1
    })
    expect(
      checkCap({ capMicros: 0, spentMicros: max, reservedMicros: max, estimateMicros: 0 })
    ).toMatchObject({
      allowed: false,
      leftMicros: 0
    })
  })

  it('refuses figures that are no whole number of micros from 0 up', () => {
    for (const bad of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkCap({ capMicros: 1_000, spentMicros: bad, reservedMicros: 0, estimateMicros: 0 })).toEqual({
        allowed: false,
        leftMicros: 0,
        refused: 'invalid'
      })
    }
  })
})
