/**
 * Runs `work` on every item, `atOnce` at a time (a sync's transfers: a few in flight keep the link busy
 * without holding many files' bytes in memory). On a failure no further item is started and the ones under
 * way are waited for, so nothing is still running when it rejects with the first failure.
 */
export async function inTurns<T>(
  items: readonly T[],
  atOnce: number,
  work: (item: T) => Promise<void>
): Promise<void> {
  let next = 0
  const failures: unknown[] = []
  const worker = async (): Promise<void> => {
    while (failures.length === 0 && next < items.length) {
      const item = items[next++] as T
      try {
        await work(item)
      } catch (error) {
        failures.push(error)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker))
  if (failures.length > 0) throw failures[0]
}

/**
 * At most `limit` bytes taken at once, however many ask: a sync fetches many small images side by side,
 * but never holds more than this of them in memory. One that alone is over the limit still goes, alone.
 */
export class ByteBudget {
  private used = 0
  private readonly waiting: Array<() => void> = []

  constructor(private readonly limit: number) {}

  async take(bytes: number): Promise<void> {
    while (this.used > 0 && this.used + bytes > this.limit)
      await new Promise<void>((wake) => this.waiting.push(wake))
    this.used += bytes
  }

  give(bytes: number): void {
    this.used -= bytes
    for (const wake of this.waiting.splice(0)) wake()
  }
}
