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
      return { byId, order: state.byId[job.id] ? state.order : sortByCreated(byId, [job.id, ...state.order]) }
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
