import type { TFunction } from 'i18next'
import { checkCap, estimateJob, formatMoney, type Estimate } from '@shared/money'
import type { PriceTableView } from '@shared/schemas/money'
import type { JobRequest } from '@shared/schemas/jobs'

/**
 * Estimates as the screens word them: "≈ $0.32" for a guess, "$0.32" when nothing was guessed, and nothing
 * at all when the model has no price (the table is the team's own, and most models may have none).
 */

/** A job's estimate from the profile's table, or undefined without a table (nothing to say). */
export function estimateOf(
  request: JobRequest | null | undefined,
  table: PriceTableView | null
): Estimate | undefined {
  if (!request || !table) return undefined
  return estimateJob(request, table.models[request.body.model])
}

export function estimateLabel(
  t: TFunction,
  estimate: Estimate | undefined,
  currency: string | undefined,
  locale: string
): string | null {
  if (!estimate || estimate.unknown || !currency) return null
  const amount = formatMoney(estimate.micros, currency, locale)
  return estimate.exact ? t('money.estimate.exact', { amount }) : t('money.estimate.about', { amount })
}

export interface BatchEstimate {
  /** Sum of the rows with a price. */
  micros: number
  /** Every priced row's estimate was exact. */
  exact: boolean
  /** Rows with a price, and rows without one (no price for the model, or none that fits the request). */
  priced: number
  unpriced: number
  /** With a cap: the rows that fit, in order, as the engine's check would let them (unpriced rows wait). */
  fit: number | null
}

/**
 * The total of a batch's jobs, each looked up under its own model, and with a cap how many fit: taken in
 * order, a job fits when what the jobs before it reserved and its own estimate stay within the cap
 * (`checkCap`); a job that does not fit, or has no price, waits and reserves nothing.
 */
export function estimateBatch(
  requests: readonly JobRequest[],
  table: PriceTableView,
  capMicros: number | null
): BatchEstimate {
  let micros = 0
  let exact = true
  let priced = 0
  let reserved = 0
  let fit = 0
  for (const request of requests) {
    const estimate = estimateJob(request, table.models[request.body.model])
    const known = estimate.unknown ? null : estimate.micros
    if (!estimate.unknown) {
      priced++
      micros += estimate.micros
      exact &&= estimate.exact
    }
    if (capMicros !== null) {
      const check = checkCap({ capMicros, spentMicros: 0, reservedMicros: reserved, estimateMicros: known })
      if (check.allowed && known !== null) {
        fit++
        reserved += known
      }
    }
  }
  return {
    micros,
    exact,
    priced,
    unpriced: requests.length - priced,
    fit: capMicros === null ? null : fit
  }
}
