import type { Connection } from '.'
import { useAppStore } from '../store/app'
import { useJobsStore } from '../store/jobs'
import { useProfilesStore } from '../store/profiles'

/**
 * Feeds the shared stores (settings, profiles, the jobs mirror) from contract events; returns the
 * unsubscribe. Each feature feeds its own stores from `features/<name>/bridge.ts`; `shell/bridge.ts`
 * wires them all, so this folder never imports a feature.
 */
export function bridgeSharedStores(connection: Connection): () => void {
  const { api } = connection
  const offs = [
    api.on('settings.changed', (settings) => useAppStore.getState().setSettings(settings)),
    api.on('profiles.changed', (profiles) => useProfilesStore.getState().setProfiles(profiles)),
    api.on('models.changed', (catalog) => useProfilesStore.getState().setCatalog(catalog)),
    api.on('jobs.updated', (job) => useJobsStore.getState().upsert(job)),
    api.on('jobs.partial', ({ jobId, result }) => useJobsStore.getState().addPartial(jobId, result)),
    api.on('jobs.removed', ({ id }) => useJobsStore.getState().remove(id))
  ]
  return () => offs.forEach((off) => off())
}
