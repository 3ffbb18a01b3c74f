import { imageUnitMicros, isCount, secondsMicros, timesMicros, tokenMicros, type TokenCount } from './cost'
import type { CostBasis } from './estimate'
import type { ModelPrice } from './prices'
import { reportedTokens } from './usage'

/**
 * What a job cost once it ended: per image and per video what was delivered, per second the delivered
 * videos' length, per token what the gateway's usage reports. Counted with the same arithmetic as the
 * estimate (cost.ts), so a per-image job whose images all arrive costs exactly what was estimated.
 */

export interface ActualCost {
  micros: number
  basis: CostBasis
  /**
   * Known, not inferred: false when usage gave only one side of the tokens, or only the total (which is
   * then priced at the dearer of the input and output prices, the most it can have cost).
   */
  exact: boolean
  /** Per token: the tokens as priced. */
  tokens?: TokenCount
}

export interface DeliveredContext {
  /**
   * The size the images were billed at: the request's (`requestFacts(request).size`, as the estimate
   * used), or the delivered images' `size` where the gateway settles by it (partner-a: the gateway
   * interface's §2.5). Absent: the model's price for any size.
   */
  size?: string | undefined
  /** Per second: the length of each delivered video, in seconds (the request's duration, or as measured). */
  seconds?: number | undefined
}

/**
 * The cost of a finished job, or null when nothing usable says what it was: token usage without a token
 * figure, a per-second price without a length, a count that is no whole number, a cost past 2^53 micros.
 * `resultCount` is the images (or videos) actually delivered.
 */
export function actualCost(
  usage: unknown,
  price: ModelPrice,
  resultCount: number,
  context: DeliveredContext = {}
): ActualCost | null {
  const of = (micros: number | undefined, exact: boolean, tokens?: TokenCount): ActualCost | null =>
    micros === undefined ? null : { micros, basis: price.unit, exact, ...(tokens ? { tokens } : {}) }
  switch (price.unit) {
    case 'image':
      return isCount(resultCount)
        ? of(timesMicros(resultCount, imageUnitMicros(price, context.size)), true)
        : null
    case 'video':
      return isCount(resultCount) ? of(timesMicros(resultCount, price.price), true) : null
    case 'second': {
      if (!isCount(resultCount) || context.seconds === undefined) return null
      const each = secondsMicros(context.seconds, price.price)
      return of(each === undefined ? undefined : timesMicros(resultCount, each), true)
    }
    case 'tokens': {
      const reported = reportedTokens(usage)
      if (!reported) return null
      const { exact, totalOnly, ...tokens } = reported
      if (!totalOnly) return of(tokenMicros(price, tokens), exact, tokens)
      const dearer = Math.max(price.inputPerMillion, price.cachedInputPerMillion ?? 0, price.outputPerMillion)
      const asDearest = { ...price, outputPerMillion: dearer }
      return of(tokenMicros(asDearest, tokens), false, tokens)
    }
  }
}
