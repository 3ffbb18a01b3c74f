import { create } from 'zustand'
import type { AppError } from '@shared/result'
import type { LocationView } from '@shared/schemas/locations'

/** What one sync of every saved location did, summed, as figures the screen puts in words. */
export interface SyncSummary {
  pushed: number
  pulled: number
  added: number
  /** Copies of team images that left the gallery because the team deleted them. */
  removed: number
  /** How many locations answered (a failed one is in `failures`, not here). */
  synced: number
}

/** A location a sync or a share could not reach, with the backend's failure (worded where it is shown). */
export interface TeamFailure {
  locationId: string
  name: string
  error: AppError
}

interface TeamState {
  /** The team locations saved in Settings (null until loaded, or when the list could not be read). */
  locations: LocationView[] | null
  /**
   * The boards this window knows to be linked to a team location, by board id: those it shared, and those
   * a sync brought in. Kept here only, because the backend has no query for its links yet: a board linked
   * in an earlier session has no mark until then (never a mark on a board that is not linked).
   */
  shared: Readonly<Record<string, readonly string[]>>
  /** A sync of every location, while it runs: which one it is at. */
  syncing: { at: number; total: number; name: string } | null
  /** The outcome of the last sync (null before one, or while one runs). */
  summary: SyncSummary | null
  failures: TeamFailure[]
  /** Linked boards whose images' files this computer keeps ("Keep files on this computer"), by board id. */
  pinned: Readonly<Record<string, true>>
  setLocations: (locations: LocationView[]) => void
  markShared: (boardId: string, locationId: string) => void
  markPinned: (boardId: string, pinned: boolean) => void
}

export const useTeamStore = create<TeamState>()((set) => ({
  locations: null,
  shared: {},
  syncing: null,
  summary: null,
  failures: [],
  pinned: {},
  setLocations: (locations) =>
    set((state) => {
      // A location removed in Settings no longer links anything on this screen.
      const known = new Set(locations.map((location) => location.id))
      const shared: Record<string, readonly string[]> = {}
      for (const [board, ids] of Object.entries(state.shared)) {
        const still = ids.filter((id) => known.has(id))
        if (still.length > 0) shared[board] = still
      }
      return { locations, shared }
    }),
  markShared: (boardId, locationId) =>
    set((state) => {
      const ids = state.shared[boardId] ?? []
      return ids.includes(locationId)
        ? state
        : { shared: { ...state.shared, [boardId]: [...ids, locationId] } }
    }),
  markPinned: (boardId, pinned) =>
    set((state) => {
      const { [boardId]: _was, ...rest } = state.pinned
      return { pinned: pinned ? { ...rest, [boardId]: true } : rest }
    })
}))

/** Boards made in this window while a sync runs: new after the sync, yet not brought in by it. */
export const madeHere = new Set<string>()
