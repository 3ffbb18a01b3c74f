import type { z } from 'zod'
import { AppInfo, Empty, OpenExternalInput, OpenExternalResult, StorageState } from '../schemas/app'
import { Settings, SettingsPatch } from '../schemas/settings'

export const coreCommands = {
  'app.info': { input: Empty, output: AppInfo },
  'app.openExternal': { input: OpenExternalInput, output: OpenExternalResult },
  'app.storage': { input: Empty, output: StorageState },
  'settings.get': { input: Empty, output: Settings },
  'settings.update': { input: SettingsPatch, output: Settings }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const coreEvents = {
  'settings.changed': Settings,
  'app.storageChanged': StorageState
} as const satisfies Record<string, z.ZodType>
