import type { Connection } from '../../api'

/** Feeds this feature's stores from contract events; returns the unsubscribe. */
export function bridgeChat(_connection: Connection): () => void {
  return () => undefined
}
