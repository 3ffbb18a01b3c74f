import type { Connection } from '../../api'
import { refusedStream } from '../../media/streamRefusal'
import { useImagesStore } from './store'

/**
 * Feeds this feature's stores from contract events; returns the unsubscribe. Job results themselves reach
 * the shared jobs store through the app bridge; here the studio only learns which models refuse streams,
 * even when the screen is closed while the job fails.
 */
export function bridgeImages(connection: Connection): () => void {
  return connection.api.on('jobs.updated', (job) => {
    if (refusedStream(job)) useImagesStore.getState().rememberNoStream(job.profileId, job.model)
  })
}
