import { useDeferredValue, useEffect, useMemo, useState, type RefObject } from 'react'
import { listScale, MAX_LIST_HEIGHT } from './tallList'

/** Where rows of known heights stand: a new object whenever one of them moved. */
export interface RowGeometry {
  /** How many rows the list holds (loaded or not). */
  readonly count: number
  /** Every row's height with the gap below it, summed. */
  readonly height: number
  /** Row `index`'s top from the first row's. */
  top(index: number): number
  /** The row at offset `y` from the first row's top. */
  rowAt(y: number): number
}

export interface TallRowsOptions {
  geometry: RowGeometry
  /** Space above the first row and below the last (inside the list). */
  padding?: number
  /** Rows kept either side of the screen. */
  overscan?: number
}

export interface TallRow {
  index: number
  key: number
  /** The row's top and bottom in the list's own offsets. */
  start: number
  end: number
}

export interface TallRows {
  /** The rows to render: a deferred value, so a fast scroll is answered first and new rows built after. */
  shown: TallRow[]
  /** The first and last row index on screen (not deferred: what to load next). */
  first: number
  last: number
  /** The screen's top and bottom, in the list's own offsets. */
  viewTop: number
  viewBottom: number
  /** The height the list's element is given (the list's own, or the cap of `tallList`). */
  totalSize: number
  /** What to subtract from a row's list offset to place it in the element: 0 unless the list is scaled. */
  shift: number
}

interface View {
  top: number
  height: number
  /** The tallest the element was laid out: the cap, or less where a zoomed page laid out less. */
  room: number
}

/**
 * Rows of known heights virtualized in `scrollRef`: only the rows on screen and `overscan` either side
 * exist. Made for the Gallery's justified rows, whose heights come from the images' stored sizes, at any
 * number of images: a list taller than a browser lays out is scrolled in proportion (`tallList`). The
 * rows are a deferred value, as in `useRows`: at a million images a dragged scrollbar brings a screen of
 * new tiles every frame, and no frame should wait for them.
 */
export function useTallRows(scrollRef: RefObject<HTMLElement | null>, options: TallRowsOptions): TallRows {
  const { geometry, padding = 0, overscan = 2 } = options
  const { count } = geometry
  const total = geometry.height + padding * 2
  const [view, setView] = useState<View>({ top: 0, height: 0, room: MAX_LIST_HEIGHT })

  useEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const read = (): void =>
      setView((was) => {
        const top = element.scrollTop
        const height = element.clientHeight
        return was.top === top && was.height === height ? was : { ...was, top, height }
      })
    read()
    element.addEventListener('scroll', read, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read)
    observer?.observe(element)
    return () => {
      element.removeEventListener('scroll', read)
      observer?.disconnect()
    }
  }, [scrollRef])

  // Not laid out yet (no height, or a test's DOM): a window's height, so the first frame has its rows.
  const viewport = view.height > 0 ? view.height : window.innerHeight
  const scale = listScale(total, viewport, view.room)

  // A zoomed page lays out less than the cap: what the element really got is read back once per height
  // asked, and the scale follows it, so the end of the list stays reachable at any zoom. Read in the next
  // frame, where the layout is one the frame needs anyway: read in the commit, it forced a layout of its
  // own (5 ms at a million images, as the first page was drawn).
  useEffect(() => {
    const element = scrollRef.current
    if (!element || scale.height < MAX_LIST_HEIGHT / 4) return
    const frame = requestAnimationFrame(() => {
      const got = element.scrollHeight
      if (got > viewport && got < scale.height - 1) setView((was) => ({ ...was, room: got }))
    })
    return () => cancelAnimationFrame(frame)
  }, [scrollRef, scale.height, viewport])

  const viewTop = view.top * scale.factor
  const first = geometry.rowAt(viewTop - padding)
  const last = geometry.rowAt(viewTop + viewport - padding)
  const from = Math.max(0, first - overscan)
  const to = Math.min(count - 1, last + overscan)
  const windowRows = useMemo(() => {
    const rows: TallRow[] = []
    for (let index = from; index <= to; index++)
      rows.push({
        index,
        key: index,
        start: padding + geometry.top(index),
        end: padding + geometry.top(index + 1)
      })
    return rows
  }, [from, to, geometry, padding])
  const deferred = useDeferredValue(windowRows)
  // The first rows are not deferred: a list that had none (the first page just arrived) shows them in
  // the same render. Deferred, they waited behind every other answer the screen's opening brings (boards,
  // locations, exports), 60-80 ms of a first paint at a million images.
  const shown = deferred.length === 0 ? windowRows : deferred
  return {
    shown,
    first: count > 0 ? first : 0,
    last: count > 0 ? last : 0,
    viewTop,
    viewBottom: viewTop + viewport,
    totalSize: scale.height,
    shift: viewTop - view.top
  }
}
