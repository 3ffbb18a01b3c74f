import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, resolveLanguage, SPOKEN_LANGUAGES, type SpokenLanguage } from '@shared/language'
import { numberFormat } from '../ui/intl'

/** The languages the app speaks and which one a setting means: shared with the backend (src/shared/language.ts). */
export { resolveLanguage } from '@shared/language'
export const languages = SPOKEN_LANGUAGES
export type Language = SpokenLanguage

/**
 * One i18next instance, initialised synchronously with every catalog bundled (no loading state, no
 * network: the CSP allows none). React escapes what it renders, so interpolation does not escape again.
 */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(languages.map((tag) => [tag, { translation: LANGUAGES[tag].catalog }])),
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false
  })
  // i18next's own `number` format keys its cache of formatters on every value of the call, so each new
  // count made a new Intl.NumberFormat: a trace of the Queue scrolled through 10,000 jobs spent a fifth of
  // each row's drawing there ("#1,234 in line"). The catalogs give `number` no options.
  instance.services.formatter?.add('number', (value: number, language: string | undefined) =>
    numberFormat(language ?? 'en').format(value)
  )
  remember(instance)
  return instance
}

/** Distinct calls remembered before the memory starts again (a plural's count, a prompt in a label…). */
const REMEMBERED = 5_000

/**
 * Makes `t` remember its answers: the same key, options and language always give the same words while the
 * app runs (every catalog is bundled, none changes), and a call costs i18next tens of microseconds. A
 * trace of the Queue with 10,000 jobs spent 20 s of 170 in `translate`, asking again for the same words
 * on every row. Calls with anything but plain values in their options are not remembered.
 */
function remember(instance: I18n): void {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown
  const said = new Map<string, unknown>()
  instance.on('languageChanged', () => said.clear())
  const t = (...args: unknown[]): unknown => {
    const id = callId(args)
    if (id === null) return translate(...args)
    if (said.has(id)) return said.get(id)
    const words = translate(...args)
    if (said.size >= REMEMBERED) said.clear()
    said.set(id, words)
    return words
  }
  instance.t = t as unknown as I18n['t']
}

const plain = (value: unknown): string | null => {
  if (value === null || value === undefined) return String(value)
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return `${(typeof value).charAt(0)}${String(value)}`
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return `a${value.join('\u0001')}`
  return null
}

/** One string for a call of `t`, or null when it cannot be told from its arguments alone. */
function callId(args: readonly unknown[]): string | null {
  const [key, options] = args
  if (args.length > 2) return null
  const parts = [plain(key)]
  if (options !== null && typeof options === 'object' && !Array.isArray(options)) {
    for (const [name, value] of Object.entries(options)) parts.push(name, plain(value))
  } else parts.push(plain(options))
  return parts.includes(null) ? null : parts.join('\u0002')
}

export const i18n = createI18n(
  resolveLanguage('system', typeof navigator === 'undefined' ? [] : navigator.languages)
)
