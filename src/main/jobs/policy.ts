import { DEFAULT_SEND_CONCURRENCY, type JobKind } from '../../shared/schemas/jobKinds'
import type { LaneLimits } from '../../shared/schemas/lanes'
import { backoffDelay, notBeforeServer } from '../time/backoff'

/** The engine's figures; every one marked (ours) in RELIABILITY.md, overridable so tests run fast. */
export interface EnginePolicy {
  /** P25: first poll after 2 s, ×1.5 each time, capped at 30 s, ±20 % jitter. */
  poll: { initialMs: number; factor: number; maxMs: number; jitter: number }
  /** Deadlines counted from the stored creation time; past them a task is given up as expired. */
  deadlineMs: { imagesV2: number; videos: number }
  /** P26: a result URL is retried until the result's creation + 23 h (or its own stated expiry). */
  download: { initialMs: number; maxMs: number; windowMs: number }
  /**
   * How many requests of each sort may be in flight at once: sends per lane (a profile and an endpoint)
   * by the endpoint's kind of job, unless the user set the lane's own limits; polls and downloads in all.
   */
  concurrency: Record<JobKind, number> & { poll: number; download: number }
  /** A poll or download that failed past its runner (its row could not be written) waits this long. */
  afterFaultMs: number
}

export const DEFAULT_POLICY: EnginePolicy = {
  poll: { initialMs: 2_000, factor: 1.5, maxMs: 30_000, jitter: 0.2 },
  deadlineMs: { imagesV2: 60 * 60_000, videos: 6 * 60 * 60_000 },
  download: { initialMs: 2_000, maxMs: 5 * 60_000, windowMs: 23 * 60 * 60_000 },
  concurrency: { ...DEFAULT_SEND_CONCURRENCY, poll: 8, download: 3 },
  afterFaultMs: 30_000
}

export function mergePolicy(overrides: PartialPolicy | undefined): EnginePolicy {
  return {
    poll: { ...DEFAULT_POLICY.poll, ...overrides?.poll },
    deadlineMs: { ...DEFAULT_POLICY.deadlineMs, ...overrides?.deadlineMs },
    download: { ...DEFAULT_POLICY.download, ...overrides?.download },
    concurrency: { ...DEFAULT_POLICY.concurrency, ...overrides?.concurrency },
    afterFaultMs: overrides?.afterFaultMs ?? DEFAULT_POLICY.afterFaultMs
  }
}

export type PartialPolicy = {
  [K in keyof EnginePolicy]?: EnginePolicy[K] extends object ? Partial<EnginePolicy[K]> : EnginePolicy[K]
}

/** Delay before poll number `count` (0-based): P25's schedule, never sooner than the server asked. */
export function pollDelay(
  policy: EnginePolicy['poll'],
  count: number,
  random: () => number,
  serverHintMs?: number
): number {
  const schedule = { ...policy, jitter: [1 - policy.jitter, 1 + policy.jitter] as const }
  return notBeforeServer(backoffDelay(schedule, count, random), serverHintMs)
}

/** Delay before download retry `attempts` (0-based): ×2 up to the cap, never sooner than the host asked. */
export function downloadDelay(
  policy: EnginePolicy['download'],
  attempts: number,
  random: () => number,
  serverHintMs?: number
): number {
  const schedule = { initialMs: policy.initialMs, factor: 2, maxMs: policy.maxMs, jitter: [0.75, 1] as const }
  return notBeforeServer(backoffDelay(schedule, attempts, random), serverHintMs)
}

/**
 * A lane's limits until the user sets its own (P49): its kind's concurrency, and no rate of ours — the
 * gateway's 429s slow it down when it has a limit, and most have none for a few requests at a time.
 */
export function defaultLaneLimits(policy: EnginePolicy, kind: JobKind): LaneLimits {
  return { concurrency: policy.concurrency[kind], perMinute: null }
}
