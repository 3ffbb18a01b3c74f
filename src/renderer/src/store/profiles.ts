import { create } from 'zustand'
import type { ModelCatalog, ProfileView } from '@shared/schemas/profiles'

interface ProfilesState {
  profiles: ProfileView[]
  catalogs: Record<string, ModelCatalog>
  setProfiles: (profiles: ProfileView[]) => void
  setCatalog: (catalog: ModelCatalog) => void
}

/** Mirrors the backend: filled at start and kept current by `profiles.changed` / `models.changed`. */
export const useProfilesStore = create<ProfilesState>()((set) => ({
  profiles: [],
  catalogs: {},
  setProfiles: (profiles) => set({ profiles }),
  setCatalog: (catalog) => set((state) => ({ catalogs: { ...state.catalogs, [catalog.profileId]: catalog } }))
}))

export const selectActiveProfile = (state: ProfilesState): ProfileView | undefined =>
  state.profiles.find((profile) => profile.active)
