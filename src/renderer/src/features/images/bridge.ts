import type { Connection } from '../../api'

/** Feeds this feature's stores from contract events; returns the unsubscribe. */
export function bridgeImages(_connection: Connection): () => void {
  return () => undefined
}
