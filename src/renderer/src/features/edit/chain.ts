import { EDIT_MAX_IMAGES } from '@shared/gateway/endpoints/imageEdits'
import type { EditSource } from './store'

/** A further input image of an edit: a library item, sent as one more `image[]` part. */
export interface EditInput {
  mediaId: string
}

/** How many further inputs fit beside the image being edited (the endpoint takes at most 16 in all). */
export const MAX_INPUTS = EDIT_MAX_IMAGES - 1

/** Appends inputs not already listed, up to the endpoint's cap; what does not fit is left out. */
export function addInputs(current: EditInput[], added: EditInput[]): EditInput[] {
  const next = [...current]
  for (const input of added) {
    if (next.length >= MAX_INPUTS) break
    if (!next.some((other) => other.mediaId === input.mediaId)) next.push({ mediaId: input.mediaId })
  }
  return next
}

/** Swaps an input with its neighbour before (-1) or after (+1); out of range changes nothing. */
export function moveInput(current: EditInput[], index: number, delta: -1 | 1): EditInput[] {
  const to = index + delta
  const a = current[index]
  const b = current[to]
  if (!a || !b) return current
  const next = [...current]
  next[index] = b
  next[to] = a
  return next
}

/**
 * The chain after keeping `result` as the next version of the one at `base`: versions after the base
 * (left behind by stepping back) are dropped, as an undo history drops its redo steps; they stay in the
 * library and the results list.
 */
export function keepVersion(
  chain: EditSource[],
  base: number,
  result: EditSource
): { chain: EditSource[]; base: number } {
  const next = [...chain.slice(0, base + 1), result]
  return { chain: next, base: next.length - 1 }
}
