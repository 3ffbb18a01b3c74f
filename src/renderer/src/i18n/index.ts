import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, resolveLanguage, SPOKEN_LANGUAGES, type SpokenLanguage } from '@shared/language'

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
  return instance
}

export const i18n = createI18n(
  resolveLanguage('system', typeof navigator === 'undefined' ? [] : navigator.languages)
)
