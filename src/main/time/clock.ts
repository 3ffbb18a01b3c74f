import { performance } from 'node:perf_hooks'

/**
 * The one clock of the backend: the gateway client's retries, the engine's polls and downloads and their
 * deadlines, and every timestamp a module records read time and chance through it, so a test can drive
 * them all from one fake (and a lint test keeps `Date.now()` out of `src/main` outside this folder).
 *
 * Two kinds of time (RELIABILITY P44): `now()` is the wall clock, for what is recorded and shown; it jumps
 * when the system clock is set. `monotonic()` only moves forward, at the pace time passes; every delay
 * and due time in the process runs on it, so a clock set back two hours stalls nothing and one set forward
 * expires nothing.
 */
export interface Clock {
  /** Wall-clock ms since the epoch. */
  now(): number
  /** ms since an arbitrary origin; never goes back, never jumps. */
  monotonic(): number
  /** Resolves after `ms`, rejects at once if `signal` aborts (a cancel during a wait is a cancel). */
  sleep(ms: number, signal: AbortSignal): Promise<void>
  /** In [0, 1). */
  random(): number
}

const abortError = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('Aborted')

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  random: () => Math.random(),
  // Node's timers run on the monotonic clock: a sleep is never stretched or cut by a step of the wall clock.
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) {
        reject(abortError(signal))
        return
      }
      const onAbort = (): void => {
        clearTimeout(timer)
        reject(abortError(signal))
      }
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal.addEventListener('abort', onAbort, { once: true })
    })
}

/**
 * Wall-clock time as it was when this was called, moved on by monotonic time since: what deadlines stored as
 * wall-clock times (a task's, a result address's) are compared with. A step of the system clock while the
 * app runs does not move it; a step while the app is stopped is seen at the next start, where a deadline
 * that seems to have passed is checked with the gateway once more before anything is given up.
 */
export function steadyWallClock(clock: Clock): () => number {
  const wallAtStart = clock.now()
  const monotonicAtStart = clock.monotonic()
  return () => wallAtStart + (clock.monotonic() - monotonicAtStart)
}
