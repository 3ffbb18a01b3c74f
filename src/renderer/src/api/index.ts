import { createApiClient, type ApiClient } from '@shared/client'
import { MEDIA_PATH_PREFIX } from '@shared/wire'
import { createElectronTransport } from './electronTransport'
import { createWebSocketTransport, openMediaSession, takeLaunchToken } from './webSocketTransport'

export type HostKind = 'electron' | 'web'

export interface Connection {
  api: ApiClient
  host: HostKind
  mediaUrl: (id: string) => string
}

export class MissingTokenError extends Error {
  constructor() {
    super('This page needs the address printed by `npm run web` (it carries a one-time token).')
  }
}

/** Picks the transport from where the renderer runs; everything above this line is transport-agnostic. */
export async function connect(): Promise<Connection> {
  if (window.api) {
    return {
      api: createApiClient(createElectronTransport(window.api)),
      host: 'electron',
      mediaUrl: (id) => `studio-media://${encodeURIComponent(id)}`
    }
  }
  const token = takeLaunchToken(window.location, window.sessionStorage, window.history)
  if (!token) throw new MissingTokenError()
  await openMediaSession(token)
  return {
    api: createApiClient(createWebSocketTransport(token, window.location.origin)),
    host: 'web',
    mediaUrl: (id) => `${MEDIA_PATH_PREFIX}${encodeURIComponent(id)}`
  }
}
