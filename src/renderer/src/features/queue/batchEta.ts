/**
 * A batch's time left from the pace its jobs actually finished at here: the jobs finished (any way) over
 * the last stretch of time this window has watched it, not a guess from the model. Samples are taken as
 * `groups.updated` arrives; the pace is read over the last 10 minutes (a batch that speeds up or slows
 * down, say after a 429, is followed within minutes).
 */

export interface EtaSample {
  /** Wall-clock ms. */
  at: number
  /** Jobs of the batch that finished by then (succeeded, failed, cancelled, expired, incomplete). */
  finished: number
}

/** The stretch the pace is read over. */
export const PACE_WINDOW_MS = 10 * 60_000
/** Fewer jobs than this finished in the window say too little to give a time. */
const MIN_FINISHED = 3
/** Nor does less than this much watching (a burst at start would promise a time far too short). */
const MIN_SPAN_MS = 30_000
/** Samples kept per batch: enough for the window at one update a second. */
const MAX_SAMPLES = 600

/** The samples with a new one added (when the count moved), trimmed to the window. */
export function addSample(samples: readonly EtaSample[], sample: EtaSample): EtaSample[] {
  const last = samples[samples.length - 1]
  if (last && last.finished === sample.finished) return [...samples]
  const kept = samples.filter((each) => sample.at - each.at <= PACE_WINDOW_MS)
  kept.push(sample)
  return kept.slice(-MAX_SAMPLES)
}

/** Milliseconds left for `remaining` jobs at the pace seen by `now`, or null when too little was seen. */
export function timeLeft(samples: readonly EtaSample[], remaining: number, now: number): number | null {
  if (remaining <= 0) return 0
  const recent = samples.filter((each) => now - each.at <= PACE_WINDOW_MS)
  const first = recent[0]
  const last = recent[recent.length - 1]
  if (!first || !last || last.finished - first.finished < MIN_FINISHED) return null
  if (now - first.at < MIN_SPAN_MS) return null
  // Counted up to now, not to the last finish: a batch that stopped finishing gets slower, not frozen.
  const perMs = (last.finished - first.finished) / Math.max(1, now - first.at)
  return remaining / perMs
}
