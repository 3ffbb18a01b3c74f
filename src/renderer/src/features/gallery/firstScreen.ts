import { aspectOf, justify } from '../../media/justify'
import type { GalleryItem } from '@shared/schemas/gallery'

/** The grid's measures, shared by the grid and by what guesses its first screen. */
export const GRID_GAP = 10
export const GRID_PADDING = 20
/** The height a row aims at: about the old square tiles' size, each image now at its own shape. */
export const GRID_ROW_HEIGHT = 200

/** Never more thumbnails warmed than this, whatever the window's size. */
const MOST = 60

/**
 * The images of a fresh list that will be on the first screen of a grid `width` × `height`, laid out
 * as the grid lays them (justified rows), plus the row just below. Their thumbnails can then be asked for
 * the moment the list arrives, while the screen is still rendering the grid that shows them.
 */
export function firstScreen(items: readonly GalleryItem[], width: number, height: number): GalleryItem[] {
  const inner = Math.max(GRID_ROW_HEIGHT, width - GRID_PADDING * 2)
  const aspects = items.slice(0, MOST).map((item) => aspectOf(item.width, item.height))
  const rows = justify(aspects, { width: inner, targetHeight: GRID_ROW_HEIGHT, gap: GRID_GAP })
  let top = GRID_PADDING
  let count = 0
  for (const row of rows) {
    count += row.widths.length
    top += row.height + GRID_GAP
    if (top > height) break
  }
  return items.slice(0, Math.min(count, MOST))
}
