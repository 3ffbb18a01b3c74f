/**
 * Amounts of money as a price file writes them (decimal text such as "0.04") and as this module counts them
 * (whole micro-units: 1 unit of the currency is 1,000,000 micros). Counting in whole micros keeps sums and
 * comparisons exact where floats would drift (0.1 + 0.2), and a `number` holds every micro amount below
 * 2^53 exactly, far above any bound here.
 */

export const MICROS_PER_UNIT = 1_000_000
/** The largest amount a price may be, in units: no real price per image, second or million tokens nears it. */
export const MAX_AMOUNT_UNITS = 1_000_000
export const MAX_AMOUNT_MICROS = MAX_AMOUNT_UNITS * MICROS_PER_UNIT
/** Micros are the smallest step, so a written amount has at most this many digits after the point. */
export const MAX_AMOUNT_PLACES = 6
/** Longer text is no amount at all; cutting it off early keeps every check below cheap. */
const MAX_AMOUNT_CHARS = 32

/** Why a text is not an amount, as the price file's issue codes name it. */
export type AmountProblem =
  | 'amount_missing'
  | 'amount_invalid'
  | 'amount_uses_comma'
  | 'amount_negative'
  | 'amount_too_large'
  | 'amount_too_precise'

export type AmountReading = { ok: true; micros: number } | { ok: false; problem: AmountProblem }

const DECIMAL = /^(\d+)(?:\.(\d+))?$/
/** A decimal comma, as many spreadsheets outside English write "0,04". */
const DECIMAL_COMMA = /^\d+,\d+$/

/**
 * Reads an amount written as decimal text: digits with at most one `.`, no sign, no exponent, no currency
 * sign, no thousands separators, surrounding spaces ignored. Never throws: what is wrong is the answer.
 */
export function readAmount(text: string): AmountReading {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, problem: 'amount_missing' }
  if (trimmed.length > MAX_AMOUNT_CHARS) return { ok: false, problem: 'amount_invalid' }
  if (DECIMAL_COMMA.test(trimmed)) return { ok: false, problem: 'amount_uses_comma' }
  if (trimmed.startsWith('-') && DECIMAL.test(trimmed.slice(1)))
    return { ok: false, problem: 'amount_negative' }
  const match = DECIMAL.exec(trimmed)
  if (!match) return { ok: false, problem: 'amount_invalid' }
  const whole = (match[1] as string).replace(/^0+(?=\d)/, '')
  const fraction = match[2] ?? ''
  if (fraction.length > MAX_AMOUNT_PLACES) return { ok: false, problem: 'amount_too_precise' }
  // Checked on the digits before any arithmetic, so a hundred-digit number never becomes an inexact float.
  if (whole.length > String(MAX_AMOUNT_UNITS).length) return { ok: false, problem: 'amount_too_large' }
  const micros = Number(whole) * MICROS_PER_UNIT + Number(fraction.padEnd(MAX_AMOUNT_PLACES, '0'))
  if (micros > MAX_AMOUNT_MICROS) return { ok: false, problem: 'amount_too_large' }
  return { ok: true, micros }
}

/** The micros of an amount written as decimal text ("0.04" is 40,000), or undefined when it is no amount. */
export function toMicros(text: string): number | undefined {
  const reading = readAmount(text)
  return reading.ok ? reading.micros : undefined
}

/**
 * Micros as the shortest decimal text that reads back to them: 40,000 is "0.04", 2,000,000 is "2". A
 * negative amount (a difference, never a price) keeps its sign.
 */
export function fromMicros(micros: number): string {
  if (!Number.isSafeInteger(micros)) throw new RangeError(`Not a whole number of micros: ${micros}`)
  const sign = micros < 0 ? '-' : ''
  const size = Math.abs(micros)
  const whole = Math.floor(size / MICROS_PER_UNIT)
  const fraction = String(size % MICROS_PER_UNIT)
    .padStart(MAX_AMOUNT_PLACES, '0')
    .replace(/0+$/, '')
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Whole micros, 0 and above, that a `number` holds exactly: what every function here takes and gives. */
export const isMicros = (value: number): boolean => Number.isSafeInteger(value) && value >= 0
