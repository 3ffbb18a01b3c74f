import {
  memo,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement
} from 'react'
import { useTranslation } from 'react-i18next'
import type { ApiClient } from '@shared/client'
import type { GalleryItem } from '@shared/schemas/gallery'
import { dragOut, exitFileOf } from '../../media/exitCopy'
import { GalleryStage, neighboursOf } from '../../media/GalleryStage'
import type { JustifiedRow } from '../../media/justify'
import { useTallRows } from '../../media/useTallRows'
import { useWidth } from '../../media/useWidth'
import { useConnection } from '../../store/app'
import { galleryKey } from '../../ui/galleryKeys'
import { MediaThumb } from '../../ui/MediaThumb'
import { ensureShown, rateByKey } from './actions'
import { createGridLayout, floorPx } from './layout'
import { isSelected, only, selectRange, toggle, type Selection } from './selection'
import { itemAt, positions, useGalleryStore } from './store'
import '../../media/mediaChecker.css'

const GAP = 10
const PADDING = 20
/** The height a row aims at: about the old square tiles' size, each image now at its own shape. */
const ROW_HEIGHT = 200

/** What a tile does when used; one object for the whole grid, reading the store when called. */
interface TileActions {
  open(index: number, item: GalleryItem, event: MouseEvent | KeyboardEvent): void
  /** Shows the image large on the stage (a double-click, or Enter on the image whose details are open). */
  stage(index: number, item: GalleryItem): void
  key(index: number, item: GalleryItem, event: KeyboardEvent<HTMLDivElement>): void
  check(index: number, item: GalleryItem, event: MouseEvent): void
  /** The pointer went down on a tile: a drag may follow, whose file must be named as it starts. */
  press(item: GalleryItem): void
  /** The tile dragged out of the window leaves as its image's copy, with its story. */
  drag(item: GalleryItem, event: DragEvent<HTMLDivElement>): void
}

function tileActions(onStage: (id: string) => void, api: ApiClient): TileActions {
  const state = useGalleryStore.getState
  const open: TileActions['open'] = (index, item, event) => {
    const { selection, anchor, setSelection, setDetail } = state()
    if (event.shiftKey && anchor !== null)
      setSelection(selectRange(selection, (i) => itemAt(state(), i), anchor, index))
    else if (event.metaKey || event.ctrlKey) setSelection(toggle(selection, item.id), index)
    else {
      setSelection(only(item.id), index)
      setDetail(item.id)
    }
  }
  const stage: TileActions['stage'] = (index, item) => {
    state().setSelection(only(item.id), index)
    state().setDetail(item.id)
    onStage(item.id)
  }
  return {
    open,
    stage,
    key(index, item, event) {
      const command = galleryKey(event)
      // Escape is the screen's (it clears the selection wherever the focus is in the gallery).
      if (!command || command.kind === 'clearSelection') return
      event.preventDefault()
      if (command.kind === 'select') state().setSelection(toggle(state().selection, item.id), index)
      else if (command.kind === 'open' && state().detailId === item.id) stage(index, item)
      else if (command.kind === 'open' || command.kind === 'selectRange') open(index, item, event)
      else if (command.kind === 'move') {
        // Only one tile is in the Tab order; arrows walk the rest in reading order (Space then selects).
        const tiles = [
          ...(event.currentTarget.parentElement
            ?.closest('[role="listbox"]')
            ?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])
        ]
        const at = tiles.indexOf(event.currentTarget)
        const { step } = command
        const next = step === -Infinity ? tiles[0] : step === Infinity ? tiles.at(-1) : tiles[at + step]
        next?.focus()
      } else {
        // The selection when this tile is in it (as Space builds one), else the tile the keys are on.
        const { selection } = state()
        void rateByKey(api, isSelected(selection, item.id) ? selection : only(item.id), command.stars)
      }
    },
    check(index, item, event) {
      event.stopPropagation()
      state().setSelection(toggle(state().selection, item.id), index)
    },
    press(item) {
      void exitFileOf(api, item.id)
    },
    drag(item, event) {
      dragOut(event, item.id)
    }
  }
}

interface RowProps {
  row: JustifiedRow
  start: number
  count: number
  /** The row's images in order (undefined: not loaded yet), so a page arriving elsewhere leaves it alone. */
  tiles: readonly (GalleryItem | undefined)[]
  selection: Selection
  detailId: string | null
  focusIndex: number
  onScreen: boolean
  actions: TileActions
}

/** Same row, same images: every prop equal, the tiles compared one by one (the parent builds a new list). */
function sameRow(a: RowProps, b: RowProps): boolean {
  for (const key of Object.keys(a) as (keyof RowProps)[])
    if (key !== 'tiles' && a[key] !== b[key]) return false
  return a.tiles.length === b.tiles.length && a.tiles.every((item, i) => item === b.tiles[i])
}

/**
 * One row of tiles. Memoised by its own images: while scrolling, rows that stay on screen are not rendered
 * again, nor are they when a page lands elsewhere (at 100,000 images one lands every few frames of a drag).
 */
const GridRow = memo(function GridRow(props: RowProps): ReactElement {
  const { row, start, count, tiles, selection, detailId, focusIndex, onScreen, actions } = props
  const { t } = useTranslation()
  const height = floorPx(row.height)
  return (
    <div
      role="presentation"
      className="gallery-row"
      style={{ transform: `translateY(${start}px)`, gap: GAP, height, left: PADDING }}
    >
      {row.widths.map((width, column) => {
        const index = row.start + column
        const box = { width: floorPx(width), height }
        const item = tiles[column]
        if (!item)
          return <div key={`p${index}`} className="gallery-tile placeholder" style={box} aria-hidden="true" />
        const selected = isSelected(selection, item.id)
        // A team image whose full file is still at its location says so after its name (the cloud is only an icon).
        const title = item.prompt || t('gallery.grid.untitled')
        const name = item.away ? t('gallery.grid.away', { name: title }) : title
        return (
          <div
            key={item.id}
            role="option"
            aria-selected={selected}
            // The stars are in the name: the tile shows them only as an icon.
            aria-label={
              item.rating > 0
                ? t('gallery.grid.rated', { name, stars: t('gallery.marks.stars', { count: item.rating }) })
                : name
            }
            aria-posinset={index + 1}
            aria-setsize={count}
            tabIndex={index === focusIndex ? 0 : -1}
            className={`gallery-tile checker${selected ? ' selected' : ''}${item.id === detailId ? ' current' : ''}`}
            style={box}
            draggable
            onPointerDown={() => actions.press(item)}
            onDragStart={(event) => actions.drag(item, event)}
            onClick={(event) => actions.open(index, item, event)}
            onDoubleClick={() => actions.stage(index, item)}
            onKeyDown={(event) => actions.key(index, item, event)}
          >
            {/* Rows kept just outside the screen load after the ones on it. */}
            <MediaThumb mediaId={item.mediaId} alt="" eager priority={onScreen ? 'high' : 'low'} />
            <span
              className="tile-check"
              aria-hidden="true"
              onClick={(event) => actions.check(index, item, event)}
            />
            {/* One click to the stage: a double-click would land elsewhere once the details panel narrows the grid. */}
            <span
              className="tile-expand"
              aria-hidden="true"
              onClick={(event) => {
                event.stopPropagation()
                actions.stage(index, item)
              }}
            />
            {item.favorite && (
              <span className="tile-fav" aria-hidden="true">
                ★
              </span>
            )}
            {item.rating > 0 && (
              <span className="tile-stars" aria-hidden="true">
                ★ {item.rating}
              </span>
            )}
            {item.away && (
              <span className="tile-away" aria-hidden="true">
                ☁
              </span>
            )}
          </div>
        )
      })}
    </div>
  )
}, sameRow)

/**
 * Every image of the filter in justified rows, each at its true aspect ratio (never cropped), virtualized
 * by row: only the rows on screen (and two either side) exist,
 * each tile loads the `<id>_thumb` WebP only, and the list is paged in as the user scrolls towards its end;
 * a jump far down (the scrollbar dragged) loads the page at that position, not every page before it.
 * Rows not loaded yet show placeholders at their final place, so the scrollbar is right from the start.
 *
 * At 100,000 images a fast drag of the scrollbar brings a whole screen of new tiles every frame. The rows
 * to show are a deferred value: the scroll is answered at once, and the new rows render in the
 * background (interruptible, in slices), so no frame waits for a screen of tiles to be built.
 */
export function GalleryGrid(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const liveItems = useGalleryStore((s) => s.items)
  const livePages = useGalleryStore((s) => s.pages)
  // A page's answer reaches the store through useSyncExternalStore, whose updates React renders at once, in
  // a microtask that cannot yield. The grid lays out from a deferred copy instead: the store update itself
  // renders almost nothing, and the new rows are built in an interruptible render (a trace
  // showed 40-64 ms tasks, each a page landing mid-drag and the whole grid rendered inside its microtask).
  const live = useMemo(() => ({ items: liveItems, pages: livePages }), [liveItems, livePages])
  const deferred = useDeferredValue(live)
  // Nothing shown yet (the first page of a filter): no drag to keep smooth, and the first paint waits for it.
  const source = deferred.items.length === 0 ? live : deferred
  const { items, pages } = source
  const matching = useGalleryStore((s) => s.matching)
  const nextCursor = useGalleryStore((s) => s.nextCursor)
  const loading = useGalleryStore((s) => s.loading)
  const stale = useGalleryStore((s) => s.stale)
  const selection = useGalleryStore((s) => s.selection)
  const detailId = useGalleryStore((s) => s.detailId)
  const [scrollRef, width] = useWidth<HTMLDivElement>()
  // The image shown large on the stage, if any; its filmstrip holds its loaded neighbours.
  const [staged, setStaged] = useState<string | null>(null)
  const [actions] = useState(() => tileActions(setStaged, api))

  const inner = Math.max(ROW_HEIGHT, width - PADDING * 2)
  const count = Math.max(matching ?? 0, items.length)
  // Justified rows from the stored widths and heights (no pixel needed), laid out again only where they change.
  const [layoutOf] = useState(() => createGridLayout({ targetHeight: ROW_HEIGHT, gap: GAP }))
  const layout = useMemo(
    () => layoutOf({ items, pages }, count, inner),
    [layoutOf, items, pages, count, inner]
  )

  const rows = useTallRows(scrollRef, { geometry: layout, padding: PADDING })
  const firstRow = layout.row(rows.first)
  const lastRow = layout.row(rows.last)
  const firstShown = firstRow?.start ?? 0
  // Two rows' worth early, so the next page is there before the end of the list is.
  const lastShown = lastRow ? lastRow.start + lastRow.widths.length * 3 - 1 : 0
  useEffect(() => {
    ensureShown(api, firstShown, lastShown)
  }, [api, firstShown, lastShown, liveItems.length, livePages, nextCursor, loading, stale])
  const { viewTop, viewBottom } = rows

  const neighbours = useMemo(() => {
    const index = staged === null ? undefined : positions({ items, pages })(staged)
    return index === undefined ? [] : neighboursOf((i) => itemAt({ items, pages }, i), index, count)
  }, [staged, items, pages, count])
  const navigate = (id: string): void => {
    const index = positions(useGalleryStore.getState())(id)
    if (index !== undefined) {
      const item = itemAt(useGalleryStore.getState(), index)
      if (item) actions.stage(index, item)
    }
  }

  // Memoised: without a current image this walks every loaded item, on every scroll frame.
  const focusIndex = useMemo(
    () =>
      Math.max(
        0,
        items.findIndex((item) => item.id === detailId)
      ),
    [items, detailId]
  )

  return (
    <div ref={scrollRef} className="gallery-scroll">
      <div
        role="listbox"
        aria-label={t('gallery.grid.label')}
        aria-multiselectable="true"
        className="gallery-grid"
        style={{ height: rows.totalSize }}
      >
        {width > 0 &&
          rows.shown.flatMap((row) => {
            const justified = layout.row(row.index)
            if (!justified) return []
            return [
              <GridRow
                key={row.key}
                row={justified}
                start={row.start - rows.shift}
                count={count}
                tiles={justified.widths.map((_, column) => itemAt(source, justified.start + column))}
                selection={selection}
                detailId={detailId}
                focusIndex={focusIndex}
                onScreen={row.end > viewTop && row.start < viewBottom}
                actions={actions}
              />
            ]
          })}
      </div>
      {staged !== null && (
        <GalleryStage
          neighbours={neighbours}
          currentId={staged}
          onNavigate={navigate}
          onClose={() => setStaged(null)}
        />
      )}
    </div>
  )
}
