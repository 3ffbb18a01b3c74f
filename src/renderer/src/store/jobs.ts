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

const sortByCreated = (byId: Record<string, JobView>, ids: Iterable<string>): string[] =>
  [...new Set(ids)]
    .filter((id) => byId[id])
    .sort((a, b) => (byId[b]?.createdAt ?? 0) - (byId[a]?.createdAt ?? 0))

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
      return { byId, order: sortByCreated(byId, [...state.order, ...jobs.map((job) => job.id)]) }
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
 * Adds listed jobs to the mirror without stepping back in time: a `jobs.updated` event that overtook the
 * list reply carries a newer view, which is kept.
 */
export function upsertFresh(jobs: JobView[]): void {
  const { byId, upsertMany } = useJobsStore.getState()
  upsertMany(jobs.filter((job) => (byId[job.id]?.updatedAt ?? -Infinity) <= job.updatedAt))
}
