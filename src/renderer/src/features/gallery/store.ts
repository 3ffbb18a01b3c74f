import { create } from 'zustand'
import type { AppError } from '@shared/result'
import type { Board } from '@shared/schemas/boards'
import type { ExportProgress, GalleryFacets, GalleryFilter, GalleryItem } from '@shared/schemas/gallery'
import { EMPTY_SELECTION, type Selection } from './selection'
import type { GalleryNotice } from './words'

/** The filter as the form holds it: plain strings, '' meaning "any". Dates are local `YYYY-MM-DD`. */
export interface FilterForm {
  text: string
  model: string
  endpoint: string
  profileId: string
  fromDate: string
  toDate: string
  favoritesOnly: boolean
  /** The board shown ('' for every image). */
  boardId: string
}

export const EMPTY_FORM: FilterForm = {
  text: '',
  model: '',
  endpoint: '',
  profileId: '',
  fromDate: '',
  toDate: '',
  favoritesOnly: false,
  boardId: ''
}

/** Local midnight of a `YYYY-MM-DD` day, plus `days`. */
function localDay(date: string, days = 0): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return undefined
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days).getTime()
}

/** The contract filter: "To" includes its whole day. */
export function toFilter(form: FilterForm): GalleryFilter {
  const filter: GalleryFilter = {}
  if (form.text.trim()) filter.text = form.text.trim()
  if (form.model) filter.models = [form.model]
  if (form.endpoint) filter.endpoints = [form.endpoint]
  if (form.profileId) filter.profileIds = [form.profileId]
  const from = localDay(form.fromDate)
  const to = localDay(form.toDate, 1)
  if (from !== undefined) filter.from = from
  if (to !== undefined) filter.to = to
  if (form.favoritesOnly) filter.favoritesOnly = true
  if (form.boardId) filter.boardIds = [form.boardId]
  return filter
}

/** Whether the user narrowed the view with the filter bar (a board is a place, not a filter). */
export const isFiltered = (form: FilterForm): boolean =>
  Object.keys(toFilter({ ...form, boardId: '' })).length > 0

/** Images per page after the first, and the size of a page loaded by position. */
export const PAGE = 300

/** The image at a position, from the top list or from a page loaded after a jump. */
export function itemAt(state: Pick<GalleryState, 'items' | 'pages'>, index: number): GalleryItem | undefined {
  return state.items[index] ?? state.pages[Math.floor(index / PAGE)]?.[index % PAGE]
}

/** Where each loaded image sits in the grid (a lookup made once, for ordering a selection). */
export function positions(state: Pick<GalleryState, 'items' | 'pages'>): (id: string) => number | undefined {
  const at = new Map<string, number>()
  state.items.forEach((item, index) => at.set(item.id, index))
  for (const [page, items] of Object.entries(state.pages)) {
    items.forEach((item, index) => at.set(item.id, Number(page) * PAGE + index))
  }
  return (id) => at.get(id)
}

/** A loaded image by id, wherever it was loaded. */
export function findItem(state: Pick<GalleryState, 'items' | 'pages'>, id: string): GalleryItem | undefined {
  const match = (item: GalleryItem): boolean => item.id === id
  const found = state.items.find(match)
  if (found) return found
  for (const page of Object.values(state.pages)) {
    const inPage = page.find(match)
    if (inPage) return inPage
  }
  return undefined
}

export type GalleryTab = 'images' | 'batches' | 'usage'
export type GalleryDialog = 'export' | 'delete' | 'board' | 'import' | null

interface GalleryState {
  tab: GalleryTab
  form: FilterForm
  /** Bumped whenever what is shown must be fetched again; answers for an older one are dropped. */
  generation: number
  /** The images from the top of the list, loaded page after page (keyset), without gaps. */
  items: GalleryItem[]
  /**
   * Pages loaded by position after a jump (the scrollbar dragged far below what `items` holds): page `p`
   * holds positions `p * PAGE …`. Positions `items` also holds are read from `items`.
   */
  pages: Readonly<Record<number, GalleryItem[]>>
  /** The positions the grid shows (first, last), so loading fetches what is on screen now. */
  visible: readonly [number, number]
  matching: number | null
  nextCursor: string | null
  loading: boolean
  error: AppError | null
  /** New images arrived (or some left) since the list was loaded. */
  stale: boolean
  /** The last change was typing in the search box: wait for a pause before fetching. */
  typing: boolean
  facets: GalleryFacets | null
  /** The boards, by name (null until loaded). */
  boards: Board[] | null
  selection: Selection
  /** Index of the last plain or ctrl click: where a shift-click range starts. */
  anchor: number | null
  detailId: string | null
  dialog: GalleryDialog
  exports: Record<string, ExportProgress>
  /** The outcome of the last bulk action ("Deleted 3 images"), as figures the screen puts in words. */
  notice: GalleryNotice | null
  setTab: (tab: GalleryTab) => void
  setBoards: (boards: Board[]) => void
  setForm: (patch: Partial<FilterForm>) => void
  resetForm: () => void
  setSelection: (selection: Selection, anchor?: number | null) => void
  setDetail: (id: string | null) => void
  setDialog: (dialog: GalleryDialog) => void
  upsertExport: (progress: ExportProgress) => void
  dismissExport: (exportId: string) => void
  removeIds: (ids: readonly string[]) => void
  removeJob: (jobId: string) => void
  setFavorite: (id: string, favorite: boolean) => void
  /** New stars for the loaded images `ratingOf` names (undefined: that image keeps its own). */
  setRatings: (ratingOf: (item: GalleryItem) => number | undefined) => void
  /** These media files are here now: their loaded tiles lose the cloud, in place (no page is read again). */
  filesHere: (mediaIds: readonly string[]) => void
  markStale: () => void
}

/** Every loaded image passed through `change`; an image it returns as it was stays the same object. */
function everyItem(
  state: Pick<GalleryState, 'items' | 'pages'>,
  change: (item: GalleryItem) => GalleryItem
): Pick<GalleryState, 'items' | 'pages'> {
  const pages: Record<number, GalleryItem[]> = {}
  for (const [p, page] of Object.entries(state.pages)) pages[Number(p)] = page.map(change)
  return { items: state.items.map(change), pages }
}

/** Every loaded image, wherever it was loaded (an image in both lists comes twice). */
export const loadedItems = (state: Pick<GalleryState, 'items' | 'pages'>): GalleryItem[] => [
  ...state.items,
  ...Object.values(state.pages).flat()
]

/** The gallery's state, outside the screen so filters, selection and exports survive navigation. */
export const useGalleryStore = create<GalleryState>()((set) => ({
  tab: 'images',
  form: EMPTY_FORM,
  generation: 0,
  items: [],
  pages: {},
  visible: [0, 0],
  matching: null,
  nextCursor: null,
  loading: false,
  error: null,
  stale: true,
  typing: false,
  facets: null,
  boards: null,
  selection: EMPTY_SELECTION,
  anchor: null,
  detailId: null,
  dialog: null,
  exports: {},
  notice: null,
  setTab: (tab) => set({ tab }),
  setBoards: (boards) => set({ boards }),
  setForm: (patch) =>
    set((state) => ({
      form: { ...state.form, ...patch },
      stale: true,
      typing: 'text' in patch,
      selection: EMPTY_SELECTION,
      anchor: null
    })),
  // Clearing the filters keeps the board shown.
  resetForm: () =>
    set((state) => ({
      form: { ...EMPTY_FORM, boardId: state.form.boardId },
      stale: true,
      typing: false,
      selection: EMPTY_SELECTION,
      anchor: null
    })),
  setSelection: (selection, anchor) =>
    set((state) => ({ selection, anchor: anchor === undefined ? state.anchor : anchor })),
  setDetail: (detailId) => set({ detailId }),
  setDialog: (dialog) => set({ dialog }),
  upsertExport: (progress) =>
    set((state) => {
      const known = state.exports[progress.exportId]
      // Events can overtake the command's answer: never step back from a finished state.
      if (known && known.status !== 'running' && progress.status === 'running') return state
      return { exports: { ...state.exports, [progress.exportId]: progress } }
    }),
  dismissExport: (exportId) =>
    set((state) => {
      const exports = { ...state.exports }
      delete exports[exportId]
      return { exports }
    }),
  removeIds: (ids) =>
    set((state) => {
      const gone = new Set(ids)
      const shown = new Set(loadedItems(state).map((item) => item.id))
      const removed = [...gone].filter((id) => shown.has(id)).length
      if (removed === 0) return state
      const items = state.items.filter((item) => !gone.has(item.id))
      return {
        items,
        // Positions after a removal shift: pages loaded by position are fetched again.
        pages: {},
        matching: state.matching === null ? null : state.matching - removed,
        detailId: state.detailId && gone.has(state.detailId) ? null : state.detailId,
        stale: true
      }
    }),
  removeJob: (jobId) =>
    set((state) => {
      const ofJob = (item: GalleryItem): boolean => item.jobId === jobId
      const shown = loadedItems(state)
      if (!shown.some(ofJob)) return state
      return {
        items: state.items.filter((item) => !ofJob(item)),
        pages: {},
        stale: true,
        detailId: shown.some((item) => item.id === state.detailId && ofJob(item)) ? null : state.detailId
      }
    }),
  setFavorite: (id, favorite) =>
    set((state) =>
      everyItem(state, (item) =>
        item.id === id && item.favorite !== favorite ? { ...item, favorite } : item
      )
    ),
  setRatings: (ratingOf) =>
    set((state) =>
      everyItem(state, (item) => {
        const rating = ratingOf(item)
        return rating === undefined || rating === item.rating ? item : { ...item, rating }
      })
    ),
  filesHere: (mediaIds) =>
    set((state) => {
      const here = new Set(mediaIds)
      // Most files of a board being kept may be on no loaded page: then nothing is drawn again.
      if (!loadedItems(state).some((item) => item.away && here.has(item.mediaId))) return state
      return everyItem(state, (item) => {
        if (!item.away || !here.has(item.mediaId)) return item
        const { away: _away, ...rest } = item
        return rest
      })
    }),
  markStale: () => set({ stale: true, typing: false })
}))
