import { create } from 'zustand'
import type { AppError } from '@shared/result'
import type { RefItem } from '../../jobs/imageForm/form'
import type { ChosenStyle } from '../../jobs/presets/style'
import { MAX_MODELS, choiceKey, type Choice } from './plan'
import type { Shape } from './shapes'

/** One column of a compare run: the model, and its job once the backend took it (or why it did not). */
export interface CompareCell extends Choice {
  jobId: string | null
  error: AppError | null
}

/** One prompt sent to several models at once; each column is an ordinary job (Queue, Gallery, restart). */
export interface CompareRun {
  /** Its job group; empty while the group is being made. */
  id: string
  prompt: string
  startedAt: number
  cells: CompareCell[]
}

interface CompareState {
  prompt: string
  setPrompt: (prompt: string) => void
  /** The models ticked in the checklist, in the order they were ticked (the grid's order). */
  chosen: Choice[]
  toggle: (choice: Choice) => void
  /** Ticks exactly these (a preset's), at most the most a compare sends to. */
  setChosen: (chosen: Choice[]) => void
  shape: Shape
  setShape: (shape: Shape) => void
  /** The style put around the prompt every column is sent; null for the prompt as written. */
  style: ChosenStyle | null
  setStyle: (style: ChosenStyle | null) => void
  /** Reference images every compared model gets ("Use as reference" on a result here). */
  references: RefItem[]
  addReference: (reference: RefItem) => void
  removeReference: (index: number) => void
  clearReferences: () => void
  /** Puts `to` in the place of `from` (a model that takes the references in place of one that does not). */
  swap: (from: Choice, to: Choice) => void
  /** The latest run, shown in the grid; put back from the backend after a restart. */
  run: CompareRun | null
  setRun: (run: CompareRun | null) => void
  settle: (key: string, patch: Partial<Pick<CompareCell, 'jobId' | 'error'>>) => void
  sending: boolean
  setSending: (sending: boolean) => void
  /** The last run was looked for in the backend's memory (once per session). */
  restored: boolean
  restore: (state: Pick<CompareState, 'prompt' | 'chosen' | 'shape' | 'run'>) => void
}

export const useCompareStore = create<CompareState>()((set) => ({
  prompt: '',
  setPrompt: (prompt) => set({ prompt }),
  chosen: [],
  toggle: (choice) =>
    set((state) => {
      const key = choiceKey(choice)
      if (state.chosen.some((c) => choiceKey(c) === key))
        return { chosen: state.chosen.filter((c) => choiceKey(c) !== key) }
      // Beyond the most a compare sends to, the box stays unticked (the checklist disables it too).
      if (state.chosen.length >= MAX_MODELS) return state
      return { chosen: [...state.chosen, choice] }
    }),
  setChosen: (chosen) => set({ chosen: chosen.slice(0, MAX_MODELS) }),
  shape: 'default',
  setShape: (shape) => set({ shape }),
  style: null,
  setStyle: (style) => set({ style }),
  references: [],
  addReference: (reference) =>
    set((state) => {
      const same = (r: RefItem): boolean =>
        r.kind === 'media' && reference.kind === 'media' ? r.mediaId === reference.mediaId : false
      return state.references.some(same) ? state : { references: [...state.references, reference] }
    }),
  removeReference: (index) =>
    set((state) => ({ references: state.references.filter((_, i) => i !== index) })),
  clearReferences: () => set({ references: [] }),
  swap: (from, to) =>
    set((state) => {
      const key = choiceKey(to)
      // Already ticked elsewhere in the list: the short one just goes.
      const kept = state.chosen.filter((c) => choiceKey(c) !== key)
      return { chosen: kept.map((c) => (choiceKey(c) === choiceKey(from) ? to : c)) }
    }),
  run: null,
  setRun: (run) => set({ run }),
  settle: (key, patch) =>
    set((state) =>
      state.run
        ? {
            run: {
              ...state.run,
              cells: state.run.cells.map((cell) => (choiceKey(cell) === key ? { ...cell, ...patch } : cell))
            }
          }
        : state
    ),
  sending: false,
  setSending: (sending) => set({ sending }),
  restored: false,
  restore: (state) => set({ ...state, restored: true })
}))
