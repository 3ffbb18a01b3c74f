import type { Connection } from '.'
import { useAppStore } from '../store/app'

/** The one place contract events flow into stores; components only read stores. */
export function bridgeEvents(connection: Connection): () => void {
  const offs = [
    connection.api.on('settings.changed', (settings) => useAppStore.getState().setSettings(settings))
  ]
  return () => offs.forEach((off) => off())
}
