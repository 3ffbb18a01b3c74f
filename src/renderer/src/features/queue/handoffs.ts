import { useHandoffStore } from '../../store/handoff'
import { useQueueStore } from './store'

/**
 * Takes what other screens hand to the Queue screen, as they hand it: a job to show opens its result
 * dialog. Returns the unsubscribe; wired in shell/bridge.ts.
 */
export function receiveTasksHandoffs(): () => void {
  return useHandoffStore.subscribe((state, previous) => {
    if (state.shownJob && state.shownJob !== previous.shownJob)
      useQueueStore.getState().openDialog({ type: 'view', jobId: state.shownJob.jobId })
  })
}
