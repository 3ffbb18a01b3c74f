import { MAX_AMOUNT_PLACES, MICROS_PER_UNIT } from './amounts'

/**
 * An amount of money as a person reads it, in their language: "$0.04", "US$0.04", "¥1,234.50". Prices of
 * generated images are often fractions of a cent, so small amounts keep more digits, and a non-zero amount
 * is never shown as nothing.
 */

/** Below this (0.01 of the unit) two decimals would round a real price away: up to four are shown. */
const SMALL_MICROS = MICROS_PER_UNIT / 100
/** Below this (0.0001 of the unit) even four decimals would show zero: "< 0.0001" is shown instead. */
const TINY_MICROS = MICROS_PER_UNIT / 10_000
const FALLBACK_LOCALE = 'en'

/** Exact decimal text of micros, so Intl rounds the true amount rather than its nearest float. */
function decimalOf(micros: number): `${number}` {
  const sign = micros < 0 ? '-' : ''
  const size = Math.abs(micros)
  const fraction = String(size % MICROS_PER_UNIT).padStart(MAX_AMOUNT_PLACES, '0')
  return `${sign}${Math.floor(size / MICROS_PER_UNIT)}.${fraction}` as `${number}`
}

/** The locale as Intl takes it, or English when Intl refuses the tag. */
function localeOf(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? FALLBACK_LOCALE
  } catch {
    return FALLBACK_LOCALE
  }
}

/**
 * Formatters by locale, currency and digits: making one costs far more than using it, and a screen formats
 * hundreds of amounts in a handful of combinations. Emptied when full, so odd inputs cannot grow it.
 */
const formatters = new Map<string, { nf: Intl.NumberFormat; currency: boolean }>()
const MAX_FORMATTERS = 64

function formatterOf(
  locale: string,
  currency: string,
  maxDigits: number
): { nf: Intl.NumberFormat; currency: boolean } {
  const key = `${locale}\u0000${currency}\u0000${maxDigits}`
  const cached = formatters.get(key)
  if (cached) return cached
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: maxDigits }
  let made: { nf: Intl.NumberFormat; currency: boolean }
  try {
    made = {
      nf: new Intl.NumberFormat(localeOf(locale), { style: 'currency', currency, ...digits }),
      currency: true
    }
  } catch {
    // A currency code Intl refuses (tables check theirs; a caller may not) is written after the number.
    made = { nf: new Intl.NumberFormat(localeOf(locale), digits), currency: false }
  }
  if (formatters.size >= MAX_FORMATTERS) formatters.clear()
  formatters.set(key, made)
  return made
}

function format(micros: number, currency: string, locale: string, maxDigits: number): string {
  const { nf, currency: shown } = formatterOf(locale, currency, maxDigits)
  const text = nf.format(decimalOf(micros))
  return shown ? text : `${text} ${currency}`
}

/**
 * `micros` of `currency` (ISO 4217) for `locale` (a BCP 47 tag; one Intl refuses falls back to English).
 * At least 2 decimals; up to 4 when the amount is below 0.01; below 0.0001 but not zero, "<" and the
 * smallest amount shown ("<$0.0001"), so a real cost never reads as "$0.00". Throws a RangeError for micros
 * that are not a safe whole number: every amount this module makes is one.
 */
export function formatMoney(micros: number, currency: string, locale: string): string {
  if (!Number.isSafeInteger(micros)) throw new RangeError(`Not a whole number of micros: ${micros}`)
  const size = Math.abs(micros)
  if (size !== 0 && size < TINY_MICROS) {
    const bound = format(micros < 0 ? -TINY_MICROS : TINY_MICROS, currency, locale, 4)
    return micros < 0 ? `>${bound}` : `<${bound}`
  }
  return format(micros, currency, locale, size !== 0 && size < SMALL_MICROS ? 4 : 2)
}
