import { create } from 'zustand'
import type { AppError } from '@shared/result'
import type { edit } from '@shared/i18n/locales/en/edit'
import type { ChosenStyle } from '../../jobs/presets/style'
import type { ViewerTarget } from '../../media/JobStage'
import { MaskEditor } from './MaskEditor'
import { addInputs, keepVersion, moveInput, type EditInput } from './chain'
import { loadSession, saveSession } from './session'

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

/** What the edit may change: the painted area (a mask is sent) or the whole image (no mask). */
export type EditMode = 'painted' | 'whole'

/** A finished edit shown against the image it was made from, in place of the canvas. */
export interface EditCompare {
  jobId: string
  before: EditSource
  /** The job's stored images (n > 1 gives several); `pick` is the one on show. */
  results: Array<EditSource & { resultId: string }>
  pick: number
}

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
  /** The style put around the prompt when it is sent; null for the prompt as written. */
  style: ChosenStyle | null
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
  mode: EditMode
  /** Further images sent after the one being edited (`image[]`); the mask belongs to the first. */
  inputs: EditInput[]
  /** The versions this edit went through, oldest first; `base` is the one on the canvas. */
  chain: EditSource[]
  base: number
  /** The edit job whose result replaces the canvas when it arrives. */
  awaiting: string | null
  compare: EditCompare | null
  /** Opens an image from outside the chain (picker, file, another screen): a new chain starts. */
  openSource: (source: EditSource) => MaskEditor
  closeSource: () => void
  setMode: (mode: EditMode) => void
  addInputs: (inputs: EditInput[]) => void
  moveInput: (index: number, delta: -1 | 1) => void
  removeInput: (index: number) => void
  setAwaiting: (jobId: string | null) => void
  showCompare: (compare: EditCompare | null) => void
  pickResult: (pick: number) => void
  /** The result on show becomes the new base (mask cleared); later versions of the chain are dropped. */
  keepResult: () => void
  /** Makes an earlier (or later) version of the chain the base again, with a fresh mask. */
  stepTo: (index: number) => void
  setPrompt: (prompt: string) => void
  setModel: (model: string) => void
  setOptions: (patch: Partial<EditOptions>) => void
  setStyle: (style: ChosenStyle | null) => void
  setOverlayOpacity: (opacity: number) => void
  setView: (view: EditView | null) => void
  setSubmitting: (submitting: boolean) => void
  setSubmitError: (error: AppError | null) => void
  openViewer: (target: ViewerTarget | null) => void
}

/** Restored from the last session of this window (ids and sizes only: the images are in the library). */
const saved = loadSession()
const savedBase = saved?.chain[saved.base]
/** The screen opened on a restored base (checked against the library once: useRestoredCheck). */
export const restoredSession = savedBase !== undefined

/** A fresh mask over `source`, the view fitted again: what every change of base does. */
function baseOn(
  source: EditSource,
  previous: MaskEditor | null
): Pick<EditState, 'source' | 'editor' | 'view'> {
  previous?.destroy()
  return { source, editor: new MaskEditor(source.width, source.height), view: null }
}

export const useEditStore = create<EditState>()((set, get) => ({
  source: savedBase ?? null,
  editor: savedBase ? new MaskEditor(savedBase.width, savedBase.height) : null,
  prompt: '',
  model: '',
  options: { n: '', outputFormat: '' },
  style: null,
  overlayOpacity: 0.55,
  view: null,
  stage: { width: 0, height: 0 },
  setStage: (stage) => set({ stage }),
  submitting: false,
  submitError: null,
  viewer: null,
  notice: null,
  mode: saved?.mode ?? 'painted',
  inputs: saved?.inputs ?? [],
  chain: saved?.chain ?? [],
  base: saved?.base ?? 0,
  awaiting: saved?.awaiting ?? null,
  compare: null,
  setNotice: (notice) => set({ notice }),
  openSource: (source) => {
    const next = baseOn(source, get().editor)
    set({ ...next, chain: [source], base: 0, compare: null, awaiting: null, submitError: null })
    return next.editor as MaskEditor
  },
  closeSource: () => {
    get().editor?.destroy()
    set({
      source: null,
      editor: null,
      view: null,
      chain: [],
      base: 0,
      inputs: [],
      compare: null,
      awaiting: null
    })
  },
  setPrompt: (prompt) => set({ prompt }),
  setModel: (model) => set({ model }),
  setOptions: (patch) => set((state) => ({ options: { ...state.options, ...patch } })),
  setStyle: (style) => set({ style }),
  setOverlayOpacity: (overlayOpacity) => set({ overlayOpacity }),
  setView: (view) => set({ view }),
  setSubmitting: (submitting) => set({ submitting }),
  setSubmitError: (submitError) => set({ submitError }),
  openViewer: (viewer) => set({ viewer }),
  setMode: (mode) => set({ mode }),
  addInputs: (inputs) => set((state) => ({ inputs: addInputs(state.inputs, inputs) })),
  moveInput: (index, delta) => set((state) => ({ inputs: moveInput(state.inputs, index, delta) })),
  removeInput: (index) => set((state) => ({ inputs: state.inputs.filter((_, i) => i !== index) })),
  setAwaiting: (awaiting) => set({ awaiting }),
  // Leaving the comparison (either way) makes its "done" notice stale.
  showCompare: (compare) => set(compare ? { compare, awaiting: null } : { compare, notice: null }),
  pickResult: (pick) => set((state) => (state.compare ? { compare: { ...state.compare, pick } } : {})),
  keepResult: () => {
    const { compare, chain, base, editor } = get()
    const picked = compare?.results[compare.pick]
    if (!picked) return
    const result = { mediaId: picked.mediaId, width: picked.width, height: picked.height }
    set({ ...baseOn(result, editor), ...keepVersion(chain, base, result), compare: null, notice: null })
  },
  stepTo: (index) => {
    const { chain, editor, base } = get()
    const version = chain[index]
    if (!version || index === base) return
    set({ ...baseOn(version, editor), base: index, compare: null, notice: null })
  }
}))

// The chain, inputs and mode outlive a reload of the window (the mask does not: it is cheap to repaint).
useEditStore.subscribe((state, previous) => {
  if (
    state.chain !== previous.chain ||
    state.base !== previous.base ||
    state.inputs !== previous.inputs ||
    state.mode !== previous.mode ||
    state.awaiting !== previous.awaiting
  )
    saveSession({
      chain: state.chain,
      base: state.base,
      inputs: state.inputs,
      mode: state.mode,
      awaiting: state.awaiting
    })
})
