import { create } from 'zustand'
import type { AppInfo } from '@shared/schemas/app'
import type { Settings } from '@shared/schemas/settings'
import type { Connection } from '../api'

export const screens = ['chat', 'images', 'edit', 'video', 'tasks', 'gallery', 'settings'] as const
export type Screen = (typeof screens)[number]

interface AppState {
  connection: Connection | null
  info: AppInfo | null
  settings: Settings | null
  screen: Screen
  startupError: string | null
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
