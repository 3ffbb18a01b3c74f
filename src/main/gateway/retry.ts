import { backoffDelay, serverDelayMs, type BackoffSchedule, type RetryHints } from '../time/backoff'
import type { Clock } from '../time/clock'
import { GatewayError } from './errors'

/**
 * Retry policy (P13–P17). Safe reads (listing, task polls) follow the Stainless SDK table; billed POSTs are
 * re-sent only when the first try provably never left or the gateway said 429 without a money reason,
 * because one click must never bill twice.
 */

export const MAX_RETRIES = 2
export type RequestClass = 'idempotent' | 'billed'

/** P14: retry n (0-based) waits min(0.5·2^n, 8) s × U[0.75, 1]. */
export const REQUEST_RETRY: BackoffSchedule = { initialMs: 500, factor: 2, maxMs: 8_000, jitter: [0.75, 1] }

export function backoffMs(retryIndex: number, random: () => number): number {
  return backoffDelay(REQUEST_RETRY, retryIndex, random)
}

export function retryDelayMs(retryIndex: number, hints: RetryHints | undefined, clock: Clock): number {
  return serverDelayMs(hints, clock.now()) ?? backoffMs(retryIndex, () => clock.random())
}

function headerSays(hints: RetryHints | undefined): boolean | undefined {
  const value = hints?.shouldRetry?.trim().toLowerCase()
  if (value === 'true') return true
  if (value === 'false') return false
  return undefined
}

export function shouldRetry(err: GatewayError, cls: RequestClass, leaveRateLimits = false): boolean {
  if (err.reason === 'cancelled' || err.reason === 'preflight') return false
  if (err.code === 'model_endpoint_mismatch') return false
  const says = headerSays(err.hints)
  if (cls === 'billed') {
    if (err.notSent) return err.retryable
    if (leaveRateLimits && err.reason === 'http' && err.status === 429) return false
    // A 429 means the gateway refused before doing any work; a money-related 429 never passes by waiting.
    return err.reason === 'http' && err.status === 429 && err.retryable && says !== false
  }
  if (says !== undefined && err.reason === 'http') return says
  return err.retryable
}

export interface RetryEvent {
  attempt: number
  delayMs: number
  error: GatewayError
}

/**
 * Runs `attempt` until it succeeds, the policy says stop, or MAX_RETRIES re-tries are spent. A cancel
 * (also during the backoff sleep) ends it at once with a `cancelled` error.
 */
export async function withRetries<T>(
  cls: RequestClass,
  clock: Clock,
  signal: AbortSignal,
  attempt: (attemptIndex: number) => Promise<T>,
  onRetry?: (event: RetryEvent) => void,
  /** The caller's queue handles 429s (`PostOptions.rateLimits: 'caller'`). */
  leaveRateLimits = false
): Promise<T> {
  for (let index = 0; ; index++) {
    try {
      return await attempt(index)
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err
      if (index >= MAX_RETRIES || signal.aborted || !shouldRetry(err, cls, leaveRateLimits)) throw err
      const delayMs = retryDelayMs(index, err.hints, clock)
      onRetry?.({ attempt: index, delayMs, error: err })
      try {
        await clock.sleep(delayMs, signal)
      } catch {
        throw new GatewayError({
          reason: 'cancelled',
          code: 'cancelled',
          message: 'Cancelled by the user.',
          outcome: err.outcome
        })
      }
    }
  }
}
