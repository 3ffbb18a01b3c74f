import type { JobRequest } from '../schemas/jobs'
import { imageUnitMicros, secondsMicros, timesMicros, tokenMicros, type TokenCount } from './cost'
import type { ModelPrice, PriceUnit } from './prices'
import { requestFacts } from './request'

/**
 * What a job will cost before it is sent, from the model's price and what the request asks for. Per image,
 * per video and per second the request says all there is (exact); per token only the gateway's usage will
 * tell, so the estimate is a guess (not exact) made from the prompt's length and an expected output.
 */

/**
 * Tokens of text are guessed as characters / 4, rounded up: the usual figure for English with the common
 * tokenizers. It is low for Chinese, Japanese and Korean (about one token per character), which is one
 * reason a token estimate is never exact. Characters are counted as code points, so an emoji is one.
 */
export const CHARS_PER_TOKEN = 4
/**
 * Output tokens expected per image (or reply) when the caller has no figure for the model: about what a
 * token-billed image model charges for one medium 1024x1024 image (1,056 for gpt-image-1) and what a
 * reply of a few paragraphs takes, so an unknown model's estimate is neither zero nor wildly high.
 */
export const DEFAULT_EXPECTED_OUTPUT_TOKENS = 1_000
/** A video's length when the request gives none usable: a common default length of video models. */
export const DEFAULT_VIDEO_SECONDS = 5

export interface EstimateHints {
  /** Output tokens the model is expected to produce per image (or reply); DEFAULT_EXPECTED_OUTPUT_TOKENS. */
  expectedOutputTokens?: number
  /** Seconds of video when the request has no usable duration; DEFAULT_VIDEO_SECONDS. */
  defaultVideoSeconds?: number
}

export type CostBasis = PriceUnit

/**
 * Why there is no estimate: no price for the model; a price of another kind of job (a per-second price for an
 * image request); a request whose count of images is no whole number from 1 up; a cost past 2^53 micros.
 */
export type UnknownReason = 'no_price' | 'unit_mismatch' | 'bad_count' | 'too_large'

export interface KnownEstimate {
  unknown?: never
  micros: number
  basis: CostBasis
  /** The cost when the job does what it asks: no guess went into it. */
  exact: boolean
  /** Images, videos or seconds priced (per token: images or replies the output was expected for). */
  count: number
  /** Per token: the tokens guessed. */
  tokens?: TokenCount
}

export type Estimate = KnownEstimate | { unknown: true; reason: UnknownReason }

const unknown = (reason: UnknownReason): Estimate => ({ unknown: true, reason })

const known = (
  micros: number | undefined,
  basis: CostBasis,
  exact: boolean,
  count: number,
  tokens?: TokenCount
): Estimate =>
  micros === undefined ? unknown('too_large') : { micros, basis, exact, count, ...(tokens ? { tokens } : {}) }

/** Tokens of `text` by CHARS_PER_TOKEN. */
export function tokensOfText(text: string): number {
  // Code points without making an array of them: a prompt may be megabytes long.
  let codePoints = text.length
  for (let i = 0; i < text.length - 1; i++) {
    const code = text.charCodeAt(i)
    const next = text.charCodeAt(i + 1)
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      codePoints--
      i++
    }
  }
  return Math.ceil(codePoints / CHARS_PER_TOKEN)
}

/** A caller's figure when it is a whole number of 0 or more, the default otherwise. */
const wholeOr = (value: number | undefined, fallback: number): number =>
  value !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : fallback

export function estimateJob(
  request: JobRequest,
  price: ModelPrice | undefined,
  hints: EstimateHints = {}
): Estimate {
  if (!price) return unknown('no_price')
  const facts = requestFacts(request)
  const isVideo = facts.jobKind === 'video'
  const count = facts.results
  if (!Number.isSafeInteger(count) || count < 1) return unknown('bad_count')
  switch (price.unit) {
    case 'image':
      if (isVideo) return unknown('unit_mismatch')
      // A partner-a group may come back smaller than its most: the estimate is then what it may cost at most.
      return known(
        timesMicros(count, imageUnitMicros(price, facts.size)),
        'image',
        !facts.resultsAtMost,
        count
      )
    case 'video':
      if (!isVideo) return unknown('unit_mismatch')
      return known(timesMicros(count, price.price), 'video', true, count)
    case 'second': {
      if (!isVideo) return unknown('unit_mismatch')
      const seconds = facts.seconds ?? wholeOr(hints.defaultVideoSeconds, DEFAULT_VIDEO_SECONDS)
      const each = secondsMicros(seconds, price.price)
      const micros = each === undefined ? undefined : timesMicros(count, each)
      return known(micros, 'second', facts.seconds !== undefined, count * seconds)
    }
    case 'tokens': {
      const perResult = wholeOr(hints.expectedOutputTokens, DEFAULT_EXPECTED_OUTPUT_TOKENS)
      const tokens = { input: tokensOfText(facts.prompt), cachedInput: 0, output: perResult * count }
      return known(tokenMicros(price, tokens), 'tokens', false, count, tokens)
    }
  }
}
