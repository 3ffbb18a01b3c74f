import { create } from 'zustand'
import type { JobView, ResultView } from '@shared/schemas/jobs'

/** What the last change of the mirror did: the mirror before it, the one it made, the ids it touched. */
export interface MirrorChange {
  from: Record<string, JobView>
  to: Record<string, JobView>
  ids: readonly string[]
}

interface JobsState {
  byId: Record<string, JobView>
  /** Ids newest first, as far as they have been loaded. */
  order: string[]
  /** Lets what is counted over every job follow a change from the jobs it touched (`mirrorSum`). */
  change: MirrorChange | null
  upsert: (job: JobView) => void
  upsertMany: (jobs: JobView[]) => void
  remove: (id: string) => void
  /** A partial image of a running stream: shown before the job's next full update arrives. */
  addPartial: (jobId: string, result: ResultView) => void
}

/**
 * `order` with a new id at its place, newest first, by binary search: an event for a job not yet listed costs
 * one copy, not a sort of every job (10,000 resuming at start-up each announce themselves).
 */
function insertByCreated(byId: Record<string, JobView>, order: string[], id: string): string[] {
  const at = byId[id]?.createdAt ?? 0
  let low = 0
  let high = order.length
  while (low < high) {
    const mid = (low + high) >> 1
    if ((byId[order[mid] as string]?.createdAt ?? 0) > at) low = mid + 1
    else high = mid
  }
  return [...order.slice(0, low), id, ...order.slice(low)]
}

/**
 * `order` with the ids it lacks merged in at their places, newest first. A page of the Queue is 50 jobs
 * older than all it holds: sorting the new ones and merging costs one pass, where sorting everything again
 * cost a sort of 10,000 ids (and its garbage) per page scrolled.
 */
function mergeByCreated(
  byId: Record<string, JobView>,
  listed: Record<string, JobView>,
  order: readonly string[],
  ids: readonly string[]
): string[] {
  const created = (id: string): number => byId[id]?.createdAt ?? 0
  // `order` holds exactly the ids the mirror held before.
  const fresh = [...new Set(ids)].filter((id) => !listed[id]).sort((a, b) => created(b) - created(a))
  if (fresh.length === 0) return order as string[]
  const merged: string[] = []
  let i = 0
  for (const id of fresh) {
    while (i < order.length && created(order[i] as string) >= created(id)) merged.push(order[i++] as string)
    merged.push(id)
  }
  while (i < order.length) merged.push(order[i++] as string)
  return merged
}

/** The renderer's mirror of the jobs table: filled by `jobs.list`, kept current by `jobs.*` events. */
export const useJobsStore = create<JobsState>()((set) => ({
  byId: {},
  order: [],
  change: null,
  upsert: (job) =>
    set((state) => {
      const byId = { ...state.byId, [job.id]: job }
      return {
        byId,
        order: state.byId[job.id] ? state.order : insertByCreated(byId, state.order, job.id),
        change: { from: state.byId, to: byId, ids: [job.id] }
      }
    }),
  upsertMany: (jobs) =>
    set((state) => {
      if (jobs.length === 0) return state
      const byId = { ...state.byId }
      for (const job of jobs) byId[job.id] = job
      const ids = [...new Set(jobs.map((job) => job.id))]
      return {
        byId,
        order: mergeByCreated(byId, state.byId, state.order, ids),
        change: { from: state.byId, to: byId, ids }
      }
    }),
  remove: (id) =>
    set((state) => {
      if (!state.byId[id]) return state
      const byId = { ...state.byId }
      delete byId[id]
      return {
        byId,
        order: state.order.filter((other) => other !== id),
        change: { from: state.byId, to: byId, ids: [id] }
      }
    }),
  addPartial: (jobId, result) =>
    set((state) => {
      const job = state.byId[jobId]
      if (!job || job.results.some((r) => r.id === result.id)) return state
      const byId = { ...state.byId, [jobId]: { ...job, results: [...job.results, result] } }
      return { byId, change: { from: state.byId, to: byId, ids: [jobId] } }
    })
}))

/**
 * `derive` of the mirror, computed once per change of it. A store's selectors run on every change of the
 * store and on every render of their component (a scrolled list renders every frame): what walks every job
 * is worked out once per state of the mirror, not once per call.
 */
export function perMirror<T>(
  derive: (byId: Record<string, JobView>) => T
): (byId: Record<string, JobView>) => T {
  let last: { byId: Record<string, JobView>; value: T } | null = null
  return (byId) => {
    if (last?.byId !== byId) last = { byId, value: derive(byId) }
    return last.value
  }
}

/**
 * A number summed over every job of the mirror (`count` of each), for a given `context` (what the count
 * depends on besides the job). A change of the mirror is followed from the jobs it touched, the sum of the
 * others standing: a page of 50 jobs arriving in a 10,000-job mirror counts 50, not 10,000 (a trace of the
 * Queue scrolled to its end spent a third of each page's arrival counting every job again). A change it
 * did not see (two in a row between calls, a reset) is counted over every job, as is a new context.
 */
export function mirrorSum<C>(
  count: (job: JobView, id: string, context: C) => number
): (mirror: Pick<JobsState, 'byId' | 'change'>, context: C) => number {
  let last: { byId: Record<string, JobView>; context: C; sum: number } | null = null
  return ({ byId, change }, context) => {
    if (last?.byId === byId && last.context === context) return last.sum
    let sum = 0
    if (last?.context === context && change?.to === byId && change.from === last.byId) {
      sum = last.sum
      for (const id of change.ids) {
        const before = change.from[id]
        const after = byId[id]
        if (before) sum -= count(before, id, context)
        if (after) sum += count(after, id, context)
      }
    } else {
      for (const id in byId) {
        const job = byId[id]
        if (job) sum += count(job, id, context)
      }
    }
    last = { byId, context, sum }
    return sum
  }
}

/**
 * Adds listed jobs to the mirror without stepping back in time: a `jobs.updated` event that overtook the
 * list reply carries a newer view, which is kept.
 */
export function upsertFresh(jobs: JobView[]): void {
  const { byId, upsertMany } = useJobsStore.getState()
  upsertMany(jobs.filter((job) => (byId[job.id]?.updatedAt ?? -Infinity) <= job.updatedAt))
}
