import { create } from 'zustand'
import type { JobView, ResultView } from '@shared/schemas/jobs'

interface JobsState {
  byId: Record<string, JobView>
  /** Ids newest first, as far as they have been loaded. */
  order: string[]
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
  upsert: (job) =>
    set((state) => {
      const byId = { ...state.byId, [job.id]: job }
      return { byId, order: state.byId[job.id] ? state.order : insertByCreated(byId, state.order, job.id) }
    }),
  upsertMany: (jobs) =>
    set((state) => {
      const byId = { ...state.byId }
      for (const job of jobs) byId[job.id] = job
      return {
        byId,
        order: mergeByCreated(
          byId,
          state.byId,
          state.order,
          jobs.map((job) => job.id)
        )
      }
    }),
  remove: (id) =>
    set((state) => {
      const byId = { ...state.byId }
      delete byId[id]
      return { byId, order: state.order.filter((other) => other !== id) }
    }),
  addPartial: (jobId, result) =>
    set((state) => {
      const job = state.byId[jobId]
      if (!job || job.results.some((r) => r.id === result.id)) return state
      return { byId: { ...state.byId, [jobId]: { ...job, results: [...job.results, result] } } }
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
 * Adds listed jobs to the mirror without stepping back in time: a `jobs.updated` event that overtook the
 * list reply carries a newer view, which is kept.
 */
export function upsertFresh(jobs: JobView[]): void {
  const { byId, upsertMany } = useJobsStore.getState()
  upsertMany(jobs.filter((job) => (byId[job.id]?.updatedAt ?? -Infinity) <= job.updatedAt))
}
