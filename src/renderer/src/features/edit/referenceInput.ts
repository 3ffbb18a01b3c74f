import type { ResultView } from '@shared/schemas/jobs'
import { offerAsReference } from '../../store/handoff'
import { MAX_INPUTS } from './chain'
import { useEditStore } from './store'

/**
 * "Use as reference" on the Edit screen: with an image open, the result joins this edit's input images
 * (the edit's references, sent as further `image[]` parts; every edit model takes them, up to the
 * endpoint's cap), and the full view closes. With none open, or the list full, it says so or goes to the
 * Images screen's references as everywhere else.
 */
export function takeAsInput(result: ResultView): void {
  const store = useEditStore.getState()
  if (!result.mediaId || !store.source) {
    offerAsReference(result)
    return
  }
  store.openViewer(null)
  // The image on the canvas is already the first input: a second copy would only cost the model's attention.
  if (result.mediaId === store.source.mediaId) {
    store.setNotice({ key: 'alreadyOnCanvas' })
    return
  }
  if (store.inputs.length >= MAX_INPUTS) {
    store.setNotice({ key: 'inputsCapped' })
    return
  }
  store.addInputs([{ mediaId: result.mediaId }])
  store.setNotice({ key: 'addedInput' })
}
