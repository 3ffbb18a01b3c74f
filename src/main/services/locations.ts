import type { GallerySelection } from '../../shared/schemas/gallery'
import type { LocationView, TeamDeleteImpact } from '../../shared/schemas/locations'
import { say } from '../../shared/sentences'
import type { CommandHandlers } from '../contract/dispatch'
import { AppFailure } from '../contract/failure'
import { placeOf } from '../../shared/locations/place'
import { checkLocation, locationOrigin, openLocation } from '../locations/open'
import type { LocationRecord, LocationRepository } from '../locations/repository'
import type { LocationSecrets } from '../secrets/locationSecrets'
import type { ReviewShares } from '../sync/reviewShares'
import type { BatchBoards } from '../sync/batchBoards'
import type { TeamSync } from '../sync/teamSync'
import { locationAppFailure, type TeamWorkBoard } from '../sync/teamWork'
import { LocationError } from '../locations/errors'

type LocationCommands =
  | 'locations.list'
  | 'locations.test'
  | 'locations.save'
  | 'locations.remove'
  | 'team.publishBoard'
  | 'team.publishBatch'
  | 'team.sync'
  | 'team.deleteImpact'
  | 'team.boards'
  | 'team.pinBoard'
  | 'team.shareForReview'
  | 'team.reviewShares'
  | 'team.revokeShare'
  | 'team.cleanUp'
  | 'team.work'

export interface LocationServiceDeps {
  locations: LocationRepository
  secrets: LocationSecrets
  teamSync: Pick<
    TeamSync,
    'publishBoard' | 'sync' | 'boardLinks' | 'pinBoard' | 'forgetPlace' | 'release' | 'cleanUp'
  >
  work: Pick<TeamWorkBoard, 'list'>
  reviews: Pick<ReviewShares, 'create' | 'list' | 'revoke' | 'leftovers' | 'cleared'>
  /** What deleting these gallery images would do to the team (`TeamDeletes.impact`). */
  deleteImpact: (selection: GallerySelection) => TeamDeleteImpact
  /** The board a batch is published as. */
  batches: Pick<BatchBoards, 'prepare'>
  /** Where a remote store keeps drafts on this machine. */
  draftDir: string
  /** The backend's one clock (`Clock.now`). */
  now: () => number
  /** How long a check waits for a silent server (tests shorten it). */
  checkTimeoutMs?: number
}

/**
 * Settings › Team locations. A check opens the location with the credentials given, or the saved ones
 * for the same origin, and lists at most one object; it writes nothing. Saving checks again and keeps
 * the answer, so the list says which locations answer without asking each time it is shown.
 */
export function createLocationHandlers(deps: LocationServiceDeps): Pick<CommandHandlers, LocationCommands> {
  const { locations, secrets, now } = deps
  const options = { draftDir: deps.draftDir, requestTimeoutMs: deps.checkTimeoutMs ?? 15_000 }

  const view = (record: LocationRecord): LocationView => {
    const hint = secrets.hint(record.id, locationOrigin(record.settings))
    return {
      id: record.id,
      name: record.name,
      settings: record.settings,
      hasCredentials: hint !== null,
      credentialHint: hint,
      lastCheck: record.lastCheck,
      createdAt: record.createdAt
    }
  }

  return {
    'locations.list': () => locations.list().map(view),

    'locations.test': async ({ id, settings, credentials }) => {
      const origin = locationOrigin(settings)
      const stored = credentials ?? (id === undefined ? null : await secrets.open(id, origin))
      const check = await checkLocation(await openLocation(settings, stored, options), now)
      // "Check again" on a saved location, as saved: the list keeps the answer across a reload.
      const saved = id === undefined ? null : locations.get(id)
      if (saved && credentials === null && JSON.stringify(saved.settings) === JSON.stringify(settings))
        locations.checked(saved.id, check)
      return check
    },

    'locations.save': async ({ id, name, settings, credentials }) => {
      const origin = locationOrigin(settings)
      if (credentials && credentials.kind !== settings.kind)
        throw new AppFailure('invalid_input', say('locationCredentialsMismatch'))
      const sealed = credentials ? await secrets.seal(credentials) : null
      const before = id === undefined ? null : locations.get(id)
      const saved = locations.save({ id, name, settings }, (savedId) =>
        secrets.store(savedId, sealed, origin)
      )
      // Its address or credentials may have changed: the next sync opens it anew.
      if (before && placeOf(before.settings) !== placeOf(settings)) await deps.teamSync.forgetPlace(saved.id)
      else await deps.teamSync.release(saved.id)
      const check = await checkLocation(
        await openLocation(settings, credentials ?? (await secrets.open(saved.id, origin)), options),
        now
      )
      locations.checked(saved.id, check)
      return view({ ...saved, lastCheck: check })
    },

    'locations.remove': async ({ id }) => {
      await deps.teamSync.release(id)
      return { removed: locations.remove(id) }
    },

    'team.publishBoard': async ({ locationId, boardId }) =>
      withLocationFailures(() => deps.teamSync.publishBoard(locationId, boardId)),

    'team.publishBatch': async ({ locationId, batchId }) =>
      withLocationFailures(async () => {
        // Before a board is made for it: a location that is gone would leave a board published nowhere.
        if (!locations.get(locationId)) throw new AppFailure('not_found', say('locationGone'))
        const { boardId, name } = deps.batches.prepare(batchId)
        const outcome = await deps.teamSync.publishBoard(locationId, boardId)
        return { ...outcome, boardId, board: name }
      }),

    'team.sync': async ({ id }) => withLocationFailures(() => deps.teamSync.sync(id)),

    'team.deleteImpact': ({ selection }) => deps.deleteImpact(selection),

    'team.boards': () => deps.teamSync.boardLinks(),

    'team.pinBoard': ({ boardId, pinned }) => {
      const done = deps.teamSync.pinBoard(boardId, pinned)
      if (!done) throw new AppFailure('not_found', say('boardGone'))
      // The sync it starts is the Queue's to show (and to say if it failed): the menu does not wait for it.
      void done.sync?.catch(() => undefined)
      const link = deps.teamSync.boardLinks().find((one) => one.boardId === boardId)
      if (!link) throw new AppFailure('not_found', say('boardGone'))
      return link
    },

    'team.shareForReview': async (request) => withLocationFailures(() => deps.reviews.create(request)),

    'team.reviewShares': ({ boardId }) => deps.reviews.list(boardId),

    'team.revokeShare': async ({ shareId }) => withLocationFailures(() => deps.reviews.revoke(shareId)),

    'team.cleanUp': async ({ id }) =>
      withLocationFailures(() =>
        deps.teamSync.cleanUp(id, {
          leftovers: (graceMs) => deps.reviews.leftovers(id, graceMs),
          cleared: (ids) => deps.reviews.cleared(ids)
        })
      ),

    'team.work': () => deps.work.list()
  }
}

/** A location that refuses or cannot be reached is said as what it is, in the renderer's words. */
async function withLocationFailures<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof LocationError) throw locationAppFailure(error)
    throw error
  }
}
