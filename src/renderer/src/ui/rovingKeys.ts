/**
 * The index an arrow key (or Home/End) moves to in a row of choices, wrapping at the ends as radio groups
 * and tab lists do; null for any other key.
 */
export function rovingIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null
  if (key === 'ArrowRight' || key === 'ArrowDown') return (current + 1) % count
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (current - 1 + count) % count
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return null
}
