import { descriptorOf } from '@shared/gateway/endpoints'
import type { JobView } from '@shared/schemas/jobs'
import { useAppStore } from '../../store/app'
import { draftFromRequest } from '../../jobs/imageForm/form'
import { useImagesStore } from './store'

/** Reloads the generate form with a job's prompt, model and parameters, and goes to it. */
export function remixIntoForm(job: JobView, options: { withoutStream?: boolean } = {}): boolean {
  const images = useImagesStore.getState()
  const draft = draftFromRequest(job.request, images.draft)
  if (!draft) return false
  // Its endpoint's stream switch off: the same request, answered whole (a model that does not stream).
  const endpoint = draft.endpoint
  if (options.withoutStream && endpoint && descriptorOf(endpoint).stream)
    draft[endpoint] = { ...draft[endpoint], stream: false }
  images.replaceDraft(draft)
  images.openViewer(null)
  images.setNotice({ key: 'remixed', values: { prompt: job.prompt.slice(0, 60) } })
  useAppStore.getState().setScreen('images')
  return true
}
