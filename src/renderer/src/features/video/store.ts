import { create } from 'zustand'
import type { AppError } from '@shared/result'
import type { ChosenStyle } from '../../jobs/presets/style'
import { emptyVideoDraft, type VideoDraft } from './form'

interface VideoData {
  draft: VideoDraft
  /** The style put around the prompt when it is sent; null for the prompt as written. */
  style: ChosenStyle | null
  /** Fields the user has left at least once; their issues show as they type. */
  touched: Record<string, boolean>
  /** After a first Generate, every issue shows. */
  attempted: boolean
  submitting: boolean
  error: AppError | null
  /** The job just started, highlighted in the list. */
  lastJobId: string | null
  moreOpen: boolean
  /** Why a chosen model was let go: the gateway in use does not list it. */
  modelNotice: string | null
}

interface VideoState extends VideoData {
  edit: (patch: Partial<VideoDraft>) => void
  setStyle: (style: ChosenStyle | null) => void
  touch: (field: string) => void
  setAttempted: () => void
  setMoreOpen: (open: boolean) => void
  setModelNotice: (notice: string | null) => void
  setSubmitting: (submitting: boolean) => void
  finishSubmit: (result: { jobId: string } | { error: AppError }) => void
}

export const initialVideoState: VideoData = {
  draft: emptyVideoDraft,
  style: null,
  touched: {},
  attempted: false,
  submitting: false,
  error: null,
  lastJobId: null,
  moreOpen: false,
  modelNotice: null
}

/** The Video form lives here, not in the screen: navigating away and back keeps what was typed. */
export const useVideoStore = create<VideoState>()((set) => ({
  ...initialVideoState,
  edit: (patch) => set((state) => ({ draft: { ...state.draft, ...patch }, error: null })),
  setStyle: (style) => set({ style }),
  touch: (field) => set((state) => ({ touched: { ...state.touched, [field]: true } })),
  setAttempted: () => set({ attempted: true }),
  setMoreOpen: (moreOpen) => set({ moreOpen }),
  setModelNotice: (modelNotice) => set({ modelNotice }),
  setSubmitting: (submitting) => set({ submitting }),
  finishSubmit: (result) =>
    // The draft stays as it was: the next video is usually a variation of this one.
    set(
      'error' in result
        ? { submitting: false, error: result.error }
        : { submitting: false, error: null, lastJobId: result.jobId, attempted: false, touched: {} }
    )
}))
