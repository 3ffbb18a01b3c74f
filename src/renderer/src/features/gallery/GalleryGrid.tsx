import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual'
import {
  memo,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement
} from 'react'
import { useTranslation } from 'react-i18next'
import type { GalleryItem } from '@shared/schemas/gallery'
import { useConnection } from '../../store/app'
import { MediaThumb } from '../../ui/MediaThumb'
import { ensureShown } from './actions'
import { isSelected, only, selectRange, toggle, type Selection } from './selection'
import { itemAt, useGalleryStore } from './store'

const GAP = 10
const PADDING = 20
const MIN_TILE = 168

/** What a tile does when used; one object for the whole grid, reading the store when called. */
interface TileActions {
  open(index: number, item: GalleryItem, event: MouseEvent | KeyboardEvent): void
  key(index: number, item: GalleryItem, event: KeyboardEvent<HTMLDivElement>): void
  check(index: number, item: GalleryItem, event: MouseEvent): void
}

function tileActions(): TileActions {
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
  return {
    open,
    key(index, item, event) {
      if (event.key === ' ') {
        event.preventDefault()
        state().setSelection(toggle(state().selection, item.id), index)
      } else if (event.key === 'Enter') {
        event.preventDefault()
        open(index, item, event)
      }
    },
    check(index, item, event) {
      event.stopPropagation()
      state().setSelection(toggle(state().selection, item.id), index)
    }
  }
}

interface RowProps {
  row: number
  start: number
  columns: number
  tile: number
  count: number
  items: GalleryItem[]
  pages: Readonly<Record<number, GalleryItem[]>>
  selection: Selection
  detailId: string | null
  focusIndex: number
  onScreen: boolean
  actions: TileActions
}

/**
 * One row of tiles. Memoised: while scrolling, rows that stay on screen are not rendered again, and rows
 * that come into view are rendered apart from the scroll itself (see `GalleryGrid`).
 */
const GridRow = memo(function GridRow(props: RowProps): ReactElement {
  const { row, start, columns, tile, count, selection, detailId, focusIndex, onScreen, actions } = props
  const { t } = useTranslation()
  return (
    <div
      role="presentation"
      className="gallery-row"
      style={{
        transform: `translateY(${start}px)`,
        gridTemplateColumns: `repeat(${columns}, ${tile}px)`,
        gap: GAP,
        height: tile,
        left: PADDING
      }}
    >
      {Array.from({ length: columns }, (_, column) => {
        const index = row * columns + column
        if (index >= count) return null
        const item = itemAt(props, index)
        if (!item) return <div key={`p${index}`} className="gallery-tile placeholder" aria-hidden="true" />
        const selected = isSelected(selection, item.id)
        return (
          <div
            key={item.id}
            role="option"
            aria-selected={selected}
            aria-label={item.prompt || t('gallery.grid.untitled')}
            aria-posinset={index + 1}
            aria-setsize={count}
            tabIndex={index === focusIndex ? 0 : -1}
            className={`gallery-tile${selected ? ' selected' : ''}${item.id === detailId ? ' current' : ''}`}
            onClick={(event) => actions.open(index, item, event)}
            onKeyDown={(event) => actions.key(index, item, event)}
          >
            {/* Rows kept just outside the screen load after the ones on it. */}
            <MediaThumb mediaId={item.mediaId} alt="" eager priority={onScreen ? 'high' : 'low'} />
            <span
              className="tile-check"
              aria-hidden="true"
              onClick={(event) => actions.check(index, item, event)}
            />
            {item.favorite && (
              <span className="tile-fav" aria-hidden="true">
                ★
              </span>
            )}
          </div>
        )
      })}
    </div>
  )
})

/**
 * Every image of the filter in one virtualized grid: only the rows on screen (and two either side) exist,
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
  const items = useGalleryStore((s) => s.items)
  const pages = useGalleryStore((s) => s.pages)
  const matching = useGalleryStore((s) => s.matching)
  const nextCursor = useGalleryStore((s) => s.nextCursor)
  const loading = useGalleryStore((s) => s.loading)
  const stale = useGalleryStore((s) => s.stale)
  const selection = useGalleryStore((s) => s.selection)
  const detailId = useGalleryStore((s) => s.detailId)
  const scrollRef = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  const [actions] = useState(tileActions)

  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const measure = (): void => setWidth(element.clientWidth)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const inner = Math.max(MIN_TILE, width - PADDING * 2)
  const columns = Math.max(1, Math.floor((inner + GAP) / (MIN_TILE + GAP)))
  const tile = Math.floor((inner - GAP * (columns - 1)) / columns)
  const count = Math.max(matching ?? 0, items.length)
  const rows = Math.ceil(count / columns)

  // No React Compiler in this app: the virtualizer re-renders this component on scroll by itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => tile + GAP,
    paddingStart: PADDING,
    paddingEnd: PADDING,
    overscan: 2,
    // Rendered as a normal update, not synchronously inside the scroll event: see the deferred rows below.
    useFlushSync: false
  })
  useEffect(() => virtualizer.measure(), [virtualizer, tile])

  const virtualRows = virtualizer.getVirtualItems()
  const shownRows: VirtualItem[] = useDeferredValue(virtualRows)
  const firstShown = (virtualRows[0]?.index ?? 0) * columns
  // One page-row early, so the next page is there before the end of the list is.
  const lastShown = ((virtualRows[virtualRows.length - 1]?.index ?? 0) + 1) * columns - 1 + columns * 2
  useEffect(() => {
    ensureShown(api, firstShown, lastShown)
  }, [api, firstShown, lastShown, items.length, pages, nextCursor, loading, stale])
  const viewTop = virtualizer.scrollOffset ?? 0
  const viewBottom = viewTop + (virtualizer.scrollRect?.height ?? 0)

  const focusIndex = Math.max(
    0,
    items.findIndex((item) => item.id === detailId)
  )

  return (
    <div ref={scrollRef} className="gallery-scroll">
      <div
        role="listbox"
        aria-label={t('gallery.grid.label')}
        aria-multiselectable="true"
        className="gallery-grid"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {width > 0 &&
          shownRows.map((row) => (
            <GridRow
              key={row.key}
              row={row.index}
              start={row.start}
              columns={columns}
              tile={tile}
              count={count}
              items={items}
              pages={pages}
              selection={selection}
              detailId={detailId}
              focusIndex={focusIndex}
              onScreen={row.end > viewTop && row.start < viewBottom}
              actions={actions}
            />
          ))}
      </div>
    </div>
  )
}
