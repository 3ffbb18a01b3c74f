import { describe, expect, it } from 'vitest'
import { formatStamp, HybridClock, parseStamp } from '../../../../src/main/sync/hlc'

describe('the hybrid logical clock', () => {
  it('gives stamps that sort in the order they were made, within one millisecond too', () => {
    const clock = new HybridClock('devicea1')
    const stamps = [clock.next(1000), clock.next(1000), clock.next(1000), clock.next(999), clock.next(1001)]
    expect([...stamps].sort()).toEqual(stamps)
    expect(new Set(stamps).size).toBe(stamps.length)
  })

  it('orders its next change after every stamp it has read, even from a device whose clock runs ahead', () => {
    const fast = new HybridClock('devicefast')
    const seen = fast.next(5_000_000)
    const slow = new HybridClock('deviceslow')
    slow.observe(seen, 1_000)
    expect(slow.next(1_000) > seen).toBe(true)
  })

  it('does not follow a stamp from a clock set more than a day ahead', () => {
    const clock = new HybridClock('devicea1')
    const now = 1_800_000_000_000
    clock.observe(formatStamp({ wall: now + 400 * 86_400_000, count: 0, device: 'devicebad' }), now)
    expect(parseStamp(clock.next(now)).wall).toBeLessThanOrEqual(now + 86_400_000 + 1)
  })

  it('keeps going forward across a restart from its last stamp, when the wall clock went back', () => {
    const before = new HybridClock('devicea1')
    const last = before.next(2_000_000)
    const after = new HybridClock('devicea1', last)
    expect(after.next(1_000) > last).toBe(true)
  })

  it('reads back what it writes and refuses what is not a stamp or a device id', () => {
    const parts = { wall: 1_800_000_000_123, count: 42, device: 'abc123def' }
    expect(parseStamp(formatStamp(parts))).toEqual(parts)
    expect(() => parseStamp('2026-11-29')).toThrow(/Not a clock stamp/)
    expect(() => new HybridClock('Device A')).toThrow(/Not a device id/)
  })
})
