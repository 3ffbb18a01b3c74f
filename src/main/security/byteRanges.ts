/**
 * A `Range` header against a body of `size` bytes, as both shells serve library media (video seeking needs
 * it): the bytes asked for (both ends included), `unsatisfiable`, or null for the whole body. One range
 * only; anything else is answered whole.
 */
export function rangeOf(
  rangeHeader: string | null | undefined,
  size: number
): { start: number; end: number } | 'unsatisfiable' | null {
  const range = rangeHeader ? /^bytes=(\d*)-(\d*)$/.exec(rangeHeader) : null
  if (!range || !(range[1] || range[2])) return null
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]))
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1
  return start > end || start >= size ? 'unsatisfiable' : { start, end }
}
