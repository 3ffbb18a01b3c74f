import { create } from 'zustand'
import type { JobGroupView, QueueState } from '@shared/schemas/jobGroups'
import { ALL_TASKS, type TaskFilter } from './model'
import { addSample, type EtaSample } from './batchEta'

/** How far each filter has been paged in: jobs older than `oldest` are not shown until the next page. */
export interface PageState {
  oldest: number | null
  /** Id of the oldest loaded job: with `oldest`, the keyset cursor of the next page. */
  oldestId: string | null
  exhausted: boolean
  loading: boolean
  error: string | null
}

export type TaskDialog =
  | { type: 'resend'; jobId: string }
  | { type: 'delete'; jobId: string }
  | { type: 'view'; jobId: string }
  | null

interface TasksState {
  filter: TaskFilter
  /** Groups and jobs whose task lines are open. */
  expanded: Record<string, boolean>
  pages: Record<string, PageState>
  dialog: TaskDialog
  /** Per job: the last action's failure, shown on its row. */
  actionErrors: Record<string, string>
  /** The send queue as the backend last said it: paused or not, and the waiting jobs in order. */
  line: QueueState | null
  setLine: (line: QueueState) => void
  /** Batches (job groups) as the backend last said them, by id. */
  batches: Record<string, JobGroupView>
  /** Per batch: how many of its jobs had finished when, for its time left (`batchEta.ts`). */
  paces: Record<string, EtaSample[]>
  setBatches: (views: readonly JobGroupView[]) => void
  setBatch: (view: JobGroupView) => void
  setFilter: (patch: Partial<TaskFilter>) => void
  toggleExpanded: (jobId: string) => void
  setPage: (key: string, patch: Partial<PageState>) => void
  openDialog: (dialog: TaskDialog) => void
  setActionError: (jobId: string, message: string | null) => void
}

/** The batch's pace with what its view says now. */
const paced = (samples: readonly EtaSample[] | undefined, view: JobGroupView): EtaSample[] =>
  addSample(samples ?? [], { at: Date.now(), finished: finishedOf(view) })

/** Jobs of a batch that will not run any more, whatever their end. */
export const finishedOf = (view: JobGroupView): number =>
  view.jobIds.length - (view.counts.pending ?? 0) - (view.counts.running ?? 0)

const emptyPage: PageState = { oldest: null, oldestId: null, exhausted: false, loading: false, error: null }

/** The Queue screen's own state, kept outside the screen so it survives navigation. */
export const useQueueStore = create<TasksState>()((set) => ({
  filter: ALL_TASKS,
  expanded: {},
  pages: {},
  dialog: null,
  actionErrors: {},
  line: null,
  setLine: (line) => set({ line }),
  batches: {},
  paces: {},
  setBatches: (views) =>
    set((state) => ({
      batches: Object.fromEntries(views.map((view) => [view.id, view])),
      paces: Object.fromEntries(views.map((view) => [view.id, paced(state.paces[view.id], view)]))
    })),
  setBatch: (view) =>
    set((state) => ({
      batches: { ...state.batches, [view.id]: view },
      paces: { ...state.paces, [view.id]: paced(state.paces[view.id], view) }
    })),
  setFilter: (patch) => set((state) => ({ filter: { ...state.filter, ...patch } })),
  toggleExpanded: (jobId) =>
    set((state) => ({ expanded: { ...state.expanded, [jobId]: !state.expanded[jobId] } })),
  setPage: (key, patch) =>
    set((state) => ({ pages: { ...state.pages, [key]: { ...(state.pages[key] ?? emptyPage), ...patch } } })),
  openDialog: (dialog) => set({ dialog }),
  setActionError: (jobId, message) =>
    set((state) => {
      const actionErrors = { ...state.actionErrors }
      if (message === null) delete actionErrors[jobId]
      else actionErrors[jobId] = message
      return { actionErrors }
    })
}))
