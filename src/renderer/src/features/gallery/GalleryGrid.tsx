import { useVirtualizer } from '@tanstack/react-virtual'
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement
} from 'react'
import type { GalleryItem } from '@shared/schemas/gallery'
import { useConnection } from '../../store/app'
import { MediaThumb } from '../../ui/MediaThumb'
import { loadMore } from './actions'
import { isSelected, only, selectRange, toggle } from './selection'
import { useGalleryStore } from './store'

const GAP = 10
const PADDING = 20
const MIN_TILE = 168

/**
 * Every image of the filter in one virtualized grid: only the rows on screen (and two either side) exist,
 * each tile loads the `<id>_thumb` WebP only, and the list is paged in as the user scrolls towards its end.
 * Rows not loaded yet show placeholders at their final place, so the scrollbar is right from the start.
 */
export function GalleryGrid(): ReactElement {
  const { api } = useConnection()
  const items = useGalleryStore((s) => s.items)
  const matching = useGalleryStore((s) => s.matching)
  const nextCursor = useGalleryStore((s) => s.nextCursor)
  const loading = useGalleryStore((s) => s.loading)
  const selection = useGalleryStore((s) => s.selection)
  const anchor = useGalleryStore((s) => s.anchor)
  const detailId = useGalleryStore((s) => s.detailId)
  const setSelection = useGalleryStore((s) => s.setSelection)
  const setDetail = useGalleryStore((s) => s.setDetail)
  const scrollRef = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)

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
    overscan: 2
  })
  useEffect(() => virtualizer.measure(), [virtualizer, tile])

  const virtualRows = virtualizer.getVirtualItems()
  const lastShown = ((virtualRows[virtualRows.length - 1]?.index ?? 0) + 1) * columns
  useEffect(() => {
    if (nextCursor && !loading && lastShown > items.length - columns * 2) void loadMore(api)
  }, [api, nextCursor, loading, lastShown, items.length, columns])

  const focusIndex = Math.max(
    0,
    items.findIndex((item) => item.id === detailId)
  )

  const onTile = (index: number, item: GalleryItem, event: MouseEvent | KeyboardEvent): void => {
    if (event.shiftKey && anchor !== null) setSelection(selectRange(selection, items, anchor, index))
    else if (event.metaKey || event.ctrlKey) setSelection(toggle(selection, item.id), index)
    else {
      setSelection(only(item.id), index)
      setDetail(item.id)
    }
  }

  const onKey = (index: number, item: GalleryItem, event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === ' ') {
      event.preventDefault()
      setSelection(toggle(selection, item.id), index)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      onTile(index, item, event)
    }
  }

  return (
    <div ref={scrollRef} className="gallery-scroll">
      <div
        role="listbox"
        aria-label="Images"
        aria-multiselectable="true"
        className="gallery-grid"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {width > 0 &&
          virtualRows.map((row) => (
            <div
              key={row.key}
              role="presentation"
              className="gallery-row"
              style={{
                transform: `translateY(${row.start}px)`,
                gridTemplateColumns: `repeat(${columns}, ${tile}px)`,
                gap: GAP,
                height: tile,
                left: PADDING
              }}
            >
              {Array.from({ length: columns }, (_, column) => {
                const index = row.index * columns + column
                if (index >= count) return null
                const item = items[index]
                if (!item)
                  return <div key={`p${index}`} className="gallery-tile placeholder" aria-hidden="true" />
                const selected = isSelected(selection, item.id)
                return (
                  <div
                    key={item.id}
                    role="option"
                    aria-selected={selected}
                    aria-label={item.prompt || 'Untitled image'}
                    aria-posinset={index + 1}
                    aria-setsize={count}
                    tabIndex={index === focusIndex ? 0 : -1}
                    className={`gallery-tile${selected ? ' selected' : ''}${item.id === detailId ? ' current' : ''}`}
                    onClick={(event) => onTile(index, item, event)}
                    onKeyDown={(event) => onKey(index, item, event)}
                  >
                    <MediaThumb mediaId={item.mediaId} alt="" />
                    <span
                      className="tile-check"
                      aria-hidden="true"
                      onClick={(event) => {
                        event.stopPropagation()
                        setSelection(toggle(selection, item.id), index)
                      }}
                    >
                      <svg viewBox="0 0 16 16" width="12" height="12">
                        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" />
                      </svg>
                    </span>
                    {item.favorite && (
                      <span className="tile-fav" aria-hidden="true">
                        ★
                      </span>
                    )}
                  </div>
                )
              })}
            </div>
          ))}
      </div>
    </div>
  )
}
