import { useEffect, useState } from 'react'
import type { PriceTableView } from '@shared/schemas/money'
import { useConnection } from '../../store/app'

/**
 * A profile's price table as the renderer estimates with it (RELIABILITY P50): read with `prices.get`, and
 * read again when the backend says the profile's money changed (`spend.changed`) or when Settings saves or
 * imports prices (`pricesChanged`). Null while unread, without a table, or when it cannot be read: an
 * estimate is a help beside a button, never a reason to stop one.
 */

const savedListeners = new Set<(profileId: string) => void>()

/** Settings saved or imported a profile's prices: every estimate of that profile reads them again. */
export function pricesChanged(profileId: string): void {
  for (const listener of savedListeners) listener(profileId)
}

export function usePriceTable(profileId: string | undefined): PriceTableView | null {
  const { api } = useConnection()
  const [state, setState] = useState<{ profileId: string; table: PriceTableView | null } | null>(null)

  useEffect(() => {
    if (!profileId) return
    let live = true
    const load = (): void =>
      void api.call('prices.get', { profileId }).then((result) => {
        if (live) setState({ profileId, table: result.ok ? result.value.table : null })
      })
    load()
    const offSpend = api.on('spend.changed', (view) => {
      if (view.profileId === profileId) load()
    })
    const onSaved = (id: string): void => {
      if (id === profileId) load()
    }
    savedListeners.add(onSaved)
    return () => {
      live = false
      offSpend()
      savedListeners.delete(onSaved)
    }
  }, [api, profileId])

  // A table read for another profile is never shown for this one.
  return state && state.profileId === profileId ? state.table : null
}
