import type { GalleryItem } from '@shared/schemas/gallery'
import type { JobView } from '@shared/schemas/jobs'
import type { Connection } from '../../api'
import { useAppStore } from '../../store/app'
import { loadBoards, reload } from './actions'
import { followImport } from './imports/folder'
import { loadLocations } from './team/actions'
import { useGalleryStore } from './store'

/** Feeds the gallery store from contract events; returns the unsubscribe. */
export function bridgeGallery(connection: Connection): () => void {
  const { api } = connection
  const store = useGalleryStore
  const offs = [
    api.on('gallery.exportProgress', (progress) => store.getState().upsertExport(progress)),
    api.on('gallery.importProgress', (progress) => followImport(progress)),
    api.on('gallery.removed', ({ ids }) => store.getState().removeIds(ids)),
    api.on('gallery.filesHere', ({ mediaIds }) => store.getState().filesHere(mediaIds)),
    // A sync (one asked for, or the automatic one) may have brought images and changed boards.
    api.on('team.synced', () => {
      store.getState().markStale()
      void loadBoards(api)
      void loadLocations(api)
    }),
    // The first page is asked for the moment the Gallery is chosen, not once its screen has rendered and
    // run its effects (70-90 ms at a million images): the backend answers while React renders, and the
    // page goes ahead of the board list and the rest the screen asks for on mount.
    useAppStore.subscribe((app, before) => {
      if (app.screen !== 'gallery' || before.screen === 'gallery') return
      const gallery = store.getState()
      if (gallery.stale && !gallery.typing && gallery.tab === 'images') void reload(api, connection.mediaUrl)
    }),
    api.on('jobs.removed', ({ id }) => store.getState().removeJob(id)),
    api.on('jobs.updated', jobNews),
    // A streamed image comes with its job as it is now, in place of a jobs.updated.
    api.on('jobs.partial', ({ job }) => jobNews(job))
  ]
  return () => offs.forEach((off) => off())
}

/** A job's news: new images mark the gallery stale, a star given elsewhere shows on its tile. */
function jobNews(job: JobView): void {
  const stored = job.results.filter((result) => result.kind === 'image' && result.status === 'stored')
  // Most events of a running batch are a poll's news with no image stored: nothing to look up.
  if (stored.length === 0) return
  const state = useGalleryStore.getState()
  const shown = byIdOf(state.items)
  // An image missing from the loaded run of the list belongs in it: downloads finish out of order, so one
  // made before the newest shown may be stored after it. Only one older than the last loaded, with pages
  // still to come, is left for paging to bring in. A search lists newest stored first: all belong on top.
  const oldest = state.items.at(-1)?.createdAt ?? -Infinity
  const inLoaded = (createdAt: number): boolean =>
    state.nextCursor === null || state.form.text.trim() !== '' || createdAt >= oldest
  let fresh = false
  for (const result of stored) {
    const item = shown.get(result.id)
    if (!item) fresh ||= inLoaded(result.createdAt)
    else if (item.favorite !== result.favorite) state.setFavorite(result.id, result.favorite)
  }
  if (fresh) state.markStale()
}

const lookups = new WeakMap<readonly GalleryItem[], ReadonlyMap<string, GalleryItem>>()

/** The loaded images by id, made once per list: several thousand may be loaded, and events come often. */
function byIdOf(items: readonly GalleryItem[]): ReadonlyMap<string, GalleryItem> {
  let lookup = lookups.get(items)
  if (!lookup) lookups.set(items, (lookup = new Map(items.map((item) => [item.id, item]))))
  return lookup
}

/** After an outage: images may have arrived unseen, so the grid offers to reload. */
export function resyncGallery(): Promise<void> {
  useGalleryStore.getState().markStale()
  return Promise.resolve()
}
