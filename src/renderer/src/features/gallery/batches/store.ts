import { create } from 'zustand'
import type { BatchSheet, Verdict } from '@shared/schemas/batches'
import type { JobGroupView } from '@shared/schemas/jobGroups'
import type { AppError } from '@shared/result'
import { withVerdicts, type SheetGrouping, type SheetShow } from './sheetModel'

/**
 * What the batch view's dialogs act on: the batch's kept images to a board, an export of the batch, or the
 * batch published to the team.
 */
export type SheetDialog = 'board' | 'export' | 'publish' | null

interface BatchSheetState {
  /** The batches, newest first (null until loaded). */
  batches: JobGroupView[] | null
  listError: AppError | null
  /** The batch whose contact sheet is open. */
  openId: string | null
  sheet: BatchSheet | null
  loading: boolean
  error: AppError | null
  grouping: SheetGrouping
  show: SheetShow
  /** The tile the keyboard acts on, by key (kept across reloads and filters while it is shown). */
  focusKey: string | null
  dialog: SheetDialog
  /** The outcome of the last action, in words ("2 images added to Picks"). */
  notice: string | null
  setBatches: (batches: JobGroupView[] | null, error?: AppError | null) => void
  open: (id: string | null) => void
  setSheet: (sheet: BatchSheet | null, error?: AppError | null) => void
  setLoading: (loading: boolean) => void
  setGrouping: (grouping: SheetGrouping) => void
  setShow: (show: SheetShow) => void
  setFocus: (key: string | null) => void
  setDialog: (dialog: SheetDialog) => void
  setNotice: (notice: string | null) => void
  /** Marks results at once, before the backend answers (undone by the caller if it refuses). */
  markVerdicts: (ids: readonly string[], verdict: Verdict | null) => void
}

/** The batch view's state, outside the screen so the open batch and its filters survive navigation. */
export const useBatchSheetStore = create<BatchSheetState>()((set) => ({
  batches: null,
  listError: null,
  openId: null,
  sheet: null,
  loading: false,
  error: null,
  grouping: 'prompt',
  show: 'all',
  focusKey: null,
  dialog: null,
  notice: null,
  setBatches: (batches, listError = null) => set({ batches, listError }),
  open: (openId) =>
    set((state) =>
      state.openId === openId ? state : { openId, sheet: null, error: null, focusKey: null, notice: null }
    ),
  setSheet: (sheet, error = null) =>
    set((state) => (sheet && sheet.group.id !== state.openId ? state : { sheet, error, loading: false })),
  setLoading: (loading) => set({ loading }),
  setGrouping: (grouping) => set({ grouping }),
  setShow: (show) => set({ show }),
  setFocus: (focusKey) => set({ focusKey }),
  setDialog: (dialog) => set({ dialog }),
  setNotice: (notice) => set({ notice }),
  markVerdicts: (ids, verdict) =>
    set((state) =>
      state.sheet
        ? { sheet: { ...state.sheet, jobs: withVerdicts(state.sheet.jobs, new Set(ids), verdict) } }
        : state
    )
}))
