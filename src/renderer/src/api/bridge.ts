import type { Connection } from '.'
import { useAppStore } from '../store/app'
import { useProfilesStore } from '../store/profiles'

/** The one place contract events flow into stores; components only read stores. */
export function bridgeEvents(connection: Connection): () => void {
  const offs = [
    connection.api.on('settings.changed', (settings) => useAppStore.getState().setSettings(settings)),
    connection.api.on('profiles.changed', (profiles) => useProfilesStore.getState().setProfiles(profiles)),
    connection.api.on('models.changed', (catalog) => useProfilesStore.getState().setCatalog(catalog))
  ]
  return () => offs.forEach((off) => off())
}
