import { create } from 'zustand'
import type { TeamWork } from '@shared/schemas/locations'
import type { ApiClient } from '@shared/client'

interface TeamWorkState {
  /** Each location's sync work as the backend last said it, by location id. */
  byLocation: Record<string, TeamWork>
  set: (work: TeamWork) => void
  setAll: (works: readonly TeamWork[]) => void
}

export const useTeamWorkStore = create<TeamWorkState>()((set) => ({
  byLocation: {},
  set: (work) => set((state) => ({ byLocation: { ...state.byLocation, [work.locationId]: work } })),
  setAll: (works) => set({ byLocation: Object.fromEntries(works.map((work) => [work.locationId, work])) })
}))

/** Reads every location's sync work (at start, and after an outage: its events were missed). */
export async function loadTeamWork(api: ApiClient): Promise<void> {
  const result = await api.call('team.work', {})
  if (result.ok) useTeamWorkStore.getState().setAll(result.value)
}

/** Shown in the Queue: work under way, or a last try that failed. A location that synced fine is quiet. */
export const isShown = (work: TeamWork): boolean => work.doing !== null || work.failure !== null
