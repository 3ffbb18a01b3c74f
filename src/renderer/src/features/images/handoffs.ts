import { useHandoffStore } from '../../store/handoff'
import { remixIntoForm, takeSettingsIntoForm } from './actions'
import { useImagesStore } from './store'

/**
 * Takes what other screens (and this one's full view) hand to the image studio, as they hand it: a
 * reference image joins the form, its full view closes and a notice says so. Opening an image in the
 * editor closes the full view too. A job handed over to remix fills the form and opens the studio (or says
 * it cannot be read back); an image's settings ("Use these settings") fill it as far as it has fields.
 * Returns the unsubscribe; wired in shell/bridge.ts.
 */
export function receiveImagesHandoffs(): () => void {
  return useHandoffStore.subscribe((state, previous) => {
    const images = useImagesStore.getState()
    if (state.reference && state.reference !== previous.reference && state.reference.to === 'images') {
      const { mediaId, width, height } = state.reference
      images.addReferences([{ kind: 'media', mediaId, width, height }])
      images.openViewer(null)
      images.setNotice({ key: 'addedReference' })
    }
    if (state.editImage && state.editImage !== previous.editImage) images.openViewer(null)
    if (state.remix && state.remix !== previous.remix && !remixIntoForm(state.remix.job))
      images.setNotice({ key: 'cannotRemix' })
    if (state.settings && state.settings !== previous.settings) takeSettingsIntoForm(state.settings.source)
  })
}
