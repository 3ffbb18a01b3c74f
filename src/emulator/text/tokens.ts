import { createHash } from 'node:crypto'

/** Rough tokenizer: about four characters a token, like the usual rule of thumb. */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil([...text].length / 4)
}

/** Tokens billed for one input image. */
export const IMAGE_INPUT_TOKENS = 85

export function hashHex(...parts: (string | number)[]): string {
  const h = createHash('sha256')
  for (const p of parts) h.update(`${String(p)}\u0000`)
  return h.digest('hex')
}

/**
 * Remembers every conversation prefix seen per scope, so a repeated prefix reports cached tokens the way
 * provider prompt caches do (no minimum length, so tests can use short prompts).
 */
export class PrefixCache {
  private readonly seen = new Set<string>()

  /** Tokens of the longest proper prefix of `segments` seen before in `scope`; records all prefixes. */
  lookup(scope: string, segments: string[]): number {
    let hash = hashHex(scope)
    let tokens = 0
    let cached = 0
    segments.forEach((segment, i) => {
      hash = hashHex(hash, segment)
      tokens += countTokens(segment)
      if (i < segments.length - 1 && this.seen.has(hash)) cached = tokens
      this.seen.add(hash)
    })
    return cached
  }
}
