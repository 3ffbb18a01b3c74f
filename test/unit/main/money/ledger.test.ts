import { afterEach, describe, expect, it } from 'vitest'
import { SpendLedger, type NewReservation } from '../../../../src/main/money/ledger'
import { dayKey, monthKey, nextMidnight } from '../../../../src/main/money/calendar'
import { localTime, moneyDb } from './moneyDb'

let cleanup: (() => void) | null = null
afterEach(() => {
  cleanup?.()
  cleanup = null
})

function ledger(name: string) {
  const made = moneyDb(name)
  cleanup = made.cleanup
  let now = localTime(2025, 3, 7)
  const spend = new SpendLedger(made.db, () => now)
  return { ...made, spend, setNow: (at: number) => (now = at) }
}

const MARCH_7 = localTime(2025, 3, 7)

const reservation = (taskId: string, extra: Partial<NewReservation> = {}): NewReservation => ({
  taskId,
  jobId: `job-${taskId}`,
  groupId: null,
  profileId: 'demo',
  model: 'studio-image-v3',
  currency: 'USD',
  estimateMicros: 40_000,
  exact: true,
  at: MARCH_7,
  ...extra
})

describe('the spend ledger [P50]', () => {
  it('keys days and months by the local date, and knows when the next local day starts', () => {
    const late = localTime(2025, 12, 31, 23)
    expect(dayKey(late)).toBe('2025-12-31')
    expect(monthKey(late)).toBe('2025-12')
    expect(dayKey(nextMidnight(late))).toBe('2026-01-01')
    expect(new Date(nextMidnight(late)).getHours()).toBe(0)
  })

  it('counts a reservation as reserved, then at its actual cost, its estimate, or nothing', () => {
    const { spend } = ledger('states')
    spend.reserve(reservation('a'))
    spend.reserve(reservation('b'))
    spend.reserve(reservation('c'))
    spend.reserve(reservation('d'))
    expect(spend.dayTotals('demo', 'USD', '2025-03-07')).toEqual({ spentMicros: 0, reservedMicros: 160_000 })

    expect(spend.settle('a', 30_000)?.state).toBe('settled')
    expect(spend.settle('b', null)?.actual_micros).toBeNull()
    expect(spend.release('c')?.state).toBe('released')
    // Actual 0.03, then the estimate 0.04 (nothing said the cost), nothing for the released, 0.04 reserved.
    expect(spend.dayTotals('demo', 'USD', '2025-03-07')).toEqual({
      spentMicros: 70_000,
      reservedMicros: 40_000
    })
    expect(spend.monthTotals('demo', 'USD', '2025-03')).toEqual({
      spentMicros: 70_000,
      reservedMicros: 40_000
    })
    // Only a reservation is settled or released: a second answer changes nothing.
    expect(spend.settle('a', 99_000)).toBeNull()
    expect(spend.release('a')).toBeNull()
    expect(spend.row('a')?.actual_micros).toBe(30_000)
  })

  it('reuses a task’s row when it is sent again, and never reopens a settled one', () => {
    const { spend } = ledger('again')
    spend.reserve(reservation('t'))
    spend.release('t')
    spend.reserve(reservation('t', { estimateMicros: 50_000, at: localTime(2025, 3, 8) }))
    expect(spend.row('t')).toMatchObject({ state: 'reserved', estimate_micros: 50_000, day: '2025-03-08' })
    expect(spend.dayTotals('demo', 'USD', '2025-03-07').reservedMicros).toBe(0)
    spend.settle('t', 50_000)
    spend.reserve(reservation('t', { estimateMicros: 1 }))
    expect(spend.row('t')).toMatchObject({ state: 'settled', estimate_micros: 50_000, actual_micros: 50_000 })
  })

  it('sums by day, month, batch and currency apart, and a discarded job gives back only what was reserved', () => {
    const { spend, other } = ledger('sums')
    spend.reserve(reservation('d1', { groupId: 'g' }))
    spend.reserve(reservation('d2', { groupId: 'g', jobId: 'shared' }))
    spend.reserve(reservation('d3', { jobId: 'shared' }))
    spend.reserve(reservation('n1', { at: localTime(2025, 3, 8) }))
    spend.reserve(reservation('a1', { at: localTime(2025, 4, 1) }))
    spend.reserve(reservation('c1', { currency: 'CNY', estimateMicros: 300_000 }))
    spend.reserve(reservation('o1', { profileId: other }))
    spend.settle('d2', 40_000)
    expect(spend.dayTotals('demo', 'USD', '2025-03-07')).toEqual({
      spentMicros: 40_000,
      reservedMicros: 80_000
    })
    expect(spend.dayTotals('demo', 'CNY', '2025-03-07')).toEqual({ spentMicros: 0, reservedMicros: 300_000 })
    expect(spend.monthTotals('demo', 'USD', '2025-03')).toEqual({
      spentMicros: 40_000,
      reservedMicros: 120_000
    })
    expect(spend.groupTotals('g', 'USD')).toEqual({ spentMicros: 40_000, reservedMicros: 40_000 })

    const released = spend.releaseJob('shared')
    expect(released.map((row) => row.task_id)).toEqual(['d3'])
    expect(spend.row('d2')?.state).toBe('settled')
  })

  it('lists sends newest first with keyset paging, and sums estimate beside actual per key', () => {
    const { spend, setNow } = ledger('views')
    spend.reserve(reservation('x1', { at: localTime(2025, 3, 7, 9) }))
    spend.reserve(reservation('x2', { at: localTime(2025, 3, 7, 10), model: 'other-model', exact: false }))
    spend.reserve(reservation('x3', { at: localTime(2025, 3, 8, 9) }))
    setNow(localTime(2025, 3, 8, 11))
    spend.settle('x1', 40_000)
    spend.settle('x2', 25_000)
    spend.release('x3')

    const first = spend.list({ limit: 2 })
    expect(first.map((row) => row.task_id)).toEqual(['x3', 'x2'])
    const last = first[first.length - 1]
    const next = spend.list({
      limit: 2,
      before: { createdAt: last?.created_at ?? 0, taskId: last?.task_id ?? '' }
    })
    expect(next.map((row) => row.task_id)).toEqual(['x1'])
    expect(spend.list({ limit: 10, from: '2025-03-08' }).map((row) => row.task_id)).toEqual(['x3'])

    expect(spend.summary('model', { limit: 10 })).toEqual([
      {
        key: 'studio-image-v3',
        currency: 'USD',
        sends: 1,
        estimateMicros: 40_000,
        actualMicros: 40_000,
        actualSends: 1,
        estimateOfActualMicros: 40_000,
        reservedMicros: 0,
        countedMicros: 40_000,
        keptImages: 0
      },
      {
        key: 'other-model',
        currency: 'USD',
        sends: 1,
        estimateMicros: 40_000,
        actualMicros: 25_000,
        actualSends: 1,
        estimateOfActualMicros: 40_000,
        reservedMicros: 0,
        countedMicros: 25_000,
        keptImages: 0
      }
    ])
    // The released send of the 8th is no spending: that day has no row.
    expect(spend.summary('day', { limit: 10 }).map((row) => [row.key, row.countedMicros])).toEqual([
      ['2025-03-07', 65_000]
    ])
  })
})
