import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import { i18n } from '@renderer/i18n'

// Components speak through the app's one i18n instance; tests read English unless they switch.
beforeEach(async () => {
  if (i18n.language !== 'en') await i18n.changeLanguage('en')
})
afterEach(() => cleanup())
