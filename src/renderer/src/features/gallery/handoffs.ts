import { useHandoffStore } from '../../store/handoff'
import { useBatchSheetStore } from './batches/store'
import { useGalleryStore } from './store'

/**
 * Takes what other screens hand to the Gallery, as they hand it: a batch to review opens the Batches view
 * on its contact sheet. Returns the unsubscribe; wired in shell/bridge.ts.
 */
export function receiveGalleryHandoffs(): () => void {
  return useHandoffStore.subscribe((state, previous) => {
    if (state.reviewedBatch && state.reviewedBatch !== previous.reviewedBatch) {
      useBatchSheetStore.getState().open(state.reviewedBatch.groupId)
      useGalleryStore.getState().setTab('batches')
    }
  })
}
