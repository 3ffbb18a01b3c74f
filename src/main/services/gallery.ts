import type { galleryCommands } from '../../shared/contracts/gallery'
import type { CommandHandlers } from '../contract/dispatch'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import type { GalleryDeletion } from '../gallery/deletion'
import type { ExportManager } from '../gallery/export/manager'
import type { ImageExit } from '../gallery/exitOne'
import type { ImportManager } from '../gallery/imports'
import type { ImportRows } from '../gallery/importRows'
import { checkTimeZone } from '../gallery/export/plan'
import { BoardNameTaken, type BoardStore } from '../gallery/boards'
import { BadCursorError, type GalleryStore } from '../gallery/store'
import { buildUsageReport } from '../gallery/usage'
import type { JobRepository } from '../jobs/repository'

/** What the gallery handlers are built from, by name (built by `backend.ts`). */
export interface GalleryDeps {
  store: GalleryStore
  boards: BoardStore
  exports: ExportManager
  imports: ImportManager
  importRows: Pick<ImportRows, 'importedFrom'>
  /**
   * One image's copy as it leaves the app on its own (Save as…, drag-out): `file` for a tile dragged out,
   * `described` for the details, which also say whether the file carries content credentials (C2PA).
   */
  exits: Pick<ImageExit, 'file' | 'described'>
  jobs: Pick<JobRepository, 'transaction' | 'setRatings' | 'setNote'>
  deletion: Pick<GalleryDeletion, 'delete'>
  /**
   * Marks the images of these library files, where a team library holds them, to be deleted for everyone
   * by the next sync of each location; runs in the deletion's own transaction.
   */
  forEveryone: (mediaIds: readonly string[]) => void
  profileName: (id: string) => string | null
  /** The team location a media file is still at (its thumbnail alone is here), or null. */
  fileAway?: (mediaId: string) => string | null
}

/** The gallery, its bulk actions, team export, boards and usage totals. */
export function createGalleryHandlers(
  deps: GalleryDeps
): Pick<CommandHandlers, keyof typeof galleryCommands> {
  const { store, boards, exports, imports, importRows, profileName } = deps
  const noBoard = (): AppFailure => new AppFailure('not_found', say('boardGone'))
  const named = <T>(write: () => T): T => {
    try {
      return write()
    } catch (error) {
      if (error instanceof BoardNameTaken)
        throw new AppFailure('boards.name_taken', say('boardNameTaken', { name: error.boardName }))
      throw error
    }
  }
  const items = (boardId: string, changed: number | null) => {
    const board = changed === null ? null : boards.get(boardId)
    if (changed === null || !board) throw noBoard()
    return { changed, board }
  }

  return {
    'gallery.query': ({ filter, cursor, offset, limit }) => {
      try {
        return store.page(filter, cursor, limit, offset)
      } catch (error) {
        if (error instanceof BadCursorError)
          throw new AppFailure('invalid_input', say('galleryPageOutOfDate'))
        throw error
      }
    },
    'gallery.facets': () => store.facets(profileName),
    // The file is read once, for both what it leaves as and its credentials: the details open often.
    'gallery.get': async ({ id, waitForFile }) => {
      const detail = store.detail(id, profileName)
      if (!detail) throw new AppFailure('not_found', say('galleryImageGone'))
      const imported = importRows.importedFrom(detail.jobId)
      // The details open on a team image's thumbnail at once; what the file leaves as waits for the file,
      // which the panel asks for next (a whole image may take seconds to come from its location).
      if (waitForFile === false && deps.fileAway?.(detail.mediaId))
        return { ...detail, imported, fileFetching: true as const }
      const described = await deps.exits.described(id)
      return {
        ...detail,
        imported,
        credentials: described?.credentials ?? false,
        exit: described?.file ?? null,
        // Asked after `described`, which tried to bring the file: still away means its location failed.
        ...(deps.fileAway?.(detail.mediaId) ? { fileAway: true as const } : {})
      }
    },
    'gallery.exitFile': async ({ id }) =>
      (await deps.exits.file(id)) ?? raise(new AppFailure('not_found', say('galleryImageGone'))),
    'gallery.delete': ({ selection, forEveryone }) =>
      deps.deletion.delete(
        selection,
        forEveryone ? (doomed) => deps.forEveryone(doomed.map((row) => row.mediaId)) : undefined
      ),
    // What the selection names and the write are one transaction, as a deletion's are.
    'gallery.setRating': ({ selection, rating }) => ({
      changed: deps.jobs.transaction(() =>
        deps.jobs.setRatings(
          store.selected(selection).map((row) => row.id),
          rating
        )
      )
    }),
    'gallery.setNote': ({ id, note }) =>
      deps.jobs.transaction(() => {
        // Only an image the gallery shows takes a note (not a failed result, not a video).
        if (store.selected({ kind: 'ids', ids: [id] }).length === 0)
          throw new AppFailure('not_found', say('galleryImageGone'))
        deps.jobs.setNote(id, note)
        return { id, note }
      }),
    'gallery.export': (input) => exports.start(input),
    'gallery.cancelExport': ({ exportId }) => ({ cancelled: exports.cancel(exportId) }),
    'gallery.exports': () => exports.list(),
    'gallery.importFiles': ({ files }) => imports.importFiles(files),
    'gallery.importFolder': ({ folder }) => imports.importFolder(folder),
    'gallery.cancelImport': ({ importId }) => ({ cancelled: imports.cancel(importId) }),
    'gallery.imports': () => imports.list(),
    'usage.report': ({ from, to, profileIds, timeZone }) =>
      buildUsageReport(
        store.usageJobs({ from, to, profileIds }),
        checkTimeZone(timeZone ?? 'UTC'),
        profileName
      ),
    'boards.list': () => boards.list(),
    'boards.create': ({ name }) => named(() => boards.create(name)),
    'boards.rename': ({ id, name }) => named(() => boards.rename(id, name)) ?? raise(noBoard()),
    'boards.delete': ({ id }) => ({ deleted: boards.delete(id) }),
    'boards.add': ({ boardId, selection }) => items(boardId, boards.add(boardId, selection)),
    'boards.remove': ({ boardId, selection }) => items(boardId, boards.remove(boardId, selection))
  }
}

const raise = (failure: AppFailure): never => {
  throw failure
}
