import { descriptorOf } from '@shared/gateway/endpoints'
import type { JobView } from '@shared/schemas/jobs'
import { useAppStore } from '../../store/app'
import type { HandedSettings } from '../../store/handoff'
import { selectActiveProfile, useProfilesStore } from '../../store/profiles'
import { draftFromRequest, type Draft } from '../../jobs/imageForm/form'
import { draftFromSettings } from './settingsDraft'
import { useImagesStore, type ImagesNotice } from './store'

/** The form replaced, its full view closed, a notice under it, and the app on the Images screen. */
function fillForm(draft: Draft, notice: ImagesNotice): void {
  const images = useImagesStore.getState()
  images.replaceDraft(draft)
  images.openViewer(null)
  images.setNotice(notice)
  useAppStore.getState().setScreen('images')
}

const remixed = (prompt: string): ImagesNotice => ({
  key: 'remixed',
  values: { prompt: prompt.slice(0, 60) }
})

/** Reloads the generate form with a job's prompt, model and parameters, and goes to it. */
export function remixIntoForm(job: JobView, options: { withoutStream?: boolean } = {}): boolean {
  const draft = draftFromRequest(job.request, useImagesStore.getState().draft)
  if (!draft) return false
  // Its endpoint's stream switch off: the same request, answered whole (a model that does not stream).
  const endpoint = draft.endpoint
  if (options.withoutStream && endpoint && descriptorOf(endpoint).stream)
    draft[endpoint] = { ...draft[endpoint], stream: false }
  fillForm(draft, remixed(job.prompt))
  return true
}

/**
 * "Use these settings": the form takes an image's settings against the listing of the gateway in use (a
 * request of ours as Remix takes it), and says what it took and what it left.
 */
export function takeSettingsIntoForm(source: HandedSettings): void {
  const profile = selectActiveProfile(useProfilesStore.getState())
  const models = (profile && useProfilesStore.getState().catalogs[profile.id]?.models) || []
  const outcome = draftFromSettings(source, useImagesStore.getState().draft, models)
  const { draft, from, prompt, ...taken } = outcome
  fillForm(draft, taken.how === 'request' ? remixed(prompt) : { settings: { from, ...taken } })
}
