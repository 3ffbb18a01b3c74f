import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Settings } from '@shared/schemas/settings'
import { en } from './locales/en'
import { zhCN } from './locales/zh-CN'

/** The languages the app speaks, in the form BCP 47 and i18next both take. */
export const languages = ['en', 'zh-CN'] as const
export type Language = (typeof languages)[number]

/**
 * The language to speak for a setting: the chosen one, or for "system" the first of the OS/browser's
 * preferred languages that we speak (any Chinese reads Simplified Chinese; everything else English).
 */
export function resolveLanguage(setting: Settings['language'], preferred: readonly string[]): Language {
  if (setting !== 'system') return setting
  for (const tag of preferred) {
    const lower = tag.toLowerCase()
    if (lower.startsWith('zh')) return 'zh-CN'
    if (lower.startsWith('en')) return 'en'
  }
  return 'en'
}

/**
 * One i18next instance, initialised synchronously with both catalogs bundled (no loading state, no
 * network: the CSP allows none). React escapes what it renders, so interpolation does not escape again.
 */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false
  })
  return instance
}

export const i18n = createI18n(
  resolveLanguage('system', typeof navigator === 'undefined' ? [] : navigator.languages)
)
