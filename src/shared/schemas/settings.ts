import { z } from 'zod'
import { SPOKEN_LANGUAGES } from '../language'

export const Theme = z.enum(['system', 'light', 'dark'])
/** The language the UI speaks: the OS/browser's (when it is one we speak), or a chosen one. */
export const Language = z.enum(['system', ...SPOKEN_LANGUAGES])

/** Every setting has a default so a fresh or partially written store always reads back whole. */
export const Settings = z.object({
  theme: Theme.default('system'),
  language: Language.default('system'),
  notifyOnJobFinish: z.boolean().default(true),
  exportNameTemplate: z.string().min(1).max(200).default('{date}_{model}_{index}'),
  /** Who this person is on work shared with a team location; empty: the computer's user name. */
  teamName: z.string().trim().max(80).default('')
})
export type Settings = z.infer<typeof Settings>

export const SettingsPatch = z
  .object({
    theme: Theme,
    language: Language,
    notifyOnJobFinish: z.boolean(),
    exportNameTemplate: z.string().min(1).max(200),
    teamName: z.string().trim().max(80)
  })
  .partial()
  .strict()
export type SettingsPatch = z.infer<typeof SettingsPatch>
