import { aspectOf, justify, type JustifiedRow } from '../../media/justify'
import { itemAt, PAGE } from './store'

type GalleryItemsState = Parameters<typeof itemAt>[0]

/**
 * Rows never cross a block of this many positions, the size of a page: a page arriving (each one while the
 * scrollbar is dragged across 100,000 images) lays out again its own block only. One layout of every row
 * for each page cost 20–40 ms and most of the long tasks of a scroll from end to end.
 */
export const BLOCK = PAGE

/** How far a block's last row may shrink below the target height when it joins the row before it. */
const MIN_SHRINK = 0.6
/** How far above the target height a row may grow to fill the width (as `justify` allows). */
const MAX_STRETCH = 1.5

interface Block {
  /** What the block was laid out from: its size, how much of it was loaded, its first and last image. */
  key: string
  rows: JustifiedRow[]
}

export interface GridLayoutOptions {
  targetHeight: number
  gap: number
}

/**
 * A block's short last row joins the row before it when the two fit one row not much below the target
 * height, so a block boundary does not leave a gap at the right edge every few hundred images. The very
 * last block keeps its short row, as any justified layout does.
 */
function closeBlock(
  rows: JustifiedRow[],
  aspects: readonly number[],
  width: number,
  options: GridLayoutOptions
): void {
  const last = rows.at(-1)
  const before = rows.at(-2)
  if (!last || last.full || !before) return
  const joined = aspects.slice(before.start, last.start + last.widths.length)
  const fill = (part: readonly number[]): number =>
    (width - options.gap * (part.length - 1)) / part.reduce((a, b) => a + b, 0)
  const row = (start: number, part: readonly number[]): JustifiedRow => {
    const height = fill(part)
    return { start, height, widths: part.map((aspect) => aspect * height), full: true }
  }
  const target = options.targetHeight
  if (fill(joined) >= target * MIN_SHRINK) {
    rows.splice(-2, 2, row(before.start, joined))
    return
  }
  // Too many for one row: two full rows instead, split where both come closest to the target height.
  let best: { at: number; off: number } | null = null
  for (let at = 1; at < joined.length; at++) {
    const heights = [fill(joined.slice(0, at)), fill(joined.slice(at))]
    if (heights.some((height) => height > target * MAX_STRETCH)) continue
    const off = Math.max(...heights.map((height) => Math.abs(height - target)))
    if (!best || off < best.off) best = { at, off }
  }
  if (!best) return
  rows.splice(
    -2,
    2,
    row(before.start, joined.slice(0, best.at)),
    row(before.start + best.at, joined.slice(best.at))
  )
}

function layBlock(
  state: GalleryItemsState,
  from: number,
  to: number,
  final: boolean,
  width: number,
  options: GridLayoutOptions
): JustifiedRow[] {
  const aspects = new Array<number>(to - from)
  for (let i = from; i < to; i++) {
    const item = itemAt(state, i)
    // Images not loaded yet count as squares; their block is laid out again once they arrive.
    aspects[i - from] = item ? aspectOf(item.width, item.height) : 1
  }
  const rows = justify(aspects, { width, targetHeight: options.targetHeight, gap: options.gap })
  if (!final) closeBlock(rows, aspects, width, options)
  return shifted(rows, from)
}

const shifted = (rows: readonly JustifiedRow[], by: number): JustifiedRow[] =>
  rows.map((row) => ({ ...row, start: row.start + by }))

/**
 * The justified rows of every position of the filter, kept per block between calls: only blocks whose
 * images changed (a page arrived, an image was removed) or a new width are laid out again.
 */
export function createGridLayout(options: GridLayoutOptions) {
  let blocks = new Map<number, Block>()
  /** The rows of a block of squares (nothing loaded) by its size, laid out from position 0. */
  const unloaded = new Map<string, JustifiedRow[]>()
  let laidAt = -1
  let last: JustifiedRow[] | null = null
  return (state: GalleryItemsState, count: number, width: number): JustifiedRow[] => {
    if (width !== laidAt) {
      blocks = new Map()
      unloaded.clear()
      last = null
      laidAt = width
    }
    const squares = (size: number, final: boolean): JustifiedRow[] => {
      const key = `${size}:${final}`
      let rows = unloaded.get(key)
      if (!rows) {
        rows = layBlock({ items: [], pages: {} }, 0, size, final, width, options)
        unloaded.set(key, rows)
      }
      return rows
    }
    const rows: JustifiedRow[] = []
    let changed = blocks.size !== Math.ceil(count / BLOCK)
    const total = Math.ceil(count / BLOCK)
    for (let b = 0; b < total; b++) {
      const from = b * BLOCK
      const to = Math.min(count, from + BLOCK)
      const loaded = state.pages[b] ? to - from : Math.min(to - from, Math.max(0, state.items.length - from))
      const key = `${to - from}:${loaded}:${itemAt(state, from)?.id ?? ''}:${itemAt(state, to - 1)?.id ?? ''}:${b === total - 1}`
      let block = blocks.get(b)
      if (block?.key !== key) {
        const final = b === total - 1
        // A block not loaded yet is squares, the same rows as any other such block: laid out once, moved.
        const rows =
          loaded === 0
            ? shifted(squares(to - from, final), from)
            : layBlock(state, from, to, final, width, options)
        block = { key, rows }
        blocks.set(b, block)
        changed = true
      }
      for (const row of block.rows) rows.push(row)
    }
    for (const b of blocks.keys()) if (b >= total) blocks.delete(b)
    // The same rows keep the same array: the grid measures its rows again only when one moved.
    if (!changed && last) return last
    last = rows
    return rows
  }
}
