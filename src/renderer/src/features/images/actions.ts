import type { JobView, ResultView } from '@shared/schemas/jobs'
import { useAppStore } from '../../store/app'
import { useEditStore } from '../edit/store'
import { draftFromRequest } from './form'
import { useImagesStore } from './store'

/** Copies text with the async clipboard; says in the studio's notice line whether it worked. */
export async function copyPrompt(text: string, say: (notice: string) => void): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    say('Prompt copied.')
  } catch {
    say('The clipboard is not available here; select the prompt and copy it by hand.')
  }
}

/** Reloads the generate form with a job's prompt, model and parameters, and goes to it. */
export function remixIntoForm(job: JobView, options: { withoutStream?: boolean } = {}): boolean {
  const images = useImagesStore.getState()
  const draft = draftFromRequest(job.request, images.draft)
  if (!draft) return false
  if (options.withoutStream) draft.partnerA = { ...draft.partnerA, stream: false }
  images.replaceDraft(draft)
  images.openViewer(null)
  images.setNotice(`Form filled from “${job.prompt.slice(0, 60)}”.`)
  useAppStore.getState().setScreen('images')
  return true
}

/** Adds a result to the generate form's reference images and goes there. */
export function useAsReference(result: ResultView): void {
  if (!result.mediaId) return
  const images = useImagesStore.getState()
  images.addReferences([
    { kind: 'media', mediaId: result.mediaId, width: result.width, height: result.height }
  ])
  images.openViewer(null)
  useEditStore.getState().openViewer(null)
  images.setNotice('Added as a reference image.')
  useAppStore.getState().setScreen('images')
}

/** Hands a result to the edit screen (a new mask over it) and goes there. */
export function editResult(result: ResultView): void {
  if (!result.mediaId || !result.width || !result.height) return
  useImagesStore.getState().openViewer(null)
  const edit = useEditStore.getState()
  edit.openViewer(null)
  edit.openSource({ mediaId: result.mediaId, width: result.width, height: result.height })
  useAppStore.getState().setScreen('edit')
}
