import type { QueueState } from '@shared/schemas/jobGroups'
import type { JobView } from '@shared/schemas/jobs'
import { isActiveJob } from '../../jobs/status'
import { followsFrom, mirrorSum, useJobsStore } from '../../store/jobs'
import { isUnsent } from './model'
import { useQueueStore } from './store'

type Mirror = Pick<ReturnType<typeof useJobsStore.getState>, 'byId' | 'version' | 'change'>

const lineSets = new WeakMap<QueueState, ReadonlySet<string>>()

/** The line's ids as a set, made once per line the backend says. */
function idsOf(line: QueueState | null): ReadonlySet<string> {
  if (line === null) return new Set()
  let ids = lineSets.get(line)
  if (!ids) lineSets.set(line, (ids = new Set(line.waiting)))
  return ids
}

/** A job of the line that the mirror knows was sent since the line was said has left it. */
const hasLeft = (job: JobView | undefined): boolean => job !== undefined && !isUnsent(job)

let placed: {
  line: QueueState | null
  byId: Record<string, JobView>
  version: number
  left: string[]
  places: Map<string, number>
} | null = null

const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i])

/**
 * Each waiting job's place in line (1 = sent next). The backend says the order when it changes (a pause,
 * a move); jobs sent since then have left the line, which the jobs mirror already knows, so places are
 * counted over the jobs still unsent rather than read stale from the last order. Counted again only when
 * the line changed or a job left it: a page of the Queue or a poll's news leaves the places as they were,
 * which the mirror's last change tells without walking the line.
 */
export function placesOf(line: QueueState | null, mirror: Mirror): Map<string, number> {
  const { byId, version, change } = mirror
  if (placed?.line === line && placed.byId === byId && placed.version === version) return placed.places
  if (placed?.line === line && followsFrom(placed, mirror, change)) {
    const inLine = idsOf(line)
    if (change.ids.every((id) => !inLine.has(id) || hasLeft(change.before.get(id)) === hasLeft(byId[id]))) {
      placed.version = version
      return placed.places
    }
  }
  const waiting = line?.waiting ?? []
  // A job the mirror has not loaded is taken as still waiting.
  const left = waiting.filter((id) => hasLeft(byId[id]))
  if (placed?.line === line && sameIds(placed.left, left)) {
    placed.byId = byId
    placed.version = version
    return placed.places
  }
  const gone = new Set(left)
  const places = new Map<string, number>()
  for (const id of waiting) if (!gone.has(id)) places.set(id, places.size + 1)
  placed = { line, byId, version, left, places }
  return places
}

/** Places in line, for the list and the pause line. */
export function usePlaces(): Map<string, number> {
  const line = useQueueStore((state) => state.line)
  return useJobsStore((state) => placesOf(line, state))
}

/**
 * What the mirror adds to the line's length: -1 for a job of the line it knows was sent since, +1 for an
 * unsent job the line does not name yet (a batch submitted since the line was last said).
 */
const besideLine = mirrorSum<QueueState | null>((job, id, line) => {
  if (idsOf(line).has(id)) return hasLeft(job) ? -1 : 0
  return isActiveJob(job) && isUnsent(job) ? 1 : 0
})

/**
 * How many jobs wait to be sent: every one still in the backend's line (loaded or not), and those the
 * mirror holds unsent that the line does not name yet.
 */
export function waitingCount(line: QueueState | null, mirror: Mirror): number {
  return idsOf(line).size + besideLine(mirror, line)
}
