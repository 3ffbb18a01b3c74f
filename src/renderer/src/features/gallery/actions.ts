import type { ApiClient } from '@shared/client'
import { SpokenLanguage } from '@shared/language'
import type { GalleryDetail, GalleryExportInput } from '@shared/schemas/gallery'
import type { TeamDeleteImpact } from '@shared/schemas/locations'
import type { AppError } from '@shared/result'
import type { z } from 'zod'
import { i18n } from '../../i18n'
import { preloadImage } from '../../media/preload'
import { sendSettingsToImages } from '../../store/handoff'
import { EMPTY_SELECTION, isSelected, selectedCount, toContract, type Selection } from './selection'
import { loadedItems, PAGE, positions, toFilter, useGalleryStore } from './store'
import { madeHere, useTeamStore } from './team/store'

/** The first page is small so the grid paints at once; later pages are larger. */
export const FIRST_PAGE = 120
export const NEXT_PAGE = PAGE

const store = useGalleryStore

/**
 * How many of a first page's thumbnails are fetched the moment the page arrives, before the grid has
 * rendered: at least a first screen's worth at any window size the app allows.
 */
const PRELOADED = 12
/** The longest what waits for the first screen's thumbnails (`firstImagesShown`) waits. */
const FIRST_IMAGES_LIMIT_MS = 600

/** The last reload's first screen of thumbnails: settled once they are decoded, or failed, or too slow. */
let firstImages: Promise<void> = Promise.resolve()

/**
 * Resolves once the first screen of the gallery's images is in (or could not be): what the screen reads
 * besides its images (the boards, the team locations) waits for it. Asked for with the page, their
 * answers were parsed and rendered (25-30 ms at 200 boards) just as the thumbnails came back, and the
 * thumbnails waited on the main thread.
 */
export function firstImagesShown(): Promise<void> {
  return firstImages
}

/**
 * Fetches the first page of the current filter (and the facets), dropping answers overtaken by a newer one.
 * The page is shown the moment it arrives, its first thumbnails already requested (with `mediaUrl`); the
 * facets (the filter pickers' counts) follow on their own.
 */
export async function reload(api: ApiClient, mediaUrl?: (id: string) => string): Promise<void> {
  const state = store.getState()
  const generation = state.generation + 1
  store.setState({ generation, loading: true, stale: false, error: null })
  let imagesIn = (): void => undefined
  firstImages = new Promise<void>((resolve) => {
    imagesIn = resolve
    setTimeout(resolve, FIRST_IMAGES_LIMIT_MS)
  })
  const page = await api.call('gallery.query', { filter: toFilter(state.form), limit: FIRST_PAGE })
  // The requests leave now, while React renders the grid that shows them (30-70 ms at a million images).
  const urls =
    page.ok && mediaUrl
      ? page.value.items.slice(0, PRELOADED).map((item) => mediaUrl(`${item.mediaId}_thumb`))
      : []
  void Promise.all(urls.map(preloadImage)).then(imagesIn)
  // The facets (only the filter pickers' counts) once the page is on screen and its thumbnails have had
  // time to arrive: over 100,000 images their first count holds the backend ~200 ms, and the thumbnails
  // waited behind it when both were asked at once.
  const facets = afterPaint(FACETS_AFTER_MS).then(async () => {
    const result = await api.call('gallery.facets', {})
    if (result.ok && store.getState().generation === generation) store.setState({ facets: result.value })
  })
  if (store.getState().generation === generation) {
    if (page.ok) {
      store.setState({
        items: page.value.items,
        pages: {},
        matching: page.value.matching,
        nextCursor: page.value.nextCursor,
        loading: false
      })
    } else store.setState({ loading: false, error: page.error })
  }
  await facets
}

/** How long after the first page is painted the facets are asked for. */
const FACETS_AFTER_MS = 300

/** Resolves `ms` after what was just set is painted (its images requested); without frames, a bit later. */
function afterPaint(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, ms + 100)
    requestAnimationFrame(() => {
      clearTimeout(fallback)
      setTimeout(resolve, ms)
    })
  })
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
  store.setState((current) => {
    // A cursor continues strictly after the last row: only the tail can overlap (never, unless rows moved).
    const tail = new Set(current.items.slice(-NEXT_PAGE).map((item) => item.id))
    const fresh = page.value.items.filter((item) => !tail.has(item.id))
    return { items: current.items.concat(fresh), nextCursor: page.value.nextCursor, loading: false }
  })
}

/** The page at position `p * PAGE`, after a jump past what the top list holds. */
async function loadPage(api: ApiClient, p: number): Promise<void> {
  const state = store.getState()
  const generation = state.generation
  store.setState({ loading: true })
  const page = await api.call('gallery.query', {
    filter: toFilter(state.form),
    offset: p * PAGE,
    limit: PAGE
  })
  if (store.getState().generation !== generation) return
  if (!page.ok) {
    store.setState({ loading: false, error: page.error })
    return
  }
  store.setState((current) => ({
    pages: { ...current.pages, [p]: page.value.items },
    // The count as of now: images may have arrived or gone since the first page.
    ...(page.value.matching !== null ? { matching: page.value.matching } : {}),
    loading: false
  }))
}

/**
 * Loads what the grid shows at positions `first…last`, one request at a time, always for what is on screen
 * now: the top list goes on with the next page when the screen is near its end (keyset), and a jump far
 * past it loads the page at that position (offset) instead of every page in between.
 */
export function ensureShown(api: ApiClient, first: number, last: number): void {
  const state = store.getState()
  if (state.visible[0] !== first || state.visible[1] !== last) store.setState({ visible: [first, last] })
  if (state.loading || state.stale || state.matching === null) return
  const end = Math.min(last, state.matching - 1)
  const top = state.items.length
  if (end < top) return
  if (state.nextCursor && first <= top + NEXT_PAGE) {
    void loadMore(api)
    return
  }
  for (let p = Math.floor(Math.max(first, top) / PAGE); p * PAGE <= end; p++) {
    if (!(p in state.pages)) {
      void loadPage(api, p)
      return
    }
  }
}

export async function setFavorite(api: ApiClient, id: string, favorite: boolean): Promise<AppError | null> {
  store.getState().setFavorite(id, favorite)
  const result = await api.call('results.setFavorite', { id, favorite })
  if (result.ok) return null
  store.getState().setFavorite(id, !favorite)
  return result.error
}

/**
 * Stars (0 clears them) for the images of a selection: shown at once on every loaded tile, then told to the
 * backend; if it refuses, each image gets back the stars it had and the refusal is returned to be shown.
 */
export async function rate(api: ApiClient, selection: Selection, rating: number): Promise<AppError | null> {
  const state = store.getState()
  const contract = toContract(selection, state.matching ?? state.items.length, positions(state))
  if (!contract) return null
  const before = new Map<string, number>()
  for (const item of loadedItems(state)) if (isSelected(selection, item.id)) before.set(item.id, item.rating)
  state.setRatings((item) => (before.has(item.id) ? rating : undefined))
  const result = await api.call('gallery.setRating', { selection: contract, rating })
  if (result.ok) return null
  store.getState().setRatings((item) => before.get(item.id))
  return result.error
}

/** Stars from the grid's keys, confirmed in the notice line (read out as it changes), or the refusal shown. */
export async function rateByKey(api: ApiClient, selection: Selection, rating: number): Promise<void> {
  const { matching, items } = store.getState()
  const images = selectedCount(selection, matching ?? items.length)
  const error = await rate(api, selection, rating)
  store.setState(error ? { error } : { notice: { type: 'rated', images, rating } })
}

/** One image's note, whole. */
export async function saveNote(api: ApiClient, id: string, note: string): Promise<AppError | null> {
  const result = await api.call('gallery.setNote', { id, note })
  return result.ok ? null : result.error
}

/**
 * "Use these settings": an imported image's file settings, or the stored request of the job that made it
 * (fetched whole, so the form is filled exactly as Remix fills it), go to the Images screen's form.
 */
export async function sendSettingsOf(api: ApiClient, detail: GalleryDetail): Promise<AppError | null> {
  if (detail.imported) {
    if (detail.imported.settings) sendSettingsToImages({ kind: 'file', settings: detail.imported.settings })
    return null
  }
  const job = await api.call('jobs.get', { id: detail.jobId })
  if (!job.ok) return job.error
  sendSettingsToImages({ kind: 'job', request: job.value.request, prompt: job.value.prompt })
  return null
}

/**
 * What deleting the selection would do to the team (which team boards it leaves, how many images a team
 * library holds); null when nothing is selected or the backend could not say.
 */
export async function deleteImpact(api: ApiClient): Promise<TeamDeleteImpact | null> {
  const { selection, matching, items } = store.getState()
  const contract = toContract(selection, matching ?? items.length, positions(store.getState()))
  if (!contract) return null
  const result = await api.call('team.deleteImpact', { selection: contract })
  return result.ok ? result.value : null
}

/**
 * Deletes what is selected (the user confirmed); says what happened to the files. `forEveryone`: also out
 * of the team libraries that hold them, at each location's next sync.
 */
export async function deleteSelected(api: ApiClient, forEveryone = false): Promise<AppError | null> {
  const { selection, matching, items } = store.getState()
  const contract = toContract(selection, matching ?? items.length, positions(store.getState()))
  if (!contract) return null
  const result = await api.call('gallery.delete', {
    selection: contract,
    confirm: true,
    ...(forEveryone ? { forEveryone } : {})
  })
  if (!result.ok) return result.error
  const { deleted, filesRemoved, filesKept } = result.value
  store.setState({
    selection: EMPTY_SELECTION,
    anchor: null,
    detailId: null,
    dialog: null,
    stale: true,
    notice: { type: 'deleted', deleted, filesRemoved, filesKept }
  })
  return null
}

export type ExportOptions = Omit<z.input<typeof GalleryExportInput>, 'selection' | 'timeZone' | 'language'>

/** Starts an export of the selection, of the whole filter, or of images named by id (a batch's). */
export async function startExport(
  api: ApiClient,
  scope: 'selection' | 'filter' | { ids: readonly string[] },
  options: ExportOptions
): Promise<AppError | null> {
  const { selection, matching, items, form } = store.getState()
  const chosen =
    typeof scope === 'object'
      ? scope.ids.length > 0
        ? { kind: 'ids' as const, ids: [...scope.ids] }
        : null
      : scope === 'selection'
        ? toContract(selection, matching ?? items.length, positions(store.getState()))
        : { kind: 'filter' as const, filter: toFilter(form), except: [] }
  if (!chosen) return null
  const result = await api.call('gallery.export', {
    ...options,
    selection: chosen,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    // The export's page speaks the language on screen now; the backend's setting is its fallback.
    language: SpokenLanguage.catch('en').parse(i18n.language)
  })
  if (!result.ok) return result.error
  store.getState().upsertExport(result.value)
  store.setState({ dialog: null })
  return null
}

/** The boards with their counts, for the boards bar and the "Add to board" dialog. */
export async function loadBoards(api: ApiClient): Promise<AppError | null> {
  const result = await api.call('boards.list', {})
  if (!result.ok) return result.error
  store.getState().setBoards(result.value)
  return null
}

/** A new board, shown at once (its images are the gallery filtered by it). */
export async function createBoard(api: ApiClient, name: string): Promise<AppError | string> {
  const result = await api.call('boards.create', { name })
  if (!result.ok) return result.error
  // Made while a sync runs: not one the sync brought in from the team.
  if (useTeamStore.getState().syncing) madeHere.add(result.value.id)
  await loadBoards(api)
  return result.value.id
}

export async function renameBoard(api: ApiClient, id: string, name: string): Promise<AppError | null> {
  const result = await api.call('boards.rename', { id, name })
  if (!result.ok) return result.error
  await loadBoards(api)
  return null
}

/** The board goes, its images stay; the gallery goes back to every image if the board was shown. */
export async function deleteBoard(api: ApiClient, id: string): Promise<AppError | null> {
  const result = await api.call('boards.delete', { id })
  if (!result.ok) return result.error
  if (store.getState().form.boardId === id) store.getState().setForm({ boardId: '' })
  await loadBoards(api)
  return null
}

/** Puts images named by id on a board (a batch's kept ones); says how many were new to it, and its name. */
export async function addToBoard(
  api: ApiClient,
  boardId: string,
  ids: readonly string[]
): Promise<AppError | { changed: number; board: string }> {
  const result = await api.call('boards.add', { boardId, selection: { kind: 'ids', ids: [...ids] } })
  if (!result.ok) return result.error
  await loadBoards(api)
  return { changed: result.value.changed, board: result.value.board.name }
}

/** Puts the selection on a board (or takes it off) and says how many images that changed. */
export async function changeBoard(
  api: ApiClient,
  boardId: string,
  how: 'add' | 'remove'
): Promise<AppError | null> {
  const state = store.getState()
  const selection = toContract(state.selection, state.matching ?? state.items.length, positions(state))
  if (!selection) return null
  const result = await api.call(how === 'add' ? 'boards.add' : 'boards.remove', { boardId, selection })
  if (!result.ok) return result.error
  const { changed, board } = result.value
  store.setState({
    dialog: null,
    selection: EMPTY_SELECTION,
    anchor: null,
    // Taking images off the board shown changes what is shown.
    stale: state.stale || (how === 'remove' && state.form.boardId === boardId),
    notice: { type: 'board', how, changed, board: board.name }
  })
  await loadBoards(api)
  return null
}
