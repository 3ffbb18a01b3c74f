import { create } from 'zustand'
import type { AppError } from '@shared/result'
import type { edit } from '../../i18n/locales/en/edit'
import type { ViewerTarget } from '../../media/ImageViewer'
import { MaskEditor } from './MaskEditor'

/** The image being edited: a library item with its exact pixel size (the mask must match it). */
export interface EditSource {
  mediaId: string
  width: number
  height: number
}

/** Zoom and pan of the canvas; null = fit the image to the stage. */
export interface EditView {
  zoom: number
  x: number
  y: number
}

/**
 * A short confirmation or warning under the form: one of this screen's own, kept as its catalog key so it
 * follows a change of language, or words another part of the app has already said (copy, file intake).
 */
export type EditNotice = { key: keyof typeof edit.notices } | { text: string }

export interface EditOptions {
  /** The edit endpoint's `n` (how many variations); '' = the gateway's default. */
  n: string
  outputFormat: string
}

interface EditState {
  source: EditSource | null
  /** The painting of the current source; lives here so leaving the screen keeps the mask. */
  editor: MaskEditor | null
  prompt: string
  model: string
  options: EditOptions
  overlayOpacity: number
  view: EditView | null
  /** The stage's size on screen (for fitting and zooming around its centre). */
  stage: { width: number; height: number }
  setStage: (stage: { width: number; height: number }) => void
  submitting: boolean
  submitError: AppError | null
  viewer: ViewerTarget | null
  /** Replaced by the next one. */
  notice: EditNotice | null
  setNotice: (notice: EditNotice | null) => void
  openSource: (source: EditSource) => MaskEditor
  closeSource: () => void
  setPrompt: (prompt: string) => void
  setModel: (model: string) => void
  setOptions: (patch: Partial<EditOptions>) => void
  setOverlayOpacity: (opacity: number) => void
  setView: (view: EditView | null) => void
  setSubmitting: (submitting: boolean) => void
  setSubmitError: (error: AppError | null) => void
  openViewer: (target: ViewerTarget | null) => void
}

export const useEditStore = create<EditState>()((set, get) => ({
  source: null,
  editor: null,
  prompt: '',
  model: '',
  options: { n: '', outputFormat: '' },
  overlayOpacity: 0.55,
  view: null,
  stage: { width: 0, height: 0 },
  setStage: (stage) => set({ stage }),
  submitting: false,
  submitError: null,
  viewer: null,
  notice: null,
  setNotice: (notice) => set({ notice }),
  openSource: (source) => {
    get().editor?.destroy()
    const editor = new MaskEditor(source.width, source.height)
    set({ source, editor, view: null, submitError: null })
    return editor
  },
  closeSource: () => {
    get().editor?.destroy()
    set({ source: null, editor: null, view: null })
  },
  setPrompt: (prompt) => set({ prompt }),
  setModel: (model) => set({ model }),
  setOptions: (patch) => set((state) => ({ options: { ...state.options, ...patch } })),
  setOverlayOpacity: (overlayOpacity) => set({ overlayOpacity }),
  setView: (view) => set({ view }),
  setSubmitting: (submitting) => set({ submitting }),
  setSubmitError: (submitError) => set({ submitError }),
  openViewer: (viewer) => set({ viewer })
}))
