import { describe, expect, it } from 'vitest'
import { listScale, MAX_LIST_HEIGHT } from '@renderer/media/tallList'

describe('a list taller than a browser lays out', () => {
  it('is not scaled while it fits', () => {
    expect(listScale(5_000_000, 800)).toEqual({ height: 5_000_000, factor: 1 })
    expect(listScale(MAX_LIST_HEIGHT, 800)).toEqual({ height: MAX_LIST_HEIGHT, factor: 1 })
  })

  it('is capped, and its top and end are the list’s top and end', () => {
    const total = 45_000_000
    const viewport = 800
    const { height, factor } = listScale(total, viewport)
    expect(height).toBe(MAX_LIST_HEIGHT)
    // The last scroll position the element allows shows the end of the list, not a cut-off middle.
    expect((height - viewport) * factor).toBeCloseTo(total - viewport, 3)
    expect(0 * factor).toBe(0)
  })

  it('follows the room the element really got (a zoomed page)', () => {
    const { height, factor } = listScale(45_000_000, 800, 16_000_000)
    expect(height).toBe(16_000_000)
    expect((height - 800) * factor).toBeCloseTo(45_000_000 - 800, 3)
  })
})
