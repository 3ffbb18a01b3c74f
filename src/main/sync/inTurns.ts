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
