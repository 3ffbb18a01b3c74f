import type { Connection } from '../api'
import { bridgeSharedStores } from '../api/bridge'
import { bridgeChat } from '../features/chat/bridge'
import { bridgeGallery } from '../features/gallery/bridge'
import { bridgeImages } from '../features/images/bridge'
import { bridgeTasks } from '../features/tasks/bridge'

/**
 * Where contract events flow into stores; components only read stores. The shared stores first, then each
 * feature's own. Returns the unsubscribe.
 */
export function bridgeEvents(connection: Connection): () => void {
  const offs = [
    bridgeSharedStores(connection),
    bridgeChat(connection),
    bridgeImages(connection),
    bridgeTasks(connection),
    bridgeGallery(connection)
  ]
  return () => offs.forEach((off) => off())
}
