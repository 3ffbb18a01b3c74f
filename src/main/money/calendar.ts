/**
 * The day and month a spending cap counts in: the machine's local date, as the user lives it ("today" ends
 * at their midnight, not at UTC's). Kept as text keys (`2025-03-07`, `2025-03`) so the ledger sums by them
 * with an index, and a clock set back or a trip across time zones never moves a reservation already made.
 */

const pad = (value: number, width = 2): string => String(value).padStart(width, '0')

/** The local date of a wall-clock time, `YYYY-MM-DD`. */
export function dayKey(at: number): string {
  const date = new Date(at)
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The local month of a wall-clock time, `YYYY-MM`. */
export function monthKey(at: number): string {
  const date = new Date(at)
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}`
}

/** The wall-clock time of the next local midnight after `at`: when a day cap's count starts again. */
export function nextMidnight(at: number): number {
  const date = new Date(at)
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime()
}
