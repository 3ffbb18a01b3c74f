import { LANGUAGES, type SpokenLanguage } from '../language'
import type { Said, SentenceValues } from '../sentences'
import type { Catalog } from './locales/catalog'
import type { en } from './locales/en'

/**
 * The one catalog of the app's words, for the places that speak without the renderer: the web host's
 * command line, the desktop notification, the exported gallery page. The renderer reads the same catalogs
 * through i18next; here a few lines do what i18next does for them: `{{name}}` (and `{{name, number}}`)
 * filled from values, `_one` / `_other` chosen by the language's plural rules.
 */
export type Words = Catalog<typeof en>

export function wordsOf(language: SpokenLanguage): Words {
  return LANGUAGES[language].catalog
}

/** Fills `{{name}}` and `{{name, number}}` from `values`, numbers written for the language. */
export function fill(language: SpokenLanguage, template: string, values: SentenceValues = {}): string {
  return template.replace(
    /\{\{\s*(\w+)\s*(?:,\s*(number)\s*)?\}\}/g,
    (whole, name: string, format?: string) => {
      if (!(name in values)) return whole
      const value = values[name] as string | number
      return format === 'number' && typeof value === 'number'
        ? new Intl.NumberFormat(language).format(value)
        : String(value)
    }
  )
}

/** The form of a plural entry (`{ x_one, x_other }` under `key`) for `count`, filled. */
export function plural(
  language: SpokenLanguage,
  forms: Partial<Record<string, string>>,
  key: string,
  count: number,
  values: SentenceValues = {}
): string {
  const category = new Intl.PluralRules(language).select(count)
  const template = forms[`${key}_${category}`] ?? forms[`${key}_other`] ?? key
  return fill(language, template, { count, ...values })
}

/** One of the backend's own sentences (src/shared/sentences.ts), in `language`. */
export function sentenceIn(language: SpokenLanguage, said: Pick<Said, 'code' | 'values'>): string {
  return fill(language, wordsOf(language).errors.backend[said.code], said.values)
}
