import type { ApiClient } from '@shared/client'
import type { AppError } from '@shared/result'
import type { LocationProblem, LocationView } from '@shared/schemas/locations'
import { LOCATION_SAID, sentences } from '@shared/sentences'
import { loadBoards } from '../actions'
import { useGalleryStore } from '../store'
import { madeHere, useTeamStore, type SyncSummary, type TeamFailure } from './store'

const team = useTeamStore

/** The saved team locations, for the share dialog, the sync button and the details. */
export async function loadLocations(api: ApiClient): Promise<AppError | null> {
  const result = await api.call('locations.list', {})
  if (!result.ok) return result.error
  team.getState().setLocations(result.value)
  // Which boards are linked, as the backend keeps it: the marks survive a reload and other windows.
  const links = await api.call('team.boards', {})
  if (links.ok)
    for (const { boardId, locationId, pinned } of links.value) {
      team.getState().markShared(boardId, locationId)
      team.getState().markPinned(boardId, pinned === true)
    }
  return null
}

/**
 * "Keep files on this computer" for a team board, or not: kept, its images' files come now (a sync starts,
 * the Queue shows it) and with every sync after; no longer kept, files already here stay.
 */
export async function pinBoard(api: ApiClient, boardId: string, pinned: boolean): Promise<AppError | null> {
  const result = await api.call('team.pinBoard', { boardId, pinned })
  if (!result.ok) return result.error
  team.getState().markPinned(boardId, result.value.pinned === true)
  return null
}

/** What a team sync or publish counts. */
export interface TeamOutcome {
  pushed: number
  pulled: number
  added: number
}

/**
 * "Share with team": the board, its images and their records go to the location as a team board. The
 * board is marked as shared once the backend has linked it.
 */
export async function shareBoard(
  api: ApiClient,
  boardId: string,
  locationId: string
): Promise<AppError | TeamOutcome> {
  const result = await api.call('team.publishBoard', { locationId, boardId })
  if (!result.ok) return result.error
  team.getState().markShared(boardId, locationId)
  return result.value
}

/** A location's problem as the failure `team.sync` gives for it, so both are worded alike. */
function problemError(problem: LocationProblem): AppError {
  const code = LOCATION_SAID[problem]
  return { code: `location.${problem}`, message: sentences[code], words: { code } }
}

/**
 * A sync that moved nothing says "Up to date" only if the location is there: a shared folder that is not
 * mounted reads as an empty one, so a sync with nothing to send passes without noticing (a bucket or a
 * WebDAV server that is not there fails the sync's own listing). The Settings check
 * (`locations.test`: is the folder there) tells the two apart.
 */
async function stillThere(api: ApiClient, location: LocationView): Promise<AppError | null> {
  if (location.settings.kind !== 'folder') return null
  const check = await api.call('locations.test', {
    id: location.id,
    settings: location.settings,
    credentials: null
  })
  if (!check.ok) return null
  return check.value.ok ? null : problemError(check.value.problem ?? 'failed')
}

const boardIds = (): Set<string> => new Set((useGalleryStore.getState().boards ?? []).map((b) => b.id))

/**
 * "Sync with team": each saved location in turn sends this gallery's changes and brings the team's in.
 * A location that fails is said by name and the others still sync. The boards and the grid are read
 * again after, and the boards a sync brought in are marked as the team's.
 */
export async function syncWithTeam(api: ApiClient): Promise<void> {
  if (team.getState().syncing) return
  const first = team.getState().locations?.[0]
  team.setState({
    syncing: { at: 1, total: team.getState().locations?.length ?? 1, name: first?.name ?? '' },
    summary: null,
    failures: []
  })
  madeHere.clear()
  // The list as it is now: a location may have been added or removed in Settings meanwhile.
  await loadLocations(api)
  const locations = team.getState().locations ?? []
  if (useGalleryStore.getState().boards === null) await loadBoards(api)
  let before = boardIds()
  const summary: SyncSummary = { pushed: 0, pulled: 0, added: 0, removed: 0, synced: 0 }
  const failures: TeamFailure[] = []
  for (const [index, location] of locations.entries()) {
    team.setState({ syncing: { at: index + 1, total: locations.length, name: location.name } })
    const result = await api.call('team.sync', { id: location.id })
    const failure = !result.ok
      ? result.error
      : result.value.pushed + result.value.pulled + result.value.added + result.value.removed === 0
        ? await stillThere(api, location)
        : null
    if (failure) failures.push({ locationId: location.id, name: location.name, error: failure })
    else if (result.ok) {
      summary.pushed += result.value.pushed
      summary.pulled += result.value.pulled
      summary.added += result.value.added
      summary.removed += result.value.removed
      summary.synced += 1
    }
    // A board that is new after this location's sync, and not one made here meanwhile, came from it.
    await loadBoards(api)
    const after = boardIds()
    for (const id of after)
      if (!before.has(id) && !madeHere.has(id)) team.getState().markShared(id, location.id)
    before = after
  }
  useGalleryStore.getState().markStale()
  team.setState({ syncing: null, summary: summary.synced > 0 ? summary : null, failures })
}
