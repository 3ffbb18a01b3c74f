import type { Connection } from '.'
import { useAppStore } from '../store/app'
import { upsertFresh, useJobsStore } from '../store/jobs'
import { useProfilesStore } from '../store/profiles'
import { preloadImage } from '../media/preload'

/**
 * Feeds the shared stores (settings, profiles, the jobs mirror) from contract events; returns the
 * unsubscribe. Each feature feeds its own stores from `features/<name>/bridge.ts`; `shell/bridge.ts`
 * wires them all, so this folder never imports a feature.
 */
export function bridgeSharedStores(connection: Connection): () => void {
  const { api } = connection
  const offs = [
    api.on('settings.changed', (settings) => useAppStore.getState().setSettings(settings)),
    api.on('app.storageChanged', (storage) => useAppStore.getState().setStorage(storage)),
    api.on('profiles.changed', (profiles) => useProfilesStore.getState().setProfiles(profiles)),
    api.on('models.changed', (catalog) => useProfilesStore.getState().setCatalog(catalog)),
    api.on('jobs.updated', (job) => useJobsStore.getState().upsert(job)),
    api.on('jobs.partial', ({ result, job }) => {
      // The image is fetched (and decoded) from the moment its event arrives, while the slot renders.
      if (result.kind === 'image' && result.mediaId)
        void preloadImage(connection.mediaUrl(`${result.mediaId}_thumb`))
      useJobsStore.getState().upsert(job)
    }),
    api.on('jobs.removed', ({ id }) => useJobsStore.getState().remove(id))
  ]
  return () => offs.forEach((off) => off())
}

/**
 * After the backend was out of reach: reads the shared stores again, since every event of the
 * outage was missed. Jobs the mirror still shows as going are asked for one by one (they may have finished
 * or gone); each feature re-reads its own state from `shell/bridge.ts`.
 */
export async function resyncSharedStores({ api }: Connection): Promise<void> {
  const going = Object.values(useJobsStore.getState().byId).filter(
    (job) => job.status === 'pending' || job.status === 'running'
  )
  await Promise.all([
    api.call('settings.get', {}).then((r) => r.ok && useAppStore.getState().setSettings(r.value)),
    api.call('app.storage', {}).then((r) => r.ok && useAppStore.getState().setStorage(r.value)),
    api.call('profiles.list', {}).then((r) => r.ok && useProfilesStore.getState().setProfiles(r.value)),
    ...going.map(async (job) => {
      const fresh = await api.call('jobs.get', { id: job.id })
      if (fresh.ok) upsertFresh([fresh.value])
      else if (fresh.error.code === 'not_found') useJobsStore.getState().remove(job.id)
    })
  ])
}
