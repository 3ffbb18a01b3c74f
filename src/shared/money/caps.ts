/**
 * A spending cap's rule: a job may start only if what is spent, what running jobs have reserved, and this
 * job's estimate together stay within the cap. Counting reservations stops jobs started together from each
 * fitting alone and passing the cap between them.
 */

export interface CapInput {
  /** The cap in micros; null: no cap, so every job is allowed and nothing else is looked at. */
  capMicros: number | null
  spentMicros: number
  /** Estimates of jobs started and not yet settled. */
  reservedMicros: number
  /** This job's estimate; null when it has none (no price, or a price of another kind). */
  estimateMicros: number | null
}

export interface CapCheck {
  allowed: boolean
  /** What the cap leaves before this job (never below 0); null without a cap. */
  leftMicros: number | null
  /**
   * Why not: the job would pass the cap; its cost is unknown, so it cannot be shown to fit; or a figure is
   * no whole number of micros from 0 up (refused rather than guessed at).
   */
  refused?: 'over_cap' | 'unknown_estimate' | 'invalid'
}

const isAmount = (value: number): boolean => Number.isSafeInteger(value) && value >= 0

export function checkCap({ capMicros, spentMicros, reservedMicros, estimateMicros }: CapInput): CapCheck {
  if (capMicros === null) return { allowed: true, leftMicros: null }
  if (![capMicros, spentMicros, reservedMicros, estimateMicros ?? 0].every(isAmount)) {
    return { allowed: false, leftMicros: 0, refused: 'invalid' }
  }
  // Exact: each figure is a safe integer, so the difference is too, or so far below 0 that only its sign counts.
  const left = capMicros - spentMicros - reservedMicros
  const leftMicros = Math.max(0, left)
  if (estimateMicros === null) return { allowed: false, leftMicros, refused: 'unknown_estimate' }
  return estimateMicros <= left
    ? { allowed: true, leftMicros }
    : { allowed: false, leftMicros, refused: 'over_cap' }
}
