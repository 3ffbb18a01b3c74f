/**
 * The one backoff of the backend and the one reader of a server's "wait this long" headers. Each caller
 * (request retries, task polls, downloads) names its own schedule; the formula and the header rules are
 * the same everywhere (RELIABILITY P14, P25, P26).
 */

export interface BackoffSchedule {
  initialMs: number
  factor: number
  maxMs: number
  /** The delay is multiplied by a uniform draw from [low, high]. */
  jitter: readonly [low: number, high: number]
}

/** Delay before try number `attempt` (0-based): min(initial · factor^attempt, max) × U[low, high]. */
export function backoffDelay(schedule: BackoffSchedule, attempt: number, random: () => number): number {
  const base = Math.min(schedule.initialMs * schedule.factor ** attempt, schedule.maxMs)
  const [low, high] = schedule.jitter
  return Math.round(base * (low + (high - low) * random()))
}

/** The few response headers that ask for a wait; kept raw so the rules below decide how to read them. */
export interface RetryHints {
  retryAfterMs?: string | undefined
  retryAfter?: string | undefined
  shouldRetry?: string | undefined
}

/** Past this a server's wait is not believed (a misconfigured proxy), and our own schedule applies. */
const SERVER_DELAY_MAX_MS = 60_000

/**
 * The server's own wait, when it gave a usable one (0–60 s, or up to `maxMs`); `retry-after-ms` wins over
 * `Retry-After`.
 */
export function serverDelayMs(
  hints: RetryHints | undefined,
  now: number,
  maxMs = SERVER_DELAY_MAX_MS
): number | undefined {
  if (!hints) return undefined
  const inRange = (ms: number): number | undefined =>
    Number.isFinite(ms) && ms >= 0 && ms <= maxMs ? ms : undefined
  const ms = hints.retryAfterMs?.trim()
  if (ms && /^\d+(\.\d+)?$/.test(ms)) {
    const value = inRange(Number(ms))
    if (value !== undefined) return value
  }
  const after = hints.retryAfter?.trim()
  if (after) {
    if (/^\d+(\.\d+)?$/.test(after)) return inRange(Number(after) * 1000)
    const date = Date.parse(after)
    if (!Number.isNaN(date)) return inRange(Math.max(0, date - now))
  }
  return undefined
}

/**
 * For background work that comes back later (polls, downloads): our schedule, but never sooner than the
 * server asked. A request retry instead takes the server's wait as is (openai-node's rule, P14).
 */
export function notBeforeServer(delayMs: number, serverMs: number | undefined): number {
  return Math.max(delayMs, serverMs ?? 0)
}
