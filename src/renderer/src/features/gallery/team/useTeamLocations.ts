import { useCallback } from 'react'
import type { AppError } from '@shared/result'
import type { LocationView } from '@shared/schemas/locations'
import { useConnection } from '../../../store/app'
import { useLocationList, type LocationListView } from '../../../ui/LocationChoice'
import { loadLocations } from './actions'
import { useTeamStore } from './store'

/**
 * The saved team locations for a gallery dialog that sends a board to one, read into the team store on each
 * opening: the board marks (`team.boards`) come with them.
 */
export function useTeamLocations(dialogClass: string): {
  locations: LocationView[] | null
  view: LocationListView
  listError: AppError | null
} {
  const { api } = useConnection()
  const locations = useTeamStore((s) => s.locations)
  const load = useCallback(() => loadLocations(api), [api])
  return useLocationList(dialogClass, locations, load)
}
