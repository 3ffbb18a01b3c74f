import { z } from 'zod'
import type { Catalog } from './i18n/locales/catalog'
import { en } from './i18n/locales/en'
import { zhCN } from './i18n/locales/zh-CN'
import type { Settings } from './schemas/settings'

interface LanguageEntry {
  catalog: Catalog<typeof en>
  /** Its name in itself, as the Settings choice shows every language. */
  name: string
  /** The first part of the system language tags it answers ("zh" reads zh-TW as Simplified Chinese). */
  answers: string
}

/**
 * Every language the app speaks, by its tag (BCP 47, which i18next and `Intl` take too), English first: the
 * fallback. Adding a language is its catalog (src/shared/i18n/locales) and a line here; the setting, the
 * renderer's i18next, the backend's words and the Settings choice all follow from this table.
 */
export const LANGUAGES = {
  en: { catalog: en, name: 'English', answers: 'en' },
  'zh-CN': { catalog: zhCN, name: '简体中文', answers: 'zh' }
} as const satisfies Record<string, LanguageEntry>

export type SpokenLanguage = keyof typeof LANGUAGES
export const SPOKEN_LANGUAGES = Object.keys(LANGUAGES) as [SpokenLanguage, ...SpokenLanguage[]]
export const SpokenLanguage = z.enum(SPOKEN_LANGUAGES)

/**
 * The language to speak for a setting, the same in the renderer and the backend: the chosen one, or for
 * "system" the first of the preferred languages that we speak (by `answers`), else English.
 */
export function resolveLanguage(setting: Settings['language'], preferred: readonly string[]): SpokenLanguage {
  if (setting !== 'system') return setting
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0]
    const spoken = SPOKEN_LANGUAGES.find((language) => LANGUAGES[language].answers === primary)
    if (spoken) return spoken
  }
  return 'en'
}
