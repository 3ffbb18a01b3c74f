/**
 * The one clock of the backend: the gateway client's retries, the engine's polls and downloads and their
 * deadlines all read time and chance through it, so a test can drive them all from one fake.
 */
export interface Clock {
  now(): number
  /** Resolves after `ms`, rejects at once if `signal` aborts (a cancel during a wait is a cancel). */
  sleep(ms: number, signal: AbortSignal): Promise<void>
  /** In [0, 1). */
  random(): number
}

const abortError = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('Aborted')

export const systemClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
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
