import type { GallerySelection } from '../../shared/schemas/gallery'
import type { EventBus } from '../contract/events'
import type { JobRepository } from '../jobs/repository'
import type { RemoveOutcome } from '../library'
import type { ImportRows } from './importRows'
import type { GalleryStore } from './store'

export interface GalleryDeletionDeps {
  store: Pick<GalleryStore, 'selected'>
  jobs: Pick<JobRepository, 'transaction' | 'deleteResults' | 'jobView' | 'deleteJob'>
  importRows: Pick<ImportRows, 'importedFrom'>
  removeMedia: (mediaId: string) => Promise<RemoveOutcome>
  bus: EventBus
}

/** A gallery image a deletion takes. */
export interface DoomedImage {
  id: string
  jobId: string
  mediaId: string
}

export interface DeletionOutcome {
  deleted: number
  filesRemoved: number
  /** Files kept because another result still uses the same bytes. */
  filesKept: number
}

/**
 * How gallery images are deleted, whoever asks (the designer's Delete, or a sync for an image the team
 * deleted): their rows and search entries, then their files unless other results use the same bytes, an
 * imported image's job with its image, and `gallery.removed` for every screen that shows them.
 */
export class GalleryDeletion {
  constructor(private readonly deps: GalleryDeletionDeps) {}

  /**
   * `alongside` runs in the transaction that deletes the rows, with what it deletes: a record that must
   * stand or fall with the deletion (the team's "delete for everyone") is written there.
   */
  async delete(
    selection: GallerySelection,
    alongside?: (doomed: readonly DoomedImage[]) => void
  ): Promise<DeletionOutcome> {
    const { store, jobs, importRows, bus } = this.deps
    // One transaction: what the selection names is what gets deleted, even while jobs keep finishing.
    const deleted = jobs.transaction(() => {
      const doomed = store.selected(selection)
      alongside?.(doomed)
      jobs.deleteResults(doomed.map((row) => row.id))
      return doomed
    })
    let filesRemoved = 0
    let filesKept = 0
    for (const mediaId of new Set(deleted.map((row) => row.mediaId))) {
      const outcome = await this.deps.removeMedia(mediaId)
      if (outcome === 'removed') filesRemoved += 1
      else if (outcome === 'in_use') filesKept += 1
    }
    for (const jobId of new Set(deleted.map((row) => row.jobId))) {
      // An imported image's job holds that image alone, and no screen lists it: it goes with its image.
      if (importRows.importedFrom(jobId)) {
        jobs.deleteJob(jobId)
        continue
      }
      const view = jobs.jobView(jobId)
      if (view) bus.emit('jobs.updated', view)
    }
    if (deleted.length > 0) bus.emit('gallery.removed', { ids: deleted.map((row) => row.id) })
    return { deleted: deleted.length, filesRemoved, filesKept }
  }
}
