import { useHandoffStore } from '../../store/handoff'
import { useEditStore } from './store'

/**
 * Takes what other screens (and this one's full view) hand to the edit screen, as they hand it: an image
 * to edit opens under a new mask and the full view closes. Offering an image as a reference closes the
 * full view too. Returns the unsubscribe; wired in shell/bridge.ts.
 */
export function receiveEditHandoffs(): () => void {
  return useHandoffStore.subscribe((state, previous) => {
    const edit = useEditStore.getState()
    if (state.reference && state.reference !== previous.reference) edit.openViewer(null)
    if (state.editImage && state.editImage !== previous.editImage) {
      edit.openViewer(null)
      edit.openSource(state.editImage)
    }
  })
}
