import type { ApiClient } from '@shared/client'
import type { GalleryExportInput } from '@shared/schemas/gallery'
import type { AppError } from '@shared/result'
import type { z } from 'zod'
import { EMPTY_SELECTION, toContract } from './selection'
import { toFilter, useGalleryStore } from './store'

/** The first page is small so the grid paints at once; later pages are larger. */
export const FIRST_PAGE = 120
export const NEXT_PAGE = 300

const store = useGalleryStore

/** Fetches the first page of the current filter (and the facets), dropping answers overtaken by a newer one. */
export async function reload(api: ApiClient): Promise<void> {
  const state = store.getState()
  const generation = state.generation + 1
  store.setState({ generation, loading: true, stale: false, error: null })
  const [page, facets] = await Promise.all([
    api.call('gallery.query', { filter: toFilter(state.form), limit: FIRST_PAGE }),
    api.call('gallery.facets', {})
  ])
  if (store.getState().generation !== generation) return
  if (facets.ok) store.setState({ facets: facets.value })
  if (page.ok) {
    store.setState({
      items: page.value.items,
      matching: page.value.matching,
      nextCursor: page.value.nextCursor,
      loading: false
    })
  } else store.setState({ loading: false, error: page.error })
}

/** The next page, if there is one and nothing is loading. */
export async function loadMore(api: ApiClient): Promise<void> {
  const state = store.getState()
  if (state.loading || !state.nextCursor || state.stale) return
  const generation = state.generation
  store.setState({ loading: true })
  const page = await api.call('gallery.query', {
    filter: toFilter(state.form),
    cursor: state.nextCursor,
    limit: NEXT_PAGE
  })
  if (store.getState().generation !== generation) return
  if (!page.ok) {
    store.setState({ loading: false, error: page.error })
    return
  }
  const known = new Set(store.getState().items.map((item) => item.id))
  store.setState((current) => ({
    items: [...current.items, ...page.value.items.filter((item) => !known.has(item.id))],
    nextCursor: page.value.nextCursor,
    loading: false
  }))
}

export async function setFavorite(api: ApiClient, id: string, favorite: boolean): Promise<AppError | null> {
  store.getState().setFavorite(id, favorite)
  const result = await api.call('results.setFavorite', { id, favorite })
  if (result.ok) return null
  store.getState().setFavorite(id, !favorite)
  return result.error
}

const plural = (n: number, word: string): string => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`

/** Deletes what is selected (the user confirmed); says what happened to the files. */
export async function deleteSelected(api: ApiClient): Promise<AppError | null> {
  const { selection, matching, items } = store.getState()
  const contract = toContract(selection, matching ?? items.length)
  if (!contract) return null
  const result = await api.call('gallery.delete', { selection: contract, confirm: true })
  if (!result.ok) return result.error
  const { deleted, filesRemoved, filesKept } = result.value
  const kept = filesKept > 0 ? `; ${plural(filesKept, 'file')} kept because other images use them` : ''
  store.setState({
    selection: EMPTY_SELECTION,
    anchor: null,
    detailId: null,
    dialog: null,
    stale: true,
    notice: `Deleted ${plural(deleted, 'image')} (${plural(filesRemoved, 'file')} removed${kept}).`
  })
  return null
}

export type ExportOptions = Omit<z.input<typeof GalleryExportInput>, 'selection' | 'timeZone'>

/** Starts an export of the selection, or of the whole filter when nothing is selected. */
export async function startExport(
  api: ApiClient,
  scope: 'selection' | 'filter',
  options: ExportOptions
): Promise<AppError | null> {
  const { selection, matching, items, form } = store.getState()
  const chosen =
    scope === 'selection'
      ? toContract(selection, matching ?? items.length)
      : { kind: 'filter' as const, filter: toFilter(form), except: [] }
  if (!chosen) return null
  const result = await api.call('gallery.export', {
    ...options,
    selection: chosen,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone
  })
  if (!result.ok) return result.error
  store.getState().upsertExport(result.value)
  store.setState({ dialog: null })
  return null
}
