import { descriptorAt } from '../../shared/gateway/endpoints'
import type { LaneLimits } from '../../shared/schemas/lanes'

/** One lane of the send queue: a profile and an endpoint (its descriptor's key), as the scheduler keys it. */
export const laneKey = (profileId: string, endpoint: string): string => `${profileId}\n${endpoint}`

/** The lane of a stored job, which names its endpoint by path (`jobs.endpoint`). */
export const laneOfJob = (job: { profile_id: string; endpoint: string }): string =>
  laneKey(job.profile_id, descriptorAt(job.endpoint)?.key ?? job.endpoint)

/** The span a per-minute limit looks back over. */
const WINDOW_MS = 60_000
/** A 429 without a usable Retry-After holds the lane 2 s, then 4, 8 … up to a minute (ours, P49). */
const HOLD_FIRST_MS = 2_000
const HOLD_MAX_MS = 60_000

interface LaneState {
  running: number
  /** Monotonic times of the sends started in the last minute, oldest first. */
  starts: number[]
  /** Nothing starts before this (monotonic ms): the gateway's Retry-After, or our backoff. */
  holdUntil: number
  /**
   * After a 429: at most this many sends at once, one more for each answer that is not a 429, until the
   * user's concurrency is reached again (null). A gateway that limits by rate or by requests in flight is
   * met the same way, and one whose refusal came from other traffic on the key is back to full speed soon.
   */
  slowedTo: number | null
  /** 429s in a row, for the backoff when the gateway names no time. */
  refusals: number
}

/**
 * The live side of each lane: how many of its sends are in flight, when they started (its rate), and what
 * the gateway's 429s did to it. Limits come from the user's settings (`LaneLimitStore`) through
 * `limitsOf`, read at each decision, so a change in Settings applies to the next send.
 */
export class Lanes {
  private readonly states = new Map<string, LaneState>()

  constructor(private readonly limitsOf: (lane: string) => LaneLimits) {}

  /** Whether the lane may start one more send now. */
  canStart(lane: string, now: number): boolean {
    const state = this.state(lane)
    if (state.running >= this.concurrency(state, lane)) return false
    if (now < state.holdUntil) return false
    const rate = this.limitsOf(lane).perMinute
    return rate === null || this.startsWithin(state, now) < rate
  }

  /**
   * When the lane could start again if a slot is free (monotonic ms), for the scheduler's timer; Infinity
   * when only a send in flight can free it (its end pumps the queue).
   */
  opensAt(lane: string, now: number): number {
    const state = this.state(lane)
    if (state.running >= this.concurrency(state, lane)) return Infinity
    let at = Math.max(now, state.holdUntil)
    const rate = this.limitsOf(lane).perMinute
    if (rate !== null && this.startsWithin(state, at) >= rate) {
      // The window opens once enough of its oldest starts have left it.
      const oldest = state.starts[state.starts.length - rate] ?? at
      at = Math.max(at, oldest + WINDOW_MS)
    }
    return at
  }

  started(lane: string, now: number): void {
    const state = this.state(lane)
    state.running++
    this.startsWithin(state, now)
    state.starts.push(now)
  }

  finished(lane: string): void {
    const state = this.state(lane)
    state.running = Math.max(0, state.running - 1)
  }

  /**
   * The gateway refused a send with a 429 that is not about money: hold the lane for as long as it asked
   * (or our backoff), and halve what it sends at once.
   */
  refused(lane: string, now: number, retryAfterMs: number | undefined): void {
    const state = this.state(lane)
    state.refusals++
    const backoff = Math.min(HOLD_FIRST_MS * 2 ** (state.refusals - 1), HOLD_MAX_MS)
    const hold = retryAfterMs !== undefined && retryAfterMs > 0 ? retryAfterMs : backoff
    state.holdUntil = Math.max(state.holdUntil, now + hold)
    // `running` still counts the refused send: it is what the gateway would not take at once.
    const atOnce = Math.min(state.running, this.concurrency(state, lane))
    state.slowedTo = Math.max(1, Math.floor(atOnce / 2))
  }

  /** Any answer that is not a 429: the run of refusals is over, and the lane takes one more at once. */
  answered(lane: string): void {
    const state = this.state(lane)
    state.refusals = 0
    if (state.slowedTo === null) return
    state.slowedTo++
    if (state.slowedTo >= this.limitsOf(lane).concurrency) state.slowedTo = null
  }

  /** What Settings shows of the lane. */
  snapshot(lane: string, now: number): { running: number; slowedTo: number | null; holdMs: number } {
    const state = this.state(lane)
    return { running: state.running, slowedTo: state.slowedTo, holdMs: Math.max(0, state.holdUntil - now) }
  }

  private concurrency(state: LaneState, lane: string): number {
    const limit = this.limitsOf(lane).concurrency
    return state.slowedTo === null ? limit : Math.min(limit, state.slowedTo)
  }

  private startsWithin(state: LaneState, now: number): number {
    const starts = state.starts
    let drop = 0
    while (drop < starts.length && now - (starts[drop] as number) >= WINDOW_MS) drop++
    if (drop > 0) starts.splice(0, drop)
    return starts.length
  }

  private state(lane: string): LaneState {
    let state = this.states.get(lane)
    if (!state) {
      state = { running: 0, starts: [], holdUntil: 0, slowedTo: null, refusals: 0 }
      this.states.set(lane, state)
    }
    return state
  }
}
