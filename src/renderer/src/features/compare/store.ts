import { create } from 'zustand'
import type { AppError } from '@shared/result'
import { MAX_MODELS, choiceKey, type Choice } from './plan'
import type { Shape } from './shapes'

/** One column of a compare run: the model, and its job once the backend took it (or why it did not). */
export interface CompareCell extends Choice {
  jobId: string | null
  error: AppError | null
}

/** One prompt sent to several models at once; each column is an ordinary job (Queue, Gallery, restart). */
export interface CompareRun {
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
  shape: Shape
  setShape: (shape: Shape) => void
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
  shape: 'default',
  setShape: (shape) => set({ shape }),
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
