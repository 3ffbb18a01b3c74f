import { describe, expect, it } from 'vitest'
import { ByteBudget, inTurns } from '../../../../src/main/sync/inTurns'

describe('a byte budget for transfers side by side', () => {
  it('never holds more than its limit at once, and lets one that alone is over it go alone', async () => {
    const budget = new ByteBudget(100)
    let held = 0
    let most = 0
    const sizes = [40, 40, 40, 30, 250, 10, 60, 60]
    const order: number[] = []
    await inTurns(sizes, 8, async (size) => {
      await budget.take(size)
      held += size
      most = Math.max(most, size > 100 ? 0 : held)
      if (size > 100) expect(held).toBe(size)
      order.push(size)
      await new Promise((resolve) => setTimeout(resolve, 5))
      held -= size
      budget.give(size)
    })
    expect(order.sort((a, b) => a - b)).toEqual([...sizes].sort((a, b) => a - b))
    expect(most).toBeLessThanOrEqual(100)
    expect(held).toBe(0)
  })
})
