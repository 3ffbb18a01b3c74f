import { GatewayError } from './errors'

/** The span a per-minute limit looks back over. */
export const RATE_WINDOW_MS = 60_000

interface Window {
  perMinute: number
  /** Admission times inside the window, oldest first. */
  admitted: number[]
}

/**
 * Requests per minute per key, as a sliding window over the emulator clock (so `advance` moves it). Only
 * admitted requests are counted: a refused one takes no slot, so `retry-after-ms` is exact, and a client
 * that waits that long is admitted.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(private readonly now: () => number) {}

  limit(key: string): number | null {
    return this.windows.get(key)?.perMinute ?? null
  }

  /**
   * `null` removes the limit. Setting one starts a fresh window: requests made while the key had another
   * limit, or none, are forgotten, so a test that sets a limit of N gets exactly N before the first 429.
   */
  set(key: string, perMinute: number | null): void {
    if (perMinute === null) {
      this.windows.delete(key)
      return
    }
    if (!Number.isSafeInteger(perMinute) || perMinute <= 0) {
      throw new Error('a rate limit is a positive whole number of requests per minute, or null')
    }
    this.windows.set(key, { perMinute, admitted: [] })
  }

  /** Counts one request of `key`, or answers 429 saying when the next one would be admitted. */
  admit(key: string): void {
    const window = this.windows.get(key)
    if (!window) return
    const now = this.now()
    const { admitted, perMinute } = window
    while (admitted.length > 0 && now - (admitted[0] ?? now) >= RATE_WINDOW_MS) admitted.shift()
    if (admitted.length < perMinute) {
      admitted.push(now)
      return
    }
    // The next request fits once enough of the oldest admissions have left the window.
    const freedBy = admitted[admitted.length - perMinute] ?? now
    const waitMs = Math.max(1, Math.ceil(freedBy + RATE_WINDOW_MS - now))
    const seconds = Math.ceil(waitMs / 1000)
    throw new GatewayError(
      429,
      'rate_limit_error',
      'rate_limit_exceeded',
      `Rate limit reached for this API key: ${perMinute} requests per minute. Try again in ${seconds} s.`,
      { 'retry-after': String(seconds), 'retry-after-ms': String(waitMs) }
    )
  }
}
