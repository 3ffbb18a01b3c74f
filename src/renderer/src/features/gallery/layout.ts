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
 * Every row of the grid by its index, and where each one stands, built from blocks of rows. At a million
 * images there are some 250,000 rows: flattening them into one array, and summing every row's height
 * again, each time a page landed cost 50–100 ms per page in a drag across the gallery (a profile put 2.4 s
 * of a 6 s scroll there). Each block keeps its rows and their tops; only the 3,000-odd block tops are summed
 * again, and a row is found by two binary searches.
 */
export interface GridRows {
  /** How many rows. */
  readonly count: number
  /** The height of every row with the gap below each. */
  readonly height: number
  row(index: number): JustifiedRow | undefined
  /** Row `index`'s top, from the first row's (`height` for `count`). */
  top(index: number): number
  /** The row at offset `y` (the first above it, the last below it). */
  rowAt(y: number): number
}

/** Sizes rounded down to a hundredth of a pixel, so a full row never overflows by a rounding error. */
export const floorPx = (value: number): number => Math.floor(value * 100) / 100

/** A row's height as the grid draws it (`floorPx`), the gap below it added. */
export const rowSize = (row: JustifiedRow, gap: number): number => floorPx(row.height) + gap

/** The last index in `sorted` (ascending) whose value is at most `value`; 0 when none is. */
function lastAtMost(sorted: ArrayLike<number>, length: number, value: number): number {
  let low = 0
  let high = length - 1
  while (low < high) {
    const mid = (low + high + 1) >>> 1
    if ((sorted[mid] ?? 0) <= value) low = mid
    else high = mid - 1
  }
  return Math.max(0, low)
}

/** A block's rows with their tops inside it, the block's height last. */
interface Shape {
  rows: JustifiedRow[]
  tops: Float64Array
}

interface LaidBlock extends Shape {
  /** What the block was laid out from: its size, how much of it was loaded, its first and last image. */
  size: number
  loaded: number
  final: boolean
  firstId: string
  lastId: string
}

function shapeOf(rows: JustifiedRow[], gap: number): Shape {
  const tops = new Float64Array(rows.length + 1)
  let y = 0
  rows.forEach((row, i) => {
    tops[i] = y
    y += rowSize(row, gap)
  })
  tops[rows.length] = y
  return { rows, tops }
}

/** Rows of a block not loaded yet, moved to where it stands, kept with the shared block they were made from. */
type MovedRows = Map<number, { of: LaidBlock; rows: JustifiedRow[] }>

function gridRows(blocks: readonly LaidBlock[], moved: MovedRows): GridRows {
  const firstRow = new Int32Array(blocks.length + 1)
  const blockTop = new Float64Array(blocks.length + 1)
  blocks.forEach((block, b) => {
    firstRow[b + 1] = (firstRow[b] ?? 0) + block.rows.length
    blockTop[b + 1] = (blockTop[b] ?? 0) + (block.tops[block.rows.length] ?? 0)
  })
  const count = firstRow[blocks.length] ?? 0
  const height = blockTop[blocks.length] ?? 0
  const blockOf = (index: number): number => lastAtMost(firstRow, blocks.length, index)
  // The rows of a block not loaded yet are its shared rows moved to where it stands: made as they are
  // asked for (a screenful, not 250,000), and kept, so a row stays the same object from one layout to
  // the next and the grid does not draw it again.
  const rowOfBlock = (b: number, block: LaidBlock, i: number): JustifiedRow | undefined => {
    const row = block.rows[i]
    if (!row || block.loaded > 0) return row
    let kept = moved.get(b)
    if (kept?.of !== block) moved.set(b, (kept = { of: block, rows: [] }))
    return (kept.rows[i] ??= { ...row, start: row.start + b * BLOCK })
  }
  return {
    count,
    height,
    row(index) {
      if (index < 0 || index >= count) return undefined
      const b = blockOf(index)
      const block = blocks[b]
      return block && rowOfBlock(b, block, index - (firstRow[b] ?? 0))
    },
    top(index) {
      if (index >= count) return height
      const b = blockOf(index)
      return (blockTop[b] ?? 0) + (blocks[b]?.tops[index - (firstRow[b] ?? 0)] ?? 0)
    },
    rowAt(y) {
      if (count === 0) return 0
      const b = lastAtMost(blockTop, blocks.length, y)
      const block = blocks[b]
      if (!block) return 0
      return (firstRow[b] ?? 0) + lastAtMost(block.tops, block.rows.length, y - (blockTop[b] ?? 0))
    }
  }
}

/**
 * The justified rows of every position of the filter, kept per block between calls: only blocks whose
 * images changed (a page arrived, an image was removed) or a new width are laid out again.
 */
export function createGridLayout(options: GridLayoutOptions) {
  /** The blocks laid out from their images, by index; a block with none loaded is not kept here. */
  let blocks = new Map<number, LaidBlock>()
  /**
   * A block with nothing loaded, by its size: squares, the same rows for every such block (moved to where
   * each stands as they are asked for). At a million images that is nearly all of 3,334 blocks, and one
   * object and one map entry each were most of the first page's layout (8 ms of a 12 ms first call).
   */
  const unloaded = new Map<string, LaidBlock>()
  const moved: MovedRows = new Map()
  let laidAt = -1
  let last: GridRows | null = null
  let lastList: readonly LaidBlock[] = []
  return (state: GalleryItemsState, count: number, width: number): GridRows => {
    if (width !== laidAt) {
      blocks = new Map()
      unloaded.clear()
      moved.clear()
      last = null
      laidAt = width
    }
    const squares = (size: number, final: boolean): LaidBlock => {
      const key = `${size}:${final}`
      let block = unloaded.get(key)
      if (!block) {
        const empty = { items: [], pages: {} }
        const shape = shapeOf(layBlock(empty, 0, size, final, width, options), options.gap)
        block = { ...shape, size, loaded: 0, final, firstId: '', lastId: '' }
        unloaded.set(key, block)
      }
      return block
    }
    const total = Math.ceil(count / BLOCK)
    let changed = lastList.length !== total
    const list: LaidBlock[] = new Array<LaidBlock>(total)
    for (let b = 0; b < total; b++) {
      const from = b * BLOCK
      const to = Math.min(count, from + BLOCK)
      const size = to - from
      const final = b === total - 1
      const loaded = state.pages[b] ? size : Math.min(size, Math.max(0, state.items.length - from))
      // Told by its size alone: looking up its absent first and last images (reads past the end of the
      // first page's array, a slow path in V8) and a key string each cost more than the rest.
      if (loaded === 0) {
        const block = squares(size, final)
        if (lastList[b] !== block) changed = true
        list[b] = block
        continue
      }
      const firstId = itemAt(state, from)?.id ?? ''
      const lastId = itemAt(state, to - 1)?.id ?? ''
      let block = blocks.get(b)
      if (
        block === undefined ||
        block.size !== size ||
        block.loaded !== loaded ||
        block.final !== final ||
        block.firstId !== firstId ||
        block.lastId !== lastId
      ) {
        const shape = shapeOf(layBlock(state, from, to, final, width, options), options.gap)
        block = { ...shape, size, loaded, final, firstId, lastId }
        blocks.set(b, block)
        moved.delete(b)
      }
      if (lastList[b] !== block) changed = true
      list[b] = block
    }
    for (const [b, block] of blocks) if (list[b] !== block) blocks.delete(b)
    lastList = list
    // The same rows keep the same object: the grid places its rows again only when one moved.
    if (!changed && last) return last
    last = gridRows(list, moved)
    return last
  }
}
