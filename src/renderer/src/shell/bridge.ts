import type { Connection } from '../api'
import { bridgeSharedStores } from '../api/bridge'
import { bridgeChat } from '../features/chat/bridge'
import { receiveEditHandoffs } from '../features/edit/handoffs'
import { bridgeGallery } from '../features/gallery/bridge'
import { bridgeImages } from '../features/images/bridge'
import { receiveImagesHandoffs } from '../features/images/handoffs'
import { bridgeTasks } from '../features/tasks/bridge'
import { receiveTasksHandoffs } from '../features/tasks/handoffs'

/**
 * Where contract events flow into stores; components only read stores. The shared stores first, then each
 * feature's own; then the hand-offs between screens (store/handoff.ts), each taken by the feature it is
 * for. Returns the unsubscribe.
 */
export function bridgeEvents(connection: Connection): () => void {
  const offs = [
    bridgeSharedStores(connection),
    bridgeChat(connection),
    bridgeImages(connection),
    bridgeTasks(connection),
    bridgeGallery(connection),
    receiveImagesHandoffs(),
    receiveEditHandoffs(),
    receiveTasksHandoffs()
  ]
  return () => offs.forEach((off) => off())
}
