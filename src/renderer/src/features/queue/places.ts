import type { QueueState } from '@shared/schemas/jobGroups'
import type { JobView } from '@shared/schemas/jobs'
import { isActiveJob } from '../../jobs/status'
import { useJobsStore } from '../../store/jobs'
import { isUnsent } from './model'
import { useQueueStore } from './store'

let placed: {
  line: QueueState | null
  byId: Record<string, JobView>
  left: string[]
  places: Map<string, number>
} | null = null

const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i])

/**
 * Each waiting job's place in line (1 = sent next). The backend says the order when it changes (a pause,
 * a move); jobs sent since then have left the line, which the jobs mirror already knows, so places are
 * counted over the jobs still unsent rather than read stale from the last order. Counted again only when
 * the line changed or a job left it: a page of the Queue or a poll's news leaves the places as they were.
 */
export function placesOf(line: QueueState | null, byId: Record<string, JobView>): Map<string, number> {
  if (placed?.line === line && placed.byId === byId) return placed.places
  const waiting = line?.waiting ?? []
  // A job the mirror has not loaded is taken as still waiting.
  const left = waiting.filter((id) => {
    const job = byId[id]
    return job !== undefined && !isUnsent(job)
  })
  if (placed?.line === line && sameIds(placed.left, left)) {
    placed.byId = byId
    return placed.places
  }
  const gone = new Set(left)
  const places = new Map<string, number>()
  for (const id of waiting) if (!gone.has(id)) places.set(id, places.size + 1)
  placed = { line, byId, left, places }
  return places
}

/** Places in line, for the list and the pause line. */
export function usePlaces(): Map<string, number> {
  const line = useQueueStore((state) => state.line)
  return useJobsStore((state) => placesOf(line, state.byId))
}

let counted: { line: QueueState | null; byId: Record<string, JobView>; waiting: number } | null = null

/**
 * How many jobs wait to be sent: every one still in the backend's line (loaded or not), and those the
 * mirror holds unsent that the line does not name yet (a batch submitted since the line was last said).
 */
export function waitingCount(line: QueueState | null, byId: Record<string, JobView>): number {
  if (counted?.line === line && counted.byId === byId) return counted.waiting
  const places = placesOf(line, byId)
  let waiting = places.size
  for (const id in byId) {
    const job = byId[id]
    if (job && isActiveJob(job) && isUnsent(job) && !places.has(id)) waiting++
  }
  counted = { line, byId, waiting }
  return waiting
}
