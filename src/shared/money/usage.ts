import { z } from 'zod'
import type { TokenCount } from './cost'

/**
 * The tokens a gateway's `usage` reports, under the names each endpoint uses (docs/GATEWAY.md §5):
 * chat completions `prompt_tokens` / `completion_tokens` / `total_tokens` with `prompt_tokens_details`;
 * messages `input_tokens` / `output_tokens` with `cache_read_input_tokens` and
 * `cache_creation_input_tokens`; responses, v1, edits and v3 `input_tokens` / `output_tokens` /
 * `total_tokens` with `input_tokens_details`; partner-a and video tasks only some of them. `usage` is the
 * gateway's data: anything may be missing, mistyped or extra, and a field that cannot be read is as if absent.
 */

/** More tokens than any call uses: a larger figure is a broken report, not a bill. */
export const MAX_REPORTED_TOKENS = 1e12

/** A token count as a whole number, or a string of digits as some proxies send; anything else: absent. */
const Count = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,13}$/)
      .transform(Number)
  ])
  .pipe(z.number().int().min(0).max(MAX_REPORTED_TOKENS))
  .optional()
  .catch(undefined)

const Details = z.looseObject({ cached_tokens: Count }).optional().catch(undefined)

const Usage = z.looseObject({
  prompt_tokens: Count,
  completion_tokens: Count,
  total_tokens: Count,
  prompt_tokens_details: Details,
  input_tokens: Count,
  output_tokens: Count,
  input_tokens_details: Details,
  cache_read_input_tokens: Count,
  cache_creation_input_tokens: Count
})

export interface ReportedTokens extends TokenCount {
  /**
   * Input and output both reported (or one of them and the total). When only the total is known, the split
   * is not: `input` is 0 and `output` the total, to be priced at the dearer of the two prices.
   */
  exact: boolean
  /** Only `total_tokens` was reported. */
  totalOnly: boolean
}

/**
 * The input, cached input and output tokens of `usage`, or null when it names none. Input counts every
 * input token, cached ones among them: chat completions and responses already count them so
 * (`*_details.cached_tokens` is a share of the input), while messages count cache reads and cache writes
 * apart from `input_tokens`, so they are added. Cache writes are priced as plain input (the table has no
 * price of their own).
 */
export function reportedTokens(usage: unknown): ReportedTokens | null {
  const read = Usage.safeParse(usage)
  if (!read.success) return null
  const u = read.data
  const cacheRead = u.cache_read_input_tokens
  const cacheWrite = u.cache_creation_input_tokens
  const separateCache = cacheRead !== undefined || cacheWrite !== undefined
  let input: number | undefined
  let cachedInput = 0
  if (u.prompt_tokens !== undefined) {
    input = u.prompt_tokens
    cachedInput = u.prompt_tokens_details?.cached_tokens ?? 0
  } else if (u.input_tokens !== undefined && separateCache) {
    input = u.input_tokens + (cacheRead ?? 0) + (cacheWrite ?? 0)
    cachedInput = cacheRead ?? 0
  } else if (u.input_tokens !== undefined) {
    input = u.input_tokens
    cachedInput = u.input_tokens_details?.cached_tokens ?? 0
  }
  let output = u.completion_tokens ?? u.output_tokens
  const total = u.total_tokens
  // One side and the total give the other side (partner-a and video tasks report output and total only).
  if (total !== undefined && input === undefined && output !== undefined && total >= output)
    input = total - output
  if (total !== undefined && output === undefined && input !== undefined && total >= input)
    output = total - input
  if (input === undefined && output === undefined) {
    return total === undefined
      ? null
      : { input: 0, cachedInput: 0, output: total, exact: false, totalOnly: true }
  }
  const inputs = input ?? 0
  return {
    input: inputs,
    cachedInput: Math.min(cachedInput, inputs),
    output: output ?? 0,
    exact: input !== undefined && output !== undefined,
    totalOnly: false
  }
}
