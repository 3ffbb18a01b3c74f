import type { z } from 'zod'
import { batchCommands } from './contracts/batches'
import { chatCommands, chatEvents } from './contracts/chat'
import { coreCommands, coreEvents } from './contracts/core'
import { galleryCommands, galleryEvents } from './contracts/gallery'
import { jobCommands, jobEvents } from './contracts/jobs'
import { libraryCommands } from './contracts/library'
import { locationCommands, locationEvents } from './contracts/locations'
import { moneyCommands, moneyEvents } from './contracts/money'
import { presetCommands } from './contracts/presets'
import { profileCommands, profileEvents } from './contracts/profiles'
import { uiCommands } from './contracts/ui'

/**
 * The one list of everything the renderer may ask of the backend, and everything the backend may tell it,
 * assembled from one fragment per feature (src/shared/contracts/). Electron IPC channels, the preload
 * bridge, the web host's WebSocket and the renderer client are all derived from these keys, so a channel
 * outside the contract cannot exist.
 */
export const commands = {
  ...coreCommands,
  ...profileCommands,
  ...jobCommands,
  ...batchCommands,
  ...moneyCommands,
  ...chatCommands,
  ...libraryCommands,
  ...galleryCommands,
  ...locationCommands,
  ...presetCommands,
  ...uiCommands
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const events = {
  ...coreEvents,
  ...profileEvents,
  ...jobEvents,
  ...moneyEvents,
  ...chatEvents,
  ...galleryEvents,
  ...locationEvents
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
