import type { Connection } from '../api'
import { bridgeSharedStores, resyncSharedStores } from '../api/bridge'
import { bridgeChat, resyncChat } from '../features/chat/bridge'
import { warmMarkdown } from '../features/chat/markdownTree'
import { receiveCompareHandoffs } from '../features/compare/handoffs'
import { receiveEditHandoffs } from '../features/edit/handoffs'
import { receiveGalleryHandoffs } from '../features/gallery/handoffs'
import { bridgeGallery, resyncGallery } from '../features/gallery/bridge'
import { bridgeImages } from '../features/images/bridge'
import { receiveImagesHandoffs } from '../features/images/handoffs'
import { bridgeQueue, resyncQueue } from '../features/queue/bridge'
import { receiveTasksHandoffs } from '../features/queue/handoffs'
import { i18n } from '../i18n'
import { useAppStore } from '../store/app'
import { notify } from '../store/notifications'
import { whenIdle } from '../ui/idle'
import { warmNumbers } from '../ui/intl'

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
    bridgeQueue(connection),
    bridgeGallery(connection),
    receiveImagesHandoffs(),
    receiveCompareHandoffs(),
    receiveEditHandoffs(),
    receiveTasksHandoffs(),
    receiveGalleryHandoffs(),
    // The first conversation opened, and the first number a screen shows, should not be the Markdown
    // parser's first run or the page's first number formatted.
    whenIdle(() => {
      warmMarkdown()
      warmNumbers(i18n.language)
    }, WARM_AFTER_MS)
  ]
  return () => offs.forEach((off) => off())
}

/** The parser and the formatter are warmed in idle time after start-up, or this long after it at the latest. */
const WARM_AFTER_MS = 3000

/**
 * The backend is reachable again after an outage: every store reads its state afresh, then the
 * open screen mounts again so whatever it loads on opening is loaded again too.
 */
export async function resyncAll(connection: Connection): Promise<void> {
  await Promise.all([
    resyncSharedStores(connection),
    resyncChat(connection),
    resyncQueue(connection),
    resyncGallery()
  ])
  useAppStore.getState().resynced()
  notify({
    id: 'link:back',
    tone: 'ok',
    title: i18n.t('connection.restored.title'),
    body: i18n.t('connection.restored.body')
  })
}

/** Follows the link to the backend into the app store, and re-reads everything when it comes back. */
export function followLink(connection: Connection): () => void {
  if (!connection.onLink) return () => undefined
  return connection.onLink((status) => {
    const was = useAppStore.getState().link.state
    useAppStore.getState().setLink(status)
    if (status.state === 'open' && was !== 'open') void resyncAll(connection)
  })
}
