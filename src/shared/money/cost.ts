import type { ImagePrice, TokenPrice } from './prices'
import { normalizeSize } from './sizes'

/**
 * The arithmetic of a price: what so many images, seconds or tokens cost. The estimate before a job and the
 * cost after it both count here, so for the same count and size they cannot disagree. Products are taken in
 * BigInt (a million tokens at a million per million is 10^18 micros), then refused above the safe integers
 * rather than rounded silently.
 */

/** Token prices are per million tokens. */
const TOKENS_PER_PRICE = 1_000_000n
const MS_PER_SECOND = 1_000n
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

/** Tokens as billed: all input tokens (cached ones among them), the cached share, and output tokens. */
export interface TokenCount {
  input: number
  cachedInput: number
  output: number
}

const safe = (micros: bigint): number | undefined => (micros <= MAX_SAFE ? Number(micros) : undefined)

/** Division rounded up: a fraction of a micro is charged, as a cap must never be passed by rounding. */
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b

/** A whole, non-negative count that a `number` holds exactly. */
export const isCount = (value: number): boolean => Number.isSafeInteger(value) && value >= 0

/**
 * The price of one image of `size`: its tier's when the table lists that size (in any spelling
 * `normalizeSize` reads), the model's price otherwise (no size, "auto", a size the table does not list).
 */
export function imageUnitMicros(price: ImagePrice, size: string | undefined): number {
  const wanted = size === undefined ? undefined : normalizeSize(size)
  const tier = wanted === undefined ? undefined : price.bySize.find((entry) => entry.size === wanted)
  return tier?.price ?? price.price
}

/** `count` items at `unitMicros` each; undefined above the safe integers. */
export function timesMicros(count: number, unitMicros: number): number | undefined {
  if (!isCount(count) || !isCount(unitMicros)) return undefined
  return safe(BigInt(count) * BigInt(unitMicros))
}

/**
 * `seconds` at `perSecondMicros`, counted to the millisecond (a delivered video may run 5.04 s) and rounded
 * up to the micro.
 */
export function secondsMicros(seconds: number, perSecondMicros: number): number | undefined {
  if (!Number.isFinite(seconds) || seconds < 0 || !isCount(perSecondMicros)) return undefined
  const ms = Math.round(seconds * Number(MS_PER_SECOND))
  if (!isCount(ms)) return undefined
  return safe(ceilDiv(BigInt(ms) * BigInt(perSecondMicros), MS_PER_SECOND))
}

/**
 * Tokens at the price per million: cached input at its own price when the table has one (at the input price
 * when not), the rest of the input at the input price, output at the output price; rounded up to the micro.
 */
export function tokenMicros(price: TokenPrice, tokens: TokenCount): number | undefined {
  const { input, cachedInput, output } = tokens
  if (!isCount(input) || !isCount(cachedInput) || !isCount(output)) return undefined
  const cached = BigInt(Math.min(cachedInput, input))
  const uncached = BigInt(input) - cached
  const total =
    uncached * BigInt(price.inputPerMillion) +
    cached * BigInt(price.cachedInputPerMillion ?? price.inputPerMillion) +
    BigInt(output) * BigInt(price.outputPerMillion)
  return safe(ceilDiv(total, TOKENS_PER_PRICE))
}
