import { describe, expect, it } from 'vitest'
import { aspectOf, justify, type JustifiedRow } from '../../../../src/renderer/src/media/justify'

const GAP = 8
const rowWidth = (row: JustifiedRow): number =>
  row.widths.reduce((a, b) => a + b, 0) + GAP * (row.widths.length - 1)
const aspectsOf = (rows: JustifiedRow[]): number[] =>
  rows.flatMap((row) => row.widths.map((w) => w / row.height))

describe('justify', () => {
  const aspects = [16 / 9, 1, 9 / 16, 4 / 3, 16 / 9, 1, 3 / 2, 2 / 3, 1, 21 / 9, 4 / 5]

  it('keeps every aspect ratio exactly and the input order', () => {
    const rows = justify(aspects, { width: 1000, targetHeight: 200, gap: GAP })
    const out = aspectsOf(rows)
    expect(out).toHaveLength(aspects.length)
    out.forEach((aspect, i) => expect(aspect).toBeCloseTo(aspects[i] as number, 9))
    expect(rows.map((row) => row.start)).toEqual(
      rows.map((_, r) => rows.slice(0, r).reduce((n, row) => n + row.widths.length, 0))
    )
  })

  it('fills the width with every full row, and leaves the last row at the target height', () => {
    const rows = justify(aspects, { width: 1000, targetHeight: 200, gap: GAP })
    const last = rows[rows.length - 1] as JustifiedRow
    for (const row of rows.slice(0, -1)) {
      expect(row.full).toBe(true)
      expect(rowWidth(row)).toBeCloseTo(1000, 6)
    }
    expect(last.full).toBe(false)
    expect(last.height).toBe(200)
    expect(rowWidth(last)).toBeLessThan(1000)
  })

  it('keeps row heights near the target', () => {
    const rows = justify(aspects, { width: 1000, targetHeight: 200, gap: GAP })
    for (const row of rows) {
      expect(row.height).toBeGreaterThan(200 * 0.6)
      expect(row.height).toBeLessThan(200 * 1.6)
    }
  })

  it('gives a panorama wider than the container a row of its own, shorter than the target', () => {
    const rows = justify([1, 8, 1], { width: 600, targetHeight: 200, gap: GAP })
    expect(rows.map((row) => row.widths.length)).toEqual([1, 1, 1])
    expect(rows.map((row) => row.full)).toEqual([false, true, false])
    expect(rows[0]?.height).toBe(200)
    expect(rows[1]?.height).toBeCloseTo(75, 6)
    expect(rows[1]?.widths[0]).toBeCloseTo(600, 6)
  })

  it('lays one image at the target height without stretching it', () => {
    const rows = justify([16 / 9], { width: 1200, targetHeight: 180, gap: GAP })
    expect(rows).toHaveLength(1)
    expect(rows[0]?.height).toBe(180)
    expect(rows[0]?.widths[0]).toBeCloseTo(320, 6)
  })

  it('returns no rows for no images, and reads bad ratios as squares', () => {
    expect(justify([], { width: 500, targetHeight: 100 })).toEqual([])
    const rows = justify([Number.NaN, 0, -2], { width: 1000, targetHeight: 100 })
    expect(aspectsOf(rows)).toEqual([1, 1, 1])
    expect(aspectOf(2048, 1152)).toBeCloseTo(16 / 9, 9)
    expect(aspectOf(null, 100)).toBe(1)
  })
})
