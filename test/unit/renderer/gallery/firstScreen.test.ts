import { describe, expect, it } from 'vitest'
import { firstScreen, GRID_PADDING } from '@renderer/features/gallery/firstScreen'
import { justify } from '@renderer/media/justify'
import type { GalleryItem } from '@shared/schemas/gallery'
import { item } from './imports/harness'

const shaped = (count: number, width: number, height: number): GalleryItem[] =>
  Array.from({ length: count }, (_, i) => ({ ...item(i), width, height }))

describe('the first screen of a fresh list', () => {
  it('is the images of the rows that reach the bottom of the window, the one cut by it included', () => {
    const items = shaped(100, 1024, 1024)
    const shown = firstScreen(items, 1040, 600)
    expect(shown).toEqual(items.slice(0, shown.length))
    const rows = justify(
      shown.map(() => 1),
      { width: 1000, targetHeight: 200, gap: 10 }
    )
    // Every row it counts is whole, and together they reach past the window's foot, the last one only just.
    expect(rows.every((row) => row.full)).toBe(true)
    const heights = rows.map((row) => row.height + 10)
    const reach = GRID_PADDING + heights.reduce((a, b) => a + b, 0)
    expect(reach).toBeGreaterThan(600)
    expect(reach - (heights.at(-1) ?? 0)).toBeLessThanOrEqual(600)
  })

  it('follows the images’ shapes and the window’s size', () => {
    const squares = firstScreen(shaped(100, 1024, 1024), 1040, 600).length
    expect(firstScreen(shaped(100, 2048, 512), 1040, 600).length).toBeLessThan(squares)
    expect(firstScreen(shaped(100, 512, 1024), 1040, 600).length).toBeGreaterThan(squares)
    expect(firstScreen(shaped(100, 1024, 1024), 1040, 1000).length).toBeGreaterThan(squares)
  })

  it('is never more than 60 images, nor more than the list holds', () => {
    expect(firstScreen(shaped(500, 256, 1024), 3840, 2160)).toHaveLength(60)
    expect(firstScreen(shaped(3, 1024, 1024), 1040, 600)).toHaveLength(3)
    expect(firstScreen([], 1040, 600)).toEqual([])
  })
})
