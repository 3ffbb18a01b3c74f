import { create } from 'zustand'
import type { AppInfo, StorageState } from '@shared/schemas/app'
import type { Settings } from '@shared/schemas/settings'
import type { Connection } from '../api'
import type { LinkStatus } from '../api/link'

export const screens = ['chat', 'images', 'compare', 'edit', 'video', 'queue', 'gallery', 'settings'] as const
export type Screen = (typeof screens)[number]

interface AppState {
  connection: Connection | null
  info: AppInfo | null
  settings: Settings | null
  screen: Screen
  startupError: string | null
  /** Whether the backend can be reached: the shell shows a banner and locks actions when not. */
  link: LinkStatus
  /** A fault of the disk under the data folder, as the backend last found it (a banner while it lasts). */
  storage: StorageState
  setStorage: (storage: StorageState) => void
  /** Bumped after a reconnection has re-read the state: the open screen mounts again and reloads. */
  syncEpoch: number
  setLink: (link: LinkStatus) => void
  resynced: () => void
  setConnection: (connection: Connection, info: AppInfo, settings: Settings) => void
  setSettings: (settings: Settings) => void
  setScreen: (screen: Screen) => void
  setStartupError: (message: string) => void
}

export const useAppStore = create<AppState>()((set) => ({
  connection: null,
  info: null,
  settings: null,
  screen: 'chat',
  startupError: null,
  link: { state: 'open' },
  storage: null,
  setStorage: (storage) => set({ storage }),
  syncEpoch: 0,
  setLink: (link) => set({ link }),
  resynced: () => set((state) => ({ syncEpoch: state.syncEpoch + 1 })),
  setConnection: (connection, info, settings) => set({ connection, info, settings }),
  setSettings: (settings) => set({ settings }),
  setScreen: (screen) => set({ screen }),
  setStartupError: (startupError) => set({ startupError })
}))

export function useConnection(): Connection {
  const connection = useAppStore((state) => state.connection)
  if (!connection) throw new Error('useConnection used before the backend connected')
  return connection
}

/** The backend can be reached: actions that need it may run. */
export const selectOnline = (state: AppState): boolean => state.link.state === 'open'
