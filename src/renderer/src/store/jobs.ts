import { create } from 'zustand'
import type { JobView } from '@shared/schemas/jobs'

/**
 * What the last change of the mirror did: the version it made, the ids it touched, and what each of them
 * was before (undefined: not in the mirror). `byId` names the mirror it changed, so a change of a mirror
 * since replaced (a reset) is never taken for one of the current mirror.
 */
export interface MirrorChange {
  byId: Record<string, JobView>
  version: number
  ids: readonly string[]
  before: ReadonlyMap<string, JobView | undefined>
}

interface JobsState {
  /**
   * Every job loaded, by id. Changed in place, not copied: a copy of a 10,000-job mirror on every event
   * cost 10-15 ms and about half a megabyte of garbage each (a running batch sends several a second), and
   * its major collections were the Queue's longest tasks while scrolling. Each job is still a new object
   * when it changes, so a selector of one job follows it; what reads the whole mirror follows `version`.
   */
  byId: Record<string, JobView>
  /** Counts the mirror's changes: with `byId`, says which state of the mirror a value was worked out for. */
  version: number
  /** Ids newest first, as far as they have been loaded. */
  order: string[]
  /** Lets what is counted over every job follow a change from the jobs it touched (`mirrorSum`). */
  change: MirrorChange | null
  upsert: (job: JobView) => void
  upsertMany: (jobs: JobView[]) => void
  remove: (id: string) => void
}

/** The mirror's state as what reads all of it keys its work: the object, and how often it changed. */
export type MirrorState = Pick<JobsState, 'byId' | 'version'>

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
 * `order` with the `fresh` ids (not in it yet) merged in at their places, newest first. A page of the
 * Queue is 50 jobs older than all it holds: sorting the new ones and merging costs one pass, where sorting
 * everything again cost a sort of 10,000 ids (and its garbage) per page scrolled.
 */
function mergeByCreated(
  byId: Record<string, JobView>,
  order: readonly string[],
  fresh: readonly string[]
): string[] {
  const created = (id: string): number => byId[id]?.createdAt ?? 0
  if (fresh.length === 0) return order as string[]
  const sorted = [...fresh].sort((a, b) => created(b) - created(a))
  const merged: string[] = []
  let i = 0
  for (const id of sorted) {
    while (i < order.length && created(order[i] as string) >= created(id)) merged.push(order[i++] as string)
    merged.push(id)
  }
  while (i < order.length) merged.push(order[i++] as string)
  return merged
}

/** Sets each job in the mirror in place; returns the change, with what each id was before. */
function putAll(state: JobsState, jobs: readonly JobView[]): MirrorChange {
  const { byId } = state
  const before = new Map<string, JobView | undefined>()
  for (const job of jobs) {
    if (!before.has(job.id)) before.set(job.id, byId[job.id])
    byId[job.id] = job
  }
  return { byId, version: state.version + 1, ids: [...before.keys()], before }
}

/** The renderer's mirror of the jobs table: filled by `jobs.list`, kept current by `jobs.*` events. */
export const useJobsStore = create<JobsState>()((set) => ({
  byId: {},
  version: 0,
  order: [],
  change: null,
  upsert: (job) =>
    set((state) => {
      const known = state.byId[job.id] !== undefined
      const change = putAll(state, [job])
      return {
        version: change.version,
        order: known ? state.order : insertByCreated(state.byId, state.order, job.id),
        change
      }
    }),
  upsertMany: (jobs) =>
    set((state) => {
      if (jobs.length === 0) return state
      const change = putAll(state, jobs)
      const fresh = change.ids.filter((id) => change.before.get(id) === undefined)
      return { version: change.version, order: mergeByCreated(state.byId, state.order, fresh), change }
    }),
  remove: (id) =>
    set((state) => {
      const { byId } = state
      const was = byId[id]
      if (!was) return state
      delete byId[id]
      const version = state.version + 1
      return {
        version,
        order: state.order.filter((other) => other !== id),
        change: { byId, version, ids: [id], before: new Map([[id, was]]) }
      }
    })
}))

/**
 * The whole mirror for a component that reads all of it (a list of jobs): it renders again on each change
 * of the mirror, and `version` goes into the dependencies of what it works out from it.
 */
export function useJobsMirror(): MirrorState {
  const version = useJobsStore((state) => state.version)
  const byId = useJobsStore((state) => state.byId)
  return { byId, version }
}

/** Whether `change` is the one change of the mirror between the state `last` saw and `mirror`. */
export function followsFrom(
  last: MirrorState | null,
  mirror: MirrorState,
  change: MirrorChange | null
): change is MirrorChange {
  return (
    last !== null &&
    change !== null &&
    last.byId === mirror.byId &&
    change.byId === mirror.byId &&
    change.version === mirror.version &&
    last.version === mirror.version - 1
  )
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
): (mirror: Pick<JobsState, 'byId' | 'version' | 'change'>, context: C) => number {
  let last: { byId: Record<string, JobView>; version: number; context: C; sum: number } | null = null
  return (mirror, context) => {
    const { byId, version, change } = mirror
    if (last?.byId === byId && last.version === version && last.context === context) return last.sum
    let sum = 0
    if (last?.context === context && followsFrom(last, mirror, change)) {
      sum = last.sum
      for (const id of change.ids) {
        const before = change.before.get(id)
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
    last = { byId, version, context, sum }
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
