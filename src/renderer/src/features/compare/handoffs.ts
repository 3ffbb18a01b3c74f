import { useHandoffStore } from '../../store/handoff'
import { useCompareStore } from './store'

/**
 * Takes what is handed to Compare: a result of a compare offered as a reference joins the compare's
 * reference images (each model then gets them, or the form offers the models that take them). Returns
 * the unsubscribe; wired in shell/bridge.ts.
 */
export function receiveCompareHandoffs(): () => void {
  return useHandoffStore.subscribe((state, previous) => {
    const reference = state.reference
    if (!reference || reference === previous.reference || reference.to !== 'compare') return
    const { mediaId, width, height } = reference
    useCompareStore.getState().addReference({ kind: 'media', mediaId, width, height })
  })
}
