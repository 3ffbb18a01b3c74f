/**
 * Intl's formatters, each made once per language and options and then reused. Making one costs a few
 * tenths of a millisecond, about as much as rendering a whole job card; a 500-message chat opening, or a
 * streamed group re-rendering its card per image, asked for hundreds of them. The set of
 * options is fixed by the call sites, so these maps stay small.
 */
const dates = new Map<string, Intl.DateTimeFormat>()
const numbers = new Map<string, Intl.NumberFormat>()

/** The formatter of `language` and `options` in `made`, made by `make` the first time it is asked for. */
function once<F>(made: Map<string, F>, language: string, options: object, make: () => F): F {
  const key = `${language} ${JSON.stringify(options)}`
  const known = made.get(key)
  if (known) return known
  const format = make()
  made.set(key, format)
  return format
}

export const dateFormat = (language: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  once(dates, language, options, () => new Intl.DateTimeFormat(language, options))

export const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  once(numbers, language, options, () => new Intl.NumberFormat(language, options))

/**
 * Makes the plain number formatter of `language` and formats once with it. The first number a page formats
 * costs milliseconds (the locale's data is read then), which a screen's first opening (the Gallery's
 * count, a reply's token usage) would otherwise pay; call it in idle time.
 */
export function warmNumbers(language: string): void {
  numberFormat(language).format(1234567.5)
}
