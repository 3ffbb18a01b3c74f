/**
 * The stage's geometry, pure: how large an image shows at "fit" and at 1:1, and how far it may be panned.
 * Sizes are CSS pixels; a pan is the image centre's offset from the canvas centre.
 */

export interface Size {
  width: number
  height: number
}

export interface Point {
  x: number
  y: number
}

export type Zoom = 'fit' | 'actual'

/** The scale at which the whole image fits the box (larger or smaller than its pixels). */
export function fitScale(image: Size, box: Size): number {
  if (image.width <= 0 || image.height <= 0 || box.width <= 0 || box.height <= 0) return 1
  return Math.min(box.width / image.width, box.height / image.height)
}

/** 1:1 means one image pixel per device pixel, so a HiDPI screen shows the file's real detail. */
export const actualScale = (devicePixelRatio: number): number =>
  1 / (devicePixelRatio > 0 ? devicePixelRatio : 1)

export const scaleOf = (zoom: Zoom, image: Size, box: Size, devicePixelRatio: number): number =>
  zoom === 'fit' ? fitScale(image, box) : actualScale(devicePixelRatio)

export const shownSize = (image: Size, scale: number): Size => ({
  width: image.width * scale,
  height: image.height * scale
})

/** A pan kept within reach: an image larger than the box never leaves a gap at its edges; a smaller one stays centred. */
export function clampPan(pan: Point, shown: Size, box: Size): Point {
  const room = (image: number, frame: number): number => Math.max(0, (image - frame) / 2)
  const clamp = (value: number, limit: number): number => Math.min(limit, Math.max(-limit, value))
  return {
    x: clamp(pan.x, room(shown.width, box.width)),
    y: clamp(pan.y, room(shown.height, box.height))
  }
}

/**
 * The pan that keeps the image point under `at` (relative to the box centre) in place when the scale
 * changes from `from` to `to` (zooming in where the user double-clicked).
 */
export function panKeeping(at: Point, pan: Point, from: number, to: number): Point {
  const ratio = to / from
  return { x: at.x - (at.x - pan.x) * ratio, y: at.y - (at.y - pan.y) * ratio }
}

/** Where the image's top-left corner sits in the box. */
export function placement(shown: Size, box: Size, pan: Point): Point {
  return { x: (box.width - shown.width) / 2 + pan.x, y: (box.height - shown.height) / 2 + pan.y }
}
