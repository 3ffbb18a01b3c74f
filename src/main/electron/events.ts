import type { WebContents } from 'electron'
import { IPC_EVENT_CHANNEL } from '../../shared/channels'
import type { Backend } from '../backend'

/** Backend events go to every live window on the one event channel; a closed window simply drops out. */
export function forwardEvents(backend: Pick<Backend, 'subscribe'>, targets: () => WebContents[]): () => void {
  return backend.subscribe((name, payload) => {
    for (const contents of targets()) {
      if (!contents.isDestroyed()) contents.send(IPC_EVENT_CHANNEL, { name, payload })
    }
  })
}
