/**
 * Justified rows, as photo sites lay out pictures of mixed shapes: every image keeps its own aspect ratio
 * exactly (nothing is cropped), the images of a row share one height, and each full row fills the width.
 * The last row keeps the target height rather than being stretched to the edge.
 *
 * Pure, so a grid can lay itself out from stored widths and heights before any pixel arrives, and so
 * a virtualized grid can ask where row N is without rendering the rows above it.
 */

export interface JustifiedRow {
  /** Index of the row's first item in the input. */
  start: number
  /** The rendered height shared by the row's items, in CSS pixels (fractional on purpose). */
  height: number
  /** Each item's width: its aspect ratio times `height`. */
  widths: number[]
  /** Whether the row fills the width (false for a short last row, or one left short before a panorama). */
  full: boolean
}

export interface JustifyOptions {
  /** The width rows fill, gaps included. */
  width: number
  /** The height a row aims at; full rows come out a little above or below it. */
  targetHeight: number
  /** Space between neighbouring items. */
  gap?: number
}

/** A usable aspect ratio (width / height) from stored dimensions; a square when they are unknown. */
export function aspectOf(width: number | null | undefined, height: number | null | undefined): number {
  return width && height && width > 0 && height > 0 ? width / height : 1
}

/** How far past the target height a row may grow to fill the width; beyond it the row stays short. */
const MAX_STRETCH = 1.5

const clean = (aspect: number): number => (Number.isFinite(aspect) && aspect > 0 ? aspect : 1)

/**
 * Splits `aspects` into rows. A row takes items until their combined width at the target height reaches
 * the container; the item that crosses the edge goes into the row when that brings the row's height
 * closer to the target than leaving it for the next row would.
 */
export function justify(aspects: readonly number[], options: JustifyOptions): JustifiedRow[] {
  const gap = options.gap ?? 0
  const width = Math.max(1, options.width)
  const target = Math.max(1, options.targetHeight)
  const rows: JustifiedRow[] = []
  // The height at which items [start, end) exactly fill the width.
  const fill = (sum: number, count: number): number => (width - gap * (count - 1)) / sum
  const close = (start: number, end: number, sum: number, full: boolean): void => {
    const filled = fill(sum, end - start)
    // A row left short (the last one, or the one before a panorama) is not blown up to fill the width.
    if (!full || filled > target * MAX_STRETCH) full = false
    const height = full ? filled : Math.min(target, filled)
    const widths: number[] = []
    for (let i = start; i < end; i++) widths.push(clean(aspects[i] as number) * height)
    rows.push({ start, height, widths, full })
  }
  let start = 0
  let sum = 0
  for (let i = 0; i < aspects.length; i++) {
    const aspect = clean(aspects[i] as number)
    const count = i - start + 1
    // A panorama at least as wide as the container at the target height: a row of its own.
    if (aspect * target >= width) {
      if (i > start) close(start, i, sum, true)
      close(i, i + 1, aspect, true)
      start = i + 1
      sum = 0
      continue
    }
    if ((sum + aspect) * target + gap * (count - 1) < width) {
      sum += aspect
      continue
    }
    const withIt = fill(sum + aspect, count)
    const without = count > 1 ? fill(sum, count - 1) : Infinity
    if (Math.abs(withIt - target) <= Math.abs(without - target)) {
      close(start, i + 1, sum + aspect, true)
      start = i + 1
      sum = 0
    } else {
      close(start, i, sum, true)
      start = i
      sum = aspect
    }
  }
  if (start < aspects.length) close(start, aspects.length, sum, false)
  return rows
}
