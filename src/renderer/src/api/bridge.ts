import type { Connection } from '.'
import { bridgeChat } from '../features/chat/bridge'
import { bridgeGallery } from '../features/gallery/bridge'
import { bridgeImages } from '../features/images/bridge'
import { bridgeTasks } from '../features/tasks/bridge'
import { useAppStore } from '../store/app'
import { useJobsStore } from '../store/jobs'
import { useProfilesStore } from '../store/profiles'

/**
 * Where contract events flow into stores; components only read stores. Shared stores are fed here, each
 * feature feeds its own from `features/<name>/bridge.ts`.
 */
export function bridgeEvents(connection: Connection): () => void {
  const { api } = connection
  const offs = [
    api.on('settings.changed', (settings) => useAppStore.getState().setSettings(settings)),
    api.on('profiles.changed', (profiles) => useProfilesStore.getState().setProfiles(profiles)),
    api.on('models.changed', (catalog) => useProfilesStore.getState().setCatalog(catalog)),
    api.on('jobs.updated', (job) => useJobsStore.getState().upsert(job)),
    api.on('jobs.partial', ({ jobId, result }) => useJobsStore.getState().addPartial(jobId, result)),
    api.on('jobs.removed', ({ id }) => useJobsStore.getState().remove(id)),
    bridgeChat(connection),
    bridgeImages(connection),
    bridgeTasks(connection),
    bridgeGallery(connection)
  ]
  return () => offs.forEach((off) => off())
}
