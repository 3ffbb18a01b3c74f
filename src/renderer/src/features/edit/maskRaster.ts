import type { MaskOp, MaskStroke, Rect } from './maskTypes'

/**
 * The mask raster's arithmetic, apart from the editor's state machine and history: one byte per pixel
 * (1 = the area to edit, 0 = keep), strokes filled as capsules one row span at a time.
 */
export interface MaskRaster {
  mask: Uint8Array
  width: number
  height: number
}

export function union(a: Rect | null, b: Rect): Rect {
  if (!a) return b
  const x = Math.min(a.x, b.x)
  const y = Math.min(a.y, b.y)
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y
  }
}

/** Applies one operation to the raster; returns the rectangle a stroke touched (null: everything). */
export function applyOp(raster: MaskRaster, op: MaskOp): Rect | null {
  if (op.kind === 'invert') {
    for (let i = 0; i < raster.mask.length; i++) raster.mask[i] = 1 - (raster.mask[i] ?? 0)
    return null
  }
  if (op.kind === 'clear') {
    raster.mask.fill(0)
    return null
  }
  if (op.kind === 'replace') {
    raster.mask.set(op.mask)
    return null
  }
  return rasterStroke(raster, op, 0) ?? { x: 0, y: 0, width: 0, height: 0 }
}

/**
 * Rasters a stroke's points from index `from` on: point 0 is a disc, every later point the capsule from the
 * point before it. The editor rasters a live stroke in pieces this way; returns the rectangle touched.
 */
export function rasterStroke(raster: MaskRaster, stroke: MaskStroke, from: number): Rect | null {
  const value = stroke.tool === 'brush' ? 1 : 0
  const radius = stroke.size / 2
  const at = (i: number): number => stroke.points[i] ?? 0
  let dirty: Rect | null = null
  for (let i = from; i < stroke.points.length / 2; i++) {
    const rect =
      i === 0
        ? segment(raster, at(0), at(1), null, null, radius, value)
        : segment(raster, at(2 * i - 2), at(2 * i - 1), at(2 * i), at(2 * i + 1), radius, value)
    if (rect) dirty = union(dirty, rect)
  }
  return dirty
}

/**
 * Fills every pixel whose centre lies within `r` of the segment A–B (a capsule; a disc when B is null),
 * one horizontal span per row: the capsule is convex, so each row meets it in a single interval, which is
 * the union of the end discs' and the band's intervals.
 */
export function segment(
  raster: MaskRaster,
  ax: number,
  ay: number,
  bx: number | null,
  by: number | null,
  r: number,
  value: number
): Rect | null {
  const ex = bx ?? ax
  const ey = by ?? ay
  const top = Math.max(0, Math.ceil(Math.min(ay, ey) - r - 0.5))
  const bottom = Math.min(raster.height - 1, Math.floor(Math.max(ay, ey) + r - 0.5))
  if (top > bottom) return null
  const dx = ex - ax
  const dy = ey - ay
  const len2 = dx * dx + dy * dy
  const len = Math.sqrt(len2)
  const r2 = r * r
  let minX = Infinity
  let maxX = -Infinity
  for (let row = top; row <= bottom; row++) {
    const cy = row + 0.5
    let left = Infinity
    let right = -Infinity
    const disc = (px: number, py: number): void => {
      const h = cy - py
      const rest = r2 - h * h
      if (rest < 0) return
      const half = Math.sqrt(rest)
      if (px - half < left) left = px - half
      if (px + half > right) right = px + half
    }
    disc(ax, ay)
    if (len > 0) {
      disc(ex, ey)
      // The band: perpendicular distance ≤ r and projection within the segment.
      const oy = cy - ay
      let lo = -Infinity
      let hi = Infinity
      let empty = false
      if (dy === 0) {
        empty = Math.abs(oy) > r
        lo = Math.min(ax, ex)
        hi = Math.max(ax, ex)
      } else {
        const centre = ax + (dx * oy) / dy
        const spread = (r * len) / Math.abs(dy)
        lo = centre - spread
        hi = centre + spread
        if (dx !== 0) {
          const t0 = ax - (oy * dy) / dx
          const t1 = ax + (len2 - oy * dy) / dx
          lo = Math.max(lo, Math.min(t0, t1))
          hi = Math.min(hi, Math.max(t0, t1))
        } else {
          const t = (oy * dy) / len2
          empty = t < 0 || t > 1
        }
      }
      if (!empty && lo <= hi) {
        if (lo < left) left = lo
        if (hi > right) right = hi
      }
    }
    if (left > right) continue
    const x0 = Math.max(0, Math.ceil(left - 0.5))
    const x1 = Math.min(raster.width - 1, Math.floor(right - 0.5))
    if (x0 > x1) continue
    const start = row * raster.width
    raster.mask.fill(value, start + x0, start + x1 + 1)
    if (x0 < minX) minX = x0
    if (x1 > maxX) maxX = x1
  }
  if (minX > maxX) return null
  return { x: minX, y: top, width: maxX - minX + 1, height: bottom - top + 1 }
}
