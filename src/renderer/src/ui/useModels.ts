import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { ModelView } from '@shared/schemas/profiles'
import type { AppError } from '@shared/result'
import { useConnection } from '../store/app'
import { selectActiveProfile, useProfilesStore } from '../store/profiles'
import { currentT } from './words'

export interface ModelsState {
  /** Models of the active gateway whose supported_endpoints include one of `endpoints` (all when empty). */
  models: ModelView[]
  loading: boolean
  /**
   * The listing of the gateway in use, for its current key, has arrived: a chosen model it leaves out is
   * really not offered (not merely not loaded yet).
   */
  ready: boolean
  /** The name of the gateway in use, for notices, in the current language (the demo's, "this gateway"). */
  gateway: string
  error: AppError | null
  refresh: () => void
}

/**
 * The model list every screen builds its picker from. Reads the cached catalog of the active profile,
 * fetches the listing once when it was never fetched, and follows `models.changed` through the store: the
 * backend drops a profile's listing when its key or address changes and pushes the new one, so every
 * screen re-derives its choices from it at once.
 */
export function useModels(endpoints: readonly string[]): ModelsState {
  const { t } = useTranslation()
  const { api } = useConnection()
  const profile = useProfilesStore(selectActiveProfile)
  const catalog = useProfilesStore((state) => (profile ? state.catalogs[profile.id] : undefined))
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [attempt, setAttempt] = useState(0)
  const profileId = profile?.id
  const fetched = catalog !== undefined && catalog.fetchedAt !== null
  const keyed = profile?.hasKey ?? false

  useEffect(() => {
    if (!profileId) return
    let live = true
    const load = async (): Promise<void> => {
      setLoading(true)
      const cached = await api.call('models.list', { profileId })
      if (!live) return
      if (cached.ok) useProfilesStore.getState().setCatalog(cached.value)
      if (!cached.ok || cached.value.fetchedAt === null || attempt > 0) {
        const fresh = await api.call('models.refresh', { profileId })
        if (!live) return
        if (fresh.ok) {
          useProfilesStore.getState().setCatalog(fresh.value)
          setError(null)
        } else setError(fresh.error)
      } else setError(null)
      setLoading(false)
    }
    void load()
    return () => {
      live = false
    }
    // `fetched` and `keyed`: a dropped listing (new key, moved address) is fetched again at once.
  }, [api, profileId, attempt, fetched, keyed])

  const all = catalog?.models ?? []
  const models =
    endpoints.length === 0 ? all : all.filter((m) => m.supportedEndpoints.some((e) => endpoints.includes(e)))
  return {
    models,
    loading: loading || (!fetched && error === null && profileId !== undefined),
    ready: fetched && !loading,
    gateway: profile
      ? profile.kind === 'demo'
        ? t('gateways.demoName')
        : profile.name
      : t('ui.models.thisGateway'),
    error,
    refresh: () => setAttempt((n) => n + 1)
  }
}

/** The one line a screen shows when it let go of a model the gateway in use does not list. */
export const unlistedModelNotice = (model: string, gateway: string, t: TFunction = currentT): string =>
  t('ui.models.unlisted', { model, gateway })

/**
 * Lets go of a chosen model once the listing of the gateway in use has arrived without it (a gateway
 * switch, a new key): `clear` gets the notice to show. Never while the listing is still on its way.
 */
export function useClearUnlisted(
  chosen: string | null,
  state: Pick<ModelsState, 'models' | 'ready' | 'gateway'>,
  clear: (notice: string) => void
): void {
  const { t } = useTranslation()
  const { models, ready, gateway } = state
  const listed = chosen === null || chosen === '' || models.some((m) => m.id === chosen)
  useEffect(() => {
    if (ready && !listed && chosen) clear(unlistedModelNotice(chosen, gateway, t))
  }, [ready, listed, chosen, gateway, clear, t])
}
