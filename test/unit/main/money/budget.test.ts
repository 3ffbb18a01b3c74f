import { afterEach, describe, expect, it } from 'vitest'
import { Budget } from '../../../../src/main/money/budget'
import { SpendLedger, type NewReservation } from '../../../../src/main/money/ledger'
import { localTime, moneyDb } from './moneyDb'

let cleanup: (() => void) | null = null
afterEach(() => {
  cleanup?.()
  cleanup = null
})

const AT = localTime(2025, 3, 7)
const usd = (micros: number | null) => ({ micros, currency: 'USD' })

function budget(name: string, groupCaps: Record<string, number> = {}) {
  const made = moneyDb(name)
  cleanup = made.cleanup
  const ledger = new SpendLedger(made.db, () => AT)
  const caps = (groupId: string) => groupCaps[groupId] ?? null
  return { ...made, ledger, budget: new Budget(made.db, ledger, caps, () => AT), caps }
}

const reserve = (ledger: SpendLedger, taskId: string, extra: Partial<NewReservation> = {}) =>
  ledger.reserve({
    taskId,
    jobId: `job-${taskId}`,
    groupId: null,
    profileId: 'demo',
    model: 'm',
    currency: 'USD',
    estimateMicros: 40_000,
    exact: true,
    at: AT,
    ...extra
  })

describe('spending caps [P50]', () => {
  it('lets everything go without a cap, a priced job or not', () => {
    const { budget: caps } = budget('none')
    expect(caps.check('demo', null, usd(10_000_000), AT)).toEqual({ allowed: true })
    expect(caps.check('demo', 'g', { micros: null, currency: null }, AT)).toEqual({ allowed: true })
  })

  it('holds a day cap on spent plus reserved plus the estimate, up to the cap exactly', () => {
    const { budget: caps, ledger } = budget('day')
    caps.setCap('demo', 'day', 200_000)
    for (const id of ['a', 'b', 'c', 'd']) reserve(ledger, id)
    ledger.settle('a', 40_000)
    // 0.04 spent and 0.12 reserved: one more 0.04 reaches 0.20 exactly, which is within the cap.
    expect(caps.check('demo', null, usd(40_000), AT)).toEqual({ allowed: true })
    reserve(ledger, 'e')
    expect(caps.check('demo', null, usd(40_000), AT)).toEqual({
      allowed: false,
      scope: 'day',
      refused: 'over_cap',
      capMicros: 200_000,
      countedMicros: 200_000
    })
    // A job of nothing still fits; tomorrow counts afresh; another profile has no cap.
    expect(caps.check('demo', null, usd(0), AT).allowed).toBe(true)
    expect(caps.check('demo', null, usd(40_000), localTime(2025, 3, 8)).allowed).toBe(true)
    // A released reservation counts nothing.
    ledger.release('e')
    expect(caps.check('demo', null, usd(40_000), AT).allowed).toBe(true)
  })

  it('never lets a job of unknown cost start under a cap', () => {
    const { budget: caps } = budget('unknown')
    caps.setCap('demo', 'month', 5_000_000)
    expect(caps.check('demo', null, usd(null), AT)).toMatchObject({
      allowed: false,
      scope: 'month',
      refused: 'unknown_estimate'
    })
    expect(caps.check('demo', null, { micros: null, currency: null }, AT)).toMatchObject({
      allowed: false,
      refused: 'unknown_estimate'
    })
  })

  it('counts a month cap over the local month and a batch cap over its own sends, the day first', () => {
    const { budget: caps, ledger } = budget('scopes', { g: 80_000 })
    caps.setCap('demo', 'month', 100_000)
    reserve(ledger, 'early', { at: localTime(2025, 3, 1) })
    reserve(ledger, 'feb', { at: localTime(2025, 2, 28) })
    reserve(ledger, 'g1', { groupId: 'g' })
    // March: 0.08 counted, so 0.04 more passes the month's 0.10; the batch is at 0.04 of 0.08.
    expect(caps.check('demo', 'g', usd(40_000), AT)).toMatchObject({ scope: 'month', countedMicros: 80_000 })
    caps.setCap('demo', 'month', null)
    expect(caps.check('demo', 'g', usd(40_000), AT)).toEqual({ allowed: true })
    expect(caps.check('demo', 'g', usd(40_001), AT)).toMatchObject({ scope: 'batch', capMicros: 80_000 })
    caps.setCap('demo', 'day', 10_000)
    expect(caps.check('demo', 'g', usd(40_001), AT)).toMatchObject({ scope: 'day' })
  })

  it('keeps caps across a restart, and removes them with their profile', () => {
    const { budget: caps, ledger, db, profiles, other, caps: groupCap } = budget('kept')
    caps.setCap(other, 'day', 1_000_000)
    caps.setCap(other, 'month', 9_000_000)
    caps.setCap(other, 'day', 2_000_000)
    const again = new Budget(db, ledger, groupCap, () => AT)
    expect(again.capsOf(other)).toEqual({ day: 2_000_000, month: 9_000_000 })
    expect(again.capsOf('demo')).toEqual({ day: null, month: null })
    profiles.delete(other)
    again.forgetProfile(other)
    expect(again.capsOf(other)).toEqual({ day: null, month: null })
  })
})
