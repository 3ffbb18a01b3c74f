import { join } from 'node:path'
import type { galleryCommands } from '../../shared/contracts/gallery'
import type { CommandHandlers } from '../contract/dispatch'
import { AppFailure } from '../contract/failure'
import { say } from '../../shared/sentences'
import { ExportManager } from '../gallery/export/manager'
import { checkTimeZone } from '../gallery/export/plan'
import { BoardNameTaken, BoardStore } from '../gallery/boards'
import { BadCursorError, GalleryStore } from '../gallery/store'
import { buildUsageReport } from '../gallery/usage'
import { spokenLanguage } from '../settings/language'
import { APP_NAME, APP_VERSION } from '../version'
import type { ServiceContext } from './context'

export interface GalleryService {
  handlers: Pick<CommandHandlers, keyof typeof galleryCommands>
  exports: ExportManager
}

/** The gallery, its bulk actions, team export and usage totals (issue 8). */
export function createGalleryService(ctx: ServiceContext): GalleryService {
  const store = new GalleryStore(ctx.db)
  const boards = new BoardStore(ctx.db)
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
  const profileName = (id: string): string | null => ctx.profiles.get(id)?.name ?? null
  const exports = new ExportManager({
    exportsDir: join(ctx.dataDir, 'exports'),
    protectedDir: ctx.dataDir,
    rows: (selection) => store.rows(selection),
    resolveFile: (mediaId) => ctx.library.resolve(mediaId)?.file ?? null,
    nameTemplate: () => ctx.settings.get().exportNameTemplate,
    emit: (progress) => ctx.bus.emit('gallery.exportProgress', progress),
    appName: APP_NAME,
    appVersion: APP_VERSION,
    language: () => spokenLanguage(ctx.settings.get().language),
    onError: (message, error) => ctx.logger.error(message, error),
    probe: ctx.probe
  })
  const swept = exports.sweep()
  if (swept > 0) ctx.logger.info(`removed ${swept} unfinished export(s)`)

  const handlers: GalleryService['handlers'] = {
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
    'gallery.get': ({ id }) => {
      const detail = store.detail(id, profileName)
      if (!detail) throw new AppFailure('not_found', say('galleryImageGone'))
      return detail
    },
    'gallery.delete': ({ selection }) => {
      // One transaction: what the selection names is what gets deleted, even while jobs keep finishing.
      const deleted = ctx.jobs.transaction(() => {
        const doomed = store.selected(selection)
        ctx.jobs.deleteResults(doomed.map((row) => row.id))
        return doomed
      })
      let filesRemoved = 0
      let filesKept = 0
      for (const mediaId of new Set(deleted.map((row) => row.mediaId))) {
        const outcome = ctx.library.remove(mediaId)
        if (outcome === 'removed') filesRemoved += 1
        else if (outcome === 'in_use') filesKept += 1
      }
      for (const jobId of new Set(deleted.map((row) => row.jobId))) {
        const view = ctx.jobs.jobView(jobId)
        if (view) ctx.bus.emit('jobs.updated', view)
      }
      if (deleted.length > 0) ctx.bus.emit('gallery.removed', { ids: deleted.map((row) => row.id) })
      return { deleted: deleted.length, filesRemoved, filesKept }
    },
    'gallery.export': (input) => exports.start(input),
    'gallery.cancelExport': ({ exportId }) => ({ cancelled: exports.cancel(exportId) }),
    'gallery.exports': () => exports.list(),
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
  return { handlers, exports }
}

const raise = (failure: AppFailure): never => {
  throw failure
}

export function createGalleryHandlers(ctx: ServiceContext): GalleryService['handlers'] {
  return createGalleryService(ctx).handlers
}
