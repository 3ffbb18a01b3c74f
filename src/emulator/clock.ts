/** Wall time plus a manual offset, so tests can jump task states and URL expiry forward. */
export class Clock {
  private offset = 0

  now(): number {
    return Date.now() + this.offset
  }

  seconds(): number {
    return Math.floor(this.now() / 1000)
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error('advance() takes a non-negative number of ms')
    this.offset += ms
  }
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts (the client left or the emulator stopped). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  const reason = (): Error => (signal?.reason instanceof Error ? signal.reason : new Error('aborted'))
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(reason())
      return
    }
    const done = (): void => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }
    const timer = ms <= 0 ? undefined : setTimeout(done, ms)
    if (timer === undefined) setImmediate(done)
    const onAbort = (): void => {
      if (timer !== undefined) clearTimeout(timer)
      reject(reason())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
