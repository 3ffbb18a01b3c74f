import { z } from 'zod'
import type { Settings } from './schemas/settings'

/** The languages the app speaks, in the form BCP 47, i18next and `Intl` all take. */
export const SPOKEN_LANGUAGES = ['en', 'zh-CN'] as const
export const SpokenLanguage = z.enum(SPOKEN_LANGUAGES)
export type SpokenLanguage = z.output<typeof SpokenLanguage>

/**
 * The language to speak for a setting, the same in the renderer and the backend: the chosen one, or for
 * "system" the first of the preferred languages that we speak (any Chinese reads Simplified Chinese;
 * everything else English).
 */
export function resolveLanguage(setting: Settings['language'], preferred: readonly string[]): SpokenLanguage {
  if (setting !== 'system') return setting
  for (const tag of preferred) {
    const lower = tag.toLowerCase()
    if (lower.startsWith('zh')) return 'zh-CN'
    if (lower.startsWith('en')) return 'en'
  }
  return 'en'
}
