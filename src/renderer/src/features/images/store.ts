import { create } from 'zustand'
import type { AppError } from '@shared/result'
import type { images } from '@shared/i18n/locales/en/images'
import type { ViewerTarget } from '../../media/JobStage'
import { emptyDraft, type Draft, type GenEndpoint, type RefItem } from '../../jobs/imageForm/form'
import type { ChosenStyle } from '../../jobs/presets/style'
import type { SettingsNotice } from './settingsDraft'

/** Models that answered a stream request with a 400, per profile: remembered across launches. */
const NO_STREAM_KEY = 'gs.images.noStream'

function loadNoStream(): string[] {
  try {
    const raw: unknown = JSON.parse(globalThis.localStorage?.getItem(NO_STREAM_KEY) ?? '[]')
    return Array.isArray(raw) ? raw.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

function saveNoStream(list: string[]): void {
  try {
    globalThis.localStorage?.setItem(NO_STREAM_KEY, JSON.stringify(list))
  } catch {
    // Storage may be unavailable (private mode); the memory copy still works for this session.
  }
}

export const noStreamKey = (profileId: string, model: string): string => `${profileId} ${model}`

/**
 * A short confirmation under the form: one of this screen's own, kept as its catalog key (and the names it
 * quotes) so it follows a change of language; what an image's settings gave the form, kept as figures for
 * the same reason; or words another part of the app has already said (copy).
 */
export type ImagesNotice =
  | { key: keyof typeof images.notices; values?: Readonly<Record<string, string>> }
  | { settings: SettingsNotice }
  | { text: string }

interface ImagesState {
  /** The generate form; kept here so it survives leaving the screen while jobs run. */
  draft: Draft
  setPrompt: (prompt: string) => void
  selectModel: (model: string, endpoint: GenEndpoint | null) => void
  setFields: <E extends GenEndpoint>(endpoint: E, patch: Partial<Draft[E]>) => void
  replaceDraft: (draft: Draft) => void
  /** The style put around the prompt when it is sent; null for the prompt as written. */
  style: ChosenStyle | null
  setStyle: (style: ChosenStyle | null) => void
  addReferences: (refs: RefItem[]) => void
  removeReference: (index: number) => void
  /** A short confirmation under the form ("Added as a reference"), cleared by the next one. */
  notice: ImagesNotice | null
  setNotice: (notice: ImagesNotice | null) => void
  submitting: boolean
  submitError: AppError | null
  setSubmitting: (submitting: boolean) => void
  setSubmitError: (error: AppError | null) => void
  viewer: ViewerTarget | null
  openViewer: (target: ViewerTarget | null) => void
  noStream: string[]
  rememberNoStream: (profileId: string, model: string) => void
  forgetNoStream: (profileId: string, model: string) => void
  /** Paging of the results list: whether older jobs may exist beyond what was loaded. */
  hasOlder: boolean
  setHasOlder: (hasOlder: boolean) => void
}

export const useImagesStore = create<ImagesState>()((set) => ({
  draft: emptyDraft(),
  setPrompt: (prompt) => set((state) => ({ draft: { ...state.draft, prompt } })),
  selectModel: (model, endpoint) => set((state) => ({ draft: { ...state.draft, model, endpoint } })),
  setFields: (endpoint, patch) =>
    set((state) => ({ draft: { ...state.draft, [endpoint]: { ...state.draft[endpoint], ...patch } } })),
  replaceDraft: (draft) => set({ draft }),
  style: null,
  setStyle: (style) => set({ style }),
  addReferences: (refs) =>
    set((state) => {
      const known = new Set(state.draft.references.map((r) => (r.kind === 'url' ? r.url : r.mediaId)))
      const fresh = refs.filter((r) => !known.has(r.kind === 'url' ? r.url : r.mediaId))
      return { draft: { ...state.draft, references: [...state.draft.references, ...fresh] } }
    }),
  removeReference: (index) =>
    set((state) => ({
      draft: { ...state.draft, references: state.draft.references.filter((_, i) => i !== index) }
    })),
  notice: null,
  setNotice: (notice) => set({ notice }),
  submitting: false,
  submitError: null,
  setSubmitting: (submitting) => set({ submitting }),
  setSubmitError: (submitError) => set({ submitError }),
  viewer: null,
  openViewer: (viewer) => set({ viewer }),
  noStream: loadNoStream(),
  rememberNoStream: (profileId, model) =>
    set((state) => {
      const key = noStreamKey(profileId, model)
      if (state.noStream.includes(key)) return state
      const noStream = [...state.noStream, key]
      saveNoStream(noStream)
      return { noStream }
    }),
  forgetNoStream: (profileId, model) =>
    set((state) => {
      const noStream = state.noStream.filter((key) => key !== noStreamKey(profileId, model))
      saveNoStream(noStream)
      return { noStream }
    }),
  hasOlder: true,
  setHasOlder: (hasOlder) => set({ hasOlder })
}))
