import { createApiClient, type ApiClient } from '@shared/client'
import { MEDIA_PATH_PREFIX } from '@shared/wire'
import { createElectronTransport } from './electronTransport'
import { currentT } from '../ui/words'
import type { LinkStatus } from './link'
import { createWebSocketTransport, openMediaSession, takeLaunchToken } from './webSocketTransport'

export type HostKind = 'electron' | 'web'

export interface Connection {
  api: ApiClient
  host: HostKind
  mediaUrl: (id: string) => string
  /** Whether the backend can be reached; see `LinkStatus`. Absent in tests that fake the backend. */
  onLink?: (listener: (status: LinkStatus) => void) => () => void
  reconnectNow?: () => void
}

export class MissingTokenError extends Error {
  constructor() {
    super(currentT('ui.link.missingToken'))
  }
}

/** Picks the transport from where the renderer runs; everything above this line is transport-agnostic. */
export async function connect(): Promise<Connection> {
  if (window.api) {
    const transport = createElectronTransport(window.api)
    return {
      api: createApiClient(transport),
      host: 'electron',
      mediaUrl: (id) => `studio-media://${encodeURIComponent(id)}`,
      onLink: transport.onLink,
      reconnectNow: transport.reconnectNow
    }
  }
  const token = takeLaunchToken(window.location, window.sessionStorage, window.history)
  if (!token) throw new MissingTokenError()
  await openMediaSession(token)
  const transport = createWebSocketTransport(token, window.location.origin)
  return {
    api: createApiClient(transport),
    host: 'web',
    mediaUrl: (id) => `${MEDIA_PATH_PREFIX}${encodeURIComponent(id)}`,
    onLink: transport.onLink,
    reconnectNow: transport.reconnectNow
  }
}
