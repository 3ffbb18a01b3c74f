import {
  observeElementRect,
  useVirtualizer,
  type VirtualItem,
  type Virtualizer
} from '@tanstack/react-virtual'
import { useCallback, useDeferredValue, useEffect, type RefObject } from 'react'

export interface RowsOptions {
  /** How many rows the list holds (loaded or not). */
  count: number
  /** Row `index`'s height with the gap below it: exact for a justified row, a first guess for a measured one. */
  sizeOf: (index: number) => number
  /** A stable key per row, so a measured height follows its row when rows are added above it. */
  keyOf?: (index: number) => string | number
  /** Space above the first row and below the last (inside the list). */
  padding?: number
  /** Rows kept either side of the screen. */
  overscan?: number
  /** Rows whose height is only known once drawn (job cards): each is measured in place once laid out. */
  measured?: boolean
  /** Where the list starts inside the scroll element (a header above it), in CSS pixels. */
  scrollMargin?: number
  /** Changes whenever the layout does (width, items): every row's height is read again. */
  layout: unknown
}

export interface Rows {
  virtualizer: Virtualizer<HTMLElement, Element>
  /** The rows to render: a deferred value, so a fast scroll is answered first and new rows built after. */
  shown: VirtualItem[]
  /** The first and last row index in the screen's window (not deferred: what to load next). */
  first: number
  last: number
  /** The screen's top and bottom, in the list's own offsets (to tell rows on screen from the overscan). */
  viewTop: number
  viewBottom: number
  totalSize: number
  /** For a measured list: the ref callback each rendered row's element takes (with `data-index`). */
  measure: (element: HTMLElement | null) => void
}

/**
 * A list virtualized by row in `scrollRef`: only the rows on screen and `overscan` either side exist. The
 * Gallery's justified rows and the results feed's job cards share it, so both scroll the same way. Rows
 * are rendered as a normal (deferred) update rather than synchronously in the scroll event: at 100,000
 * images a dragged scrollbar brings a screen of new tiles every frame, and no frame should wait for them.
 */
export function useRows(scrollRef: RefObject<HTMLElement | null>, options: RowsOptions): Rows {
  const { count, sizeOf, keyOf, padding = 0, overscan = 2, measured = false, scrollMargin = 0 } = options
  // No React Compiler in this app: the virtualizer re-renders its component on scroll by itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLElement, Element>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: sizeOf,
    ...(keyOf ? { getItemKey: keyOf } : {}),
    paddingStart: padding,
    paddingEnd: padding,
    overscan,
    scrollMargin,
    useFlushSync: false,
    // Not laid out yet (no height): count a window's height, so the first frame already has its rows.
    observeElementRect: (instance, update) =>
      observeElementRect(instance, (rect) =>
        update(rect.height > 0 ? rect : { width: rect.width, height: window.innerHeight })
      ),
    // Without a layout (a test's DOM) a row measures 0: keep its estimate rather than stack every row at 0.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize[0]?.blockSize
      const height = box ?? (element as HTMLElement).offsetHeight
      const index = instance.indexFromElement(element)
      return height > 0 ? Math.round(height) : sizeOf(index)
    }
  })
  useEffect(() => virtualizer.measure(), [virtualizer, options.layout])
  const windowRows = virtualizer.getVirtualItems()
  const shown = useDeferredValue(windowRows)
  const viewTop = (virtualizer.scrollOffset ?? 0) - scrollMargin
  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (measured && element) virtualizer.measureElement(element)
    },
    [virtualizer, measured]
  )
  return {
    virtualizer,
    shown,
    first: windowRows[0]?.index ?? 0,
    last: windowRows[windowRows.length - 1]?.index ?? 0,
    viewTop,
    viewBottom: viewTop + (virtualizer.scrollRect?.height ?? 0),
    totalSize: virtualizer.getTotalSize(),
    measure
  }
}
