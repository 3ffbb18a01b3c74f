import type { CommandName } from './contract'

/** Electron IPC channel names, derived from contract keys so none can be written by hand elsewhere. */
export const IPC_PREFIX = 'gs:cmd:'
export const IPC_EVENT_CHANNEL = 'gs:event'

export function commandChannel(name: CommandName): string {
  return IPC_PREFIX + name
}
