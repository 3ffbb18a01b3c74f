/** A benchmark measures its subject and a baseline in the same run and reports their ratio. */
export interface BenchResult {
  name: string
  subject: string
  baseline: string
  /** subject ÷ baseline, in the unit named by `higherIsBetter`. */
  ratio: number
  target: string
  met: boolean
  details?: Record<string, number | string>
}

export interface Bench {
  name: string
  run(): Promise<BenchResult>
}

export async function timeIt(fn: () => Promise<void> | void): Promise<number> {
  const start = process.hrtime.bigint()
  await fn()
  return Number(process.hrtime.bigint() - start) / 1e6
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}
