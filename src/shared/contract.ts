import { z } from 'zod'
import { AppInfo, Empty, OpenExternalInput, OpenExternalResult } from './schemas/app'
import {
  ConnectionTest,
  KeyProtection,
  ModelCatalog,
  ModelsQuery,
  ProfileCreateInput,
  ProfileId,
  ProfileRef,
  ProfileUpdateInput,
  ProfileView,
  SetKeyInput
} from './schemas/profiles'
import { Settings, SettingsPatch } from './schemas/settings'
import { JobPartial, JobQuery, JobRef, JobResendInput, JobSubmitInput, JobView } from './schemas/jobs'

/**
 * The one list of everything the renderer may ask of the backend, and everything the backend may tell it.
 * Electron IPC channels, the preload bridge, the web host's WebSocket and the renderer client are all
 * derived from these keys, so a channel outside this file cannot exist.
 */
export const commands = {
  'app.info': { input: Empty, output: AppInfo },
  'app.openExternal': { input: OpenExternalInput, output: OpenExternalResult },
  'settings.get': { input: Empty, output: Settings },
  'settings.update': { input: SettingsPatch, output: Settings },

  'profiles.list': { input: Empty, output: z.array(ProfileView) },
  'profiles.create': { input: ProfileCreateInput, output: ProfileView },
  'profiles.update': { input: ProfileUpdateInput, output: ProfileView },
  'profiles.delete': { input: ProfileRef, output: z.object({ deleted: z.boolean() }) },
  'profiles.activate': { input: ProfileRef, output: ProfileView },
  'profiles.testConnection': { input: ProfileRef, output: ConnectionTest },
  'secrets.protection': { input: Empty, output: KeyProtection },
  'secrets.setKey': { input: SetKeyInput, output: ProfileView },
  'secrets.clearKey': { input: ProfileRef, output: ProfileView },
  'models.list': { input: ModelsQuery, output: ModelCatalog },
  'models.refresh': { input: z.object({ profileId: ProfileId.optional() }).strict(), output: ModelCatalog },

  'jobs.submit': { input: JobSubmitInput, output: JobView },
  'jobs.list': { input: JobQuery, output: z.array(JobView) },
  'jobs.get': { input: JobRef, output: JobView },
  'jobs.cancel': { input: JobRef, output: JobView },
  'jobs.resend': { input: JobResendInput, output: JobView },
  'jobs.delete': {
    input: JobRef,
    output: z.object({ deleted: z.boolean(), filesRemoved: z.number().int() })
  },
  'results.setFavorite': {
    input: z.object({ id: z.string().min(1).max(64), favorite: z.boolean() }).strict(),
    output: z.object({ id: z.string(), favorite: z.boolean() })
  }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const events = {
  'settings.changed': Settings,
  'profiles.changed': z.array(ProfileView),
  'models.changed': ModelCatalog,
  'jobs.updated': JobView,
  'jobs.partial': JobPartial,
  'jobs.removed': JobRef
} as const satisfies Record<string, z.ZodType>

export type Commands = typeof commands
export type CommandName = keyof Commands
export type CommandInput<K extends CommandName> = z.input<Commands[K]['input']>
export type ParsedCommandInput<K extends CommandName> = z.output<Commands[K]['input']>
export type CommandOutput<K extends CommandName> = z.output<Commands[K]['output']>
export type CommandOutputDraft<K extends CommandName> = z.input<Commands[K]['output']>

export type Events = typeof events
export type EventName = keyof Events
export type EventPayload<K extends EventName> = z.output<Events[K]>

export const commandNames = Object.keys(commands) as CommandName[]
export const eventNames = Object.keys(events) as EventName[]

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(commands, name)
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name)
}
