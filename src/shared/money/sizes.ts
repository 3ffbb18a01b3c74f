/**
 * The sizes a per-image price may depend on, in the two forms the gateway's endpoints take: a pixel size
 * `<width>x<height>` (v3, partner-a, partner-b) and a tier such as `2K` (v2's resolution, partner-a,
 * partner-b). One spelling per size, so a price table's "1024X1024" and a request's "1024x1024" meet.
 */

/** Longer text is no size; the check stays cheap whatever a file holds. */
const MAX_SIZE_CHARS = 16
const PIXELS = /^0*([1-9]\d{0,4})\s*[xX×*]\s*0*([1-9]\d{0,4})$/
const TIER = /^0*([1-9]\d?)\s*[kK]$/

/**
 * The one spelling of a size ("2048x2048", "2K"), or undefined when the text is neither a pixel size nor a
 * tier. Spaces around it and inside it, an upper-case X, "×" or "*", and a lower-case k are forgiven,
 * because spreadsheets and hand-written files use all of them.
 */
export function normalizeSize(text: string): string | undefined {
  const trimmed = text.trim()
  if (trimmed.length > MAX_SIZE_CHARS) return undefined
  const pixels = PIXELS.exec(trimmed)
  if (pixels) return `${pixels[1]}x${pixels[2]}`
  const tier = TIER.exec(trimmed)
  return tier ? `${tier[1]}K` : undefined
}
