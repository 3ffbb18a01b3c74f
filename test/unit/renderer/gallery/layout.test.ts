import { describe, expect, it } from 'vitest'
import type { GalleryItem } from '@shared/schemas/gallery'
import { BLOCK, createGridLayout, rowSize, type GridRows } from '@renderer/features/gallery/layout'

const OPTIONS = { targetHeight: 200, gap: 4 }
const WIDTH = 1200

function image(i: number, width = 1024 + (i % 7) * 120, height = 1024 - (i % 5) * 90): GalleryItem {
  return {
    id: `r${i}`,
    jobId: `j${i}`,
    mediaId: `m${i}`,
    width,
    height,
    model: 'm',
    prompt: 'p',
    favorite: false,
    rating: 0,
    createdAt: i
  }
}

const images = (from: number, to: number): GalleryItem[] =>
  Array.from({ length: to - from }, (_, k) => image(from + k))

/** Every row, in order. */
const all = (rows: GridRows) => Array.from({ length: rows.count }, (_, i) => rows.row(i))

describe('gallery grid layout by blocks (issue 17)', () => {
  it('lays every position out once, in order, and no row crosses a block boundary', () => {
    const layout = createGridLayout(OPTIONS)
    const count = BLOCK * 3 + 17
    const rows = all(layout({ items: images(0, count), pages: {} }, count, WIDTH)).flatMap((row) =>
      row ? [row] : []
    )
    let next = 0
    for (const row of rows) {
      expect(row.start).toBe(next)
      next += row.widths.length
      expect(Math.floor(row.start / BLOCK)).toBe(Math.floor((next - 1) / BLOCK))
    }
    expect(next).toBe(count)
    // Every row but the very last fills the width: a block's short tail joined the row before it.
    for (const row of rows.slice(0, -1)) {
      if (!row.full) continue
      const used = row.widths.reduce((a, b) => a + b, 0) + OPTIONS.gap * (row.widths.length - 1)
      expect(used).toBeCloseTo(WIDTH, 3)
    }
    expect(rows.slice(0, -1).filter((row) => !row.full)).toEqual([])
  })

  it('lays out again only the block a page arrived in, the rows of the others are the same objects', () => {
    const layout = createGridLayout(OPTIONS)
    const count = BLOCK * 4
    const top = images(0, BLOCK)
    const before = all(layout({ items: top, pages: {} }, count, WIDTH))
    const after = all(layout({ items: top, pages: { 2: images(2 * BLOCK, 3 * BLOCK) } }, count, WIDTH))
    const inBlock = (rows: typeof before, b: number) =>
      rows.filter((row) => row !== undefined && Math.floor(row.start / BLOCK) === b)
    expect(inBlock(after, 0)).toEqual(inBlock(before, 0))
    expect(inBlock(after, 0)[0]).toBe(inBlock(before, 0)[0])
    expect(inBlock(after, 3)[0]).toBe(inBlock(before, 3)[0])
    // The block that arrived is laid out from the real shapes, no longer as squares.
    expect(inBlock(after, 2)).not.toEqual(inBlock(before, 2))
    const first = image(2 * BLOCK)
    const aspect = (first.width ?? 1) / (first.height ?? 1)
    expect(inBlock(after, 2)[0]?.widths[0]).toBeCloseTo(aspect * (inBlock(after, 2)[0]?.height ?? 0), 6)
  })
})

describe('gallery grid layout identity', () => {
  it('gives back the same rows array when no block changed, so the grid does not measure again', () => {
    const layout = createGridLayout(OPTIONS)
    const items = images(0, BLOCK * 2)
    const first = layout({ items, pages: {} }, BLOCK * 2, WIDTH)
    // A favourite toggled: a new items array, the same images and shapes.
    const again = layout({ items: items.map((item) => ({ ...item })), pages: {} }, BLOCK * 2, WIDTH)
    expect(again).toBe(first)
    expect(layout({ items, pages: {} }, BLOCK * 2 + 1, WIDTH)).not.toBe(first)
  })
})

describe('gallery grid geometry', () => {
  it('places every row below the one before it and finds the row under any offset', () => {
    const layout = createGridLayout(OPTIONS)
    const count = BLOCK * 3 + 40
    // One block loaded, the rest squares: both kinds of block are measured the same way.
    const rows = layout({ items: images(0, BLOCK), pages: { 2: images(2 * BLOCK, 3 * BLOCK) } }, count, WIDTH)
    let y = 0
    for (let i = 0; i < rows.count; i++) {
      const row = rows.row(i)
      if (!row) throw new Error(`no row ${i}`)
      expect(rows.top(i)).toBeCloseTo(y, 6)
      expect(rows.rowAt(y)).toBe(i)
      expect(rows.rowAt(y + rowSize(row, OPTIONS.gap) - 0.01)).toBe(i)
      y += rowSize(row, OPTIONS.gap)
    }
    expect(rows.height).toBeCloseTo(y, 6)
    expect(rows.top(rows.count)).toBeCloseTo(y, 6)
    expect(rows.rowAt(-50)).toBe(0)
    expect(rows.rowAt(y + 1000)).toBe(rows.count - 1)
    expect(rows.row(rows.count)).toBeUndefined()
    // A row of a block not loaded yet starts at its own place, not at its shared pattern's.
    const firstOfBlock3 = rows.row(rows.rowAt(rows.top(rows.count - 1)))
    expect(firstOfBlock3?.start).toBeGreaterThanOrEqual(3 * BLOCK)
  })
})
