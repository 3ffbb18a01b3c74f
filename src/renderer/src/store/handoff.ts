import { create } from 'zustand'
import type { FileSettings } from '@shared/schemas/fileSettings'
import type { JobView, ResultView } from '@shared/schemas/jobs'
import { useAppStore } from './app'

/** A library image handed from one screen to another, with its pixel size as far as it is known. */
export interface HandedImage {
  mediaId: string
  width: number | null
  height: number | null
}

/** An image's settings to load into the image studio: its job's stored request, or what its file carried. */
export type HandedSettings =
  { kind: 'job'; request: unknown; prompt: string } | { kind: 'file'; settings: FileSettings }

/** The screens that take reference images; each offers the models that take them when its own takes none. */
export type ReferenceScreen = 'images' | 'compare'

interface HandoffState {
  /** A prompt the chat screen hands to the image studio; taken (and cleared) when the studio opens. */
  imagePrompt: string | null
  setImagePrompt: (prompt: string | null) => void
  takeImagePrompt: () => string | null
  /** The latest result offered as a reference image: a new object each time, even for the same image. */
  reference: (HandedImage & { to: ReferenceScreen }) | null
  /** The latest image opened in the editor under a new mask (its size is known: the mask must match it). */
  editImage: { mediaId: string; width: number; height: number } | null
  /** The latest job to show on the Queue screen with its result dialog open. */
  shownJob: { jobId: string } | null
  /** The latest job to load into the image studio's form (its model, prompt and parameters). */
  remix: { job: JobView } | null
  /** The latest image whose settings to load into the image studio's form ("Use these settings"). */
  settings: { source: HandedSettings } | null
  /** The latest batch whose contact sheet to open in the Gallery. */
  reviewedBatch: { groupId: string } | null
}

/**
 * Hand-offs between screens that do not otherwise know each other. A screen calls one of the functions
 * below; the receiving feature's `handoffs.ts` (wired in shell/bridge.ts) takes it into its own store as it
 * changes. The chat's prompt instead waits here until the image studio opens and takes it.
 */
export const useHandoffStore = create<HandoffState>()((set, get) => ({
  imagePrompt: null,
  setImagePrompt: (imagePrompt) => set({ imagePrompt }),
  takeImagePrompt: () => {
    const prompt = get().imagePrompt
    if (prompt !== null) set({ imagePrompt: null })
    return prompt
  },
  reference: null,
  editImage: null,
  shownJob: null,
  remix: null,
  settings: null,
  reviewedBatch: null
}))

/**
 * "Use as reference": the image studio (or Compare, from its own results) adds the result to its reference
 * images, and the app goes there.
 */
export function offerAsReference(result: ResultView, to: ReferenceScreen = 'images'): void {
  if (!result.mediaId) return
  useHandoffStore.setState({
    reference: { mediaId: result.mediaId, width: result.width, height: result.height, to }
  })
  useAppStore.getState().setScreen(to)
}

/** "Edit": the edit screen opens the result under a new mask, and the app goes there. */
export function openInEditor(result: ResultView): void {
  if (!result.mediaId || !result.width || !result.height) return
  useHandoffStore.setState({
    editImage: { mediaId: result.mediaId, width: result.width, height: result.height }
  })
  useAppStore.getState().setScreen('edit')
}

/** "Open in Queue": the Queue screen opens with this job's result dialog. */
export function showJobInQueue(jobId: string): void {
  useAppStore.getState().setScreen('queue')
  useHandoffStore.setState({ shownJob: { jobId } })
}

/** "Remix": the image studio's form takes this job's model, prompt and parameters, and the app goes there. */
export function remixInImages(job: JobView): void {
  useHandoffStore.setState({ remix: { job } })
}

/**
 * "Use these settings": the image studio's form takes an image's settings (as far as it has fields for
 * them), and the app goes there.
 */
export function sendSettingsToImages(source: HandedSettings): void {
  useHandoffStore.setState({ settings: { source } })
}

/** "Review images": the Gallery opens the batch's contact sheet, and the app goes there. */
export function reviewBatchInGallery(groupId: string): void {
  useHandoffStore.setState({ reviewedBatch: { groupId } })
  useAppStore.getState().setScreen('gallery')
}
