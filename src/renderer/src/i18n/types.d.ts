import type { en } from '@shared/i18n/locales/en'

// Keys are checked at compile time: t('nav.queue') compiles, t('nav.qeueu') does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof en }
  }
}
