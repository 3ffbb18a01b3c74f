/**
 * A list taller than a browser can lay out. Chromium gives no box more than 33,554,428 CSS pixels (its
 * layout unit's range), less at a page zoom above 100 %; a million images in justified rows are about
 * 45 million pixels. Past that height the scroll element simply ends, and the last images could never be
 * reached. So the element is given at most `MAX_LIST_HEIGHT`, and its scroll position stands for a place
 * in the whole list in proportion: the top is the top, the end is the end, and the scrollbar's thumb
 * says truly how far down one is. Below that height nothing is scaled.
 */

/** Just under Chromium's limit at 100 % zoom; a zoomed page's own limit is read back from the element. */
export const MAX_LIST_HEIGHT = 32_000_000

export interface ListScale {
  /** The height the scroll element's content is given: the list's own, or the cap. */
  height: number
  /** List pixels per scrolled pixel (1 unless the list is taller than the cap). */
  factor: number
}

/**
 * How a list of `total` pixels is scrolled in a viewport of `viewport` pixels, when the element could be
 * given `room` pixels at most (the cap, or less where the browser laid out less than was asked).
 */
export function listScale(total: number, viewport: number, room = MAX_LIST_HEIGHT): ListScale {
  const height = Math.min(total, room)
  if (height >= total || height <= viewport) return { height: total, factor: 1 }
  return { height, factor: (total - viewport) / (height - viewport) }
}
