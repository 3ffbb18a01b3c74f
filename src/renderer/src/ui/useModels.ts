import { useEffect, useState } from 'react'
import type { ModelView } from '@shared/schemas/profiles'
import type { AppError } from '@shared/result'
import { useConnection } from '../store/app'
import { selectActiveProfile, useProfilesStore } from '../store/profiles'

export interface ModelsState {
  /** Models of the active gateway whose supported_endpoints include one of `endpoints` (all when empty). */
  models: ModelView[]
  loading: boolean
  error: AppError | null
  refresh: () => void
}

/**
 * The model list every screen builds its picker from. Reads the cached catalog of the active profile,
 * fetches the listing once when it was never fetched, and follows `models.changed` through the store.
 */
export function useModels(endpoints: readonly string[]): ModelsState {
  const { api } = useConnection()
  const profile = useProfilesStore(selectActiveProfile)
  const catalog = useProfilesStore((state) => (profile ? state.catalogs[profile.id] : undefined))
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!profile) return
    let live = true
    const load = async (): Promise<void> => {
      setLoading(true)
      const cached = await api.call('models.list', { profileId: profile.id })
      if (!live) return
      if (cached.ok) useProfilesStore.getState().setCatalog(cached.value)
      if (!cached.ok || cached.value.fetchedAt === null || attempt > 0) {
        const fresh = await api.call('models.refresh', { profileId: profile.id })
        if (!live) return
        if (fresh.ok) {
          useProfilesStore.getState().setCatalog(fresh.value)
          setError(null)
        } else setError(fresh.error)
      }
      setLoading(false)
    }
    void load()
    return () => {
      live = false
    }
  }, [api, profile, attempt])

  const all = catalog?.models ?? []
  const models =
    endpoints.length === 0 ? all : all.filter((m) => m.supportedEndpoints.some((e) => endpoints.includes(e)))
  return { models, loading, error, refresh: () => setAttempt((n) => n + 1) }
}
