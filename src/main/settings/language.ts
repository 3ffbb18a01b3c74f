import { resolveLanguage, type SpokenLanguage } from '../../shared/language'
import type { Settings } from '../../shared/schemas/settings'

/** The system's preferred languages as the backend sees them: the locale variables, then ICU's default. */
function systemPreferred(): string[] {
  const { LC_ALL, LC_MESSAGES, LANG } = process.env
  return [LC_ALL, LC_MESSAGES, LANG, Intl.DateTimeFormat().resolvedOptions().locale].filter(
    (tag): tag is string => typeof tag === 'string' && tag.length > 0
  )
}

/**
 * The language a setting means for words the backend writes itself (the desktop notification; an export's
 * page when the renderer did not say): "system" is the backend's own system here, not a browser's.
 */
export function spokenLanguage(
  setting: Settings['language'],
  preferred: readonly string[] = systemPreferred()
): SpokenLanguage {
  return resolveLanguage(setting, preferred)
}
