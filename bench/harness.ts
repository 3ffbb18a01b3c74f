import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'

/** The project root, and `.bench/` in it: fixtures, the renderer build, results and profiles (not committed). */
export const ROOT = resolve(__dirname, '..')
export const BENCH_DIR = join(ROOT, '.bench')

export interface BenchContext {
  /** `--quick`: CI-size fixtures (a tenth of the scale or less); the same measurements. */
  quick: boolean
  /** How many times each bench's `run` is called (5 unless `--runs N`). */
  runs: number
  /** `--profile`: benches that can write a Chromium performance trace or a CPU profile do, into this folder. */
  profileDir: string | null
  /** The built renderer the web host serves (built once per `npm run bench` unless GS_RENDERER_DIR is set). */
  rendererDir: () => string
  /** Prints a line under the bench's heading (set-up progress, per-run figures). */
  log: (line: string) => void
}

/** The figures a target is judged on; each is the median over the runs when judged at the end. */
export interface Figures {
  subject: number
  baseline: number
  ratio: number
}

/**
 * One target measured once: the subject and its baseline (measured in the same run), their ratio, and how
 * the target judges them. `judge` is applied to the medians of all runs.
 */
export interface Sample extends Figures {
  /** Stable across runs and commits: what `--json` results are compared by. */
  key: string
  /** The target in words, e.g. "gallery first paint, 100,000 images". */
  label: string
  /** What subject and baseline are, e.g. "gallery screen, click to every tile painted". */
  subjectIs: string
  baselineIs: string
  unit: string
  /** The target as written in the issue, e.g. "≤ 1.5× the Settings screen". */
  goal: string
  judge(figures: Figures): boolean
  details?: Record<string, number | string>
}

export interface Bench<State = unknown> {
  name: string
  /** Once before the runs (fixtures, servers, warm-up); what it returns goes to every run. */
  setup?(ctx: BenchContext): Promise<State>
  /** One run: every target this bench measures, once. */
  run(state: State, ctx: BenchContext, run: number): Promise<Sample[]>
  teardown?(state: State): Promise<void>
}

/** Type-erasing helper so benches with different state types share one list. */
export function bench<State>(definition: Bench<State>): Bench {
  return definition
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

export interface Spread {
  median: number
  min: number
  max: number
  runs: number[]
}

export function spread(values: number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values }
}

/** Speed ratio for "≥ k× the baseline's speed" targets: baseline time ÷ subject time. */
export const speed = (subjectMs: number, baselineMs: number): number => baselineMs / Math.max(1e-9, subjectMs)

/** Ratio for "≤ k× the baseline" targets: subject ÷ baseline (the baseline floored at `floor`). */
export const times = (subject: number, baseline: number, floor = 1e-9): number =>
  subject / Math.max(floor, baseline)

/**
 * A run's figure from several subject/baseline pairs measured side by side (first visits, each in a fresh
 * browser context): the median of each side and of the pairs' own ratios, and the ratios as a detail.
 */
export function pairedMedians(pairs: { subject: number; baseline: number }[]): {
  subject: number
  baseline: number
  ratio: number
  details: Record<string, number | string>
} {
  const ratios = pairs.map((p) => times(p.subject, p.baseline))
  return {
    subject: median(pairs.map((p) => p.subject)),
    baseline: median(pairs.map((p) => p.baseline)),
    ratio: median(ratios),
    details: {
      'first visits (median of their ratios)': pairs.length,
      'ratios this run': ratios.map((r) => r.toFixed(2)).join(' ')
    }
  }
}

/**
 * Writes every dirty page to disk before a bench's runs: the fixtures its setup copied (the gallery's is
 * hundreds of megabytes) and the previous bench's databases were otherwise flushed by the kernel during
 * the first runs, where they slowed whichever side fsyncs (the library path's first runs measured
 * 0.47-0.53× in a full run, 0.6-0.7× alone). Not available everywhere: then the runs start as they are.
 */
export function settleDisk(): void {
  spawnSync('sync', [], { stdio: 'ignore' })
}
