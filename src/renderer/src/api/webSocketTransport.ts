import { ContractErrorCode } from '@shared/result'
import { ServerMessage, SESSION_PATH, TOKEN_HEADER, WS_PATH } from '@shared/wire'
import { currentT } from '../ui/words'
import { cutOffMessage, linkSignal, nextDelay, notSentMessage, type LinkedTransport } from './link'

interface Pending {
  resolve: (value: unknown) => void
  timer: ReturnType<typeof setTimeout> | null
}

const TOKEN_KEY = 'gateway-studio.token'

/**
 * The launch token arrives in the URL fragment (never sent to a server). It is moved to sessionStorage and
 * the fragment cleared, so a reload of this tab keeps working while the address bar stops showing it.
 */
export function takeLaunchToken(location: Location, storage: Storage, history: History): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash)
  if (match?.[1]) {
    storage.setItem(TOKEN_KEY, match[1])
    history.replaceState(null, '', location.pathname + location.search)
    return match[1]
  }
  return storage.getItem(TOKEN_KEY)
}

/** Trades the token for an HttpOnly cookie so `<img src="/media/…">` works without the token in any URL. */
export async function openMediaSession(token: string): Promise<void> {
  await fetch(SESSION_PATH, {
    method: 'POST',
    headers: { [TOKEN_HEADER]: token },
    credentials: 'same-origin'
  })
}

export interface WebSocketTransportOptions {
  /** Test seams: the browser's own by default. */
  WebSocketImpl?: typeof WebSocket
  fetchImpl?: typeof fetch
  now?: () => number
}

/**
 * The contract over the web host's socket. While the socket is down (the host stopped, crashed or is
 * restarting) the link says so at once, commands are answered "not sent" instead of waiting silently, and
 * the host is tried again with backoff: first `/session` (which also renews the media cookie of a restarted
 * host, or tells that the host no longer accepts this tab's token), then the socket.
 */
export function createWebSocketTransport(
  token: string,
  origin: string,
  options: WebSocketTransportOptions = {}
): LinkedTransport {
  const WebSocketImpl = options.WebSocketImpl ?? WebSocket
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init))
  const now = options.now ?? Date.now
  const listeners = new Set<(name: string, payload: unknown) => void>()
  const pending = new Map<number, Pending>()
  const queue: string[] = []
  const link = linkSignal()
  let nextId = 1
  let socket: WebSocket | null = null
  let everOpen = false
  let delay: number | null = null
  let retryTimer: ReturnType<typeof setTimeout> | null = null
  let attempting = false

  const failAll = (message: string): void => {
    for (const [id, entry] of pending) {
      if (entry.timer) clearTimeout(entry.timer)
      entry.resolve({ ok: false, error: { code: ContractErrorCode.transport, message } })
      pending.delete(id)
    }
  }

  const down = (state: 'lost' | 'refused', reason: string): void => {
    const current = link.get()
    const since = current.state === 'open' ? now() : current.since
    delay = state === 'refused' ? 5_000 : nextDelay(delay)
    if (retryTimer) clearTimeout(retryTimer)
    retryTimer = setTimeout(() => void attempt(), delay)
    link.set({ state, since, reason, retryAt: now() + delay })
  }

  /** Is the host there, and does it still take our token? Then the socket. */
  const attempt = async (): Promise<void> => {
    if (attempting || socket) return
    attempting = true
    retryTimer = null
    try {
      const answer = await fetchImpl(SESSION_PATH, {
        method: 'POST',
        headers: { [TOKEN_HEADER]: token },
        credentials: 'same-origin'
      }).catch(() => null)
      if (!answer) down('lost', currentT('ui.link.noAnswer'))
      else if (answer.status === 403) down('refused', currentT('ui.link.newAddress'))
      else if (!answer.ok) down('lost', currentT('ui.link.httpStatus', { status: answer.status }))
      else connect()
    } finally {
      attempting = false
    }
  }

  const connect = (): void => {
    const url = `${origin.replace(/^http/, 'ws')}${WS_PATH}?token=${encodeURIComponent(token)}`
    const ws = new WebSocketImpl(url)
    socket = ws
    let opened = false
    ws.addEventListener('open', () => {
      opened = true
      everOpen = true
      delay = null
      for (const message of queue.splice(0)) ws.send(message)
      if (link.get().state !== 'open') link.set({ state: 'open' })
    })
    ws.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data !== 'string') return
      let parsed: ServerMessage
      try {
        const result = ServerMessage.safeParse(JSON.parse(event.data))
        if (!result.success) return
        parsed = result.data
      } catch {
        return
      }
      if (parsed.t === 'result') {
        const entry = pending.get(parsed.id)
        if (!entry) return
        pending.delete(parsed.id)
        if (entry.timer) clearTimeout(entry.timer)
        entry.resolve(parsed.result)
      } else {
        for (const listener of listeners) listener(parsed.name, parsed.payload)
      }
    })
    ws.addEventListener('close', () => {
      if (socket === ws) socket = null
      failAll(cutOffMessage())
      // Before the first connection the page is still starting: its commands wait in the queue.
      if (!everOpen && !opened) {
        retryTimer = setTimeout(() => void attempt(), (delay = nextDelay(delay)))
        return
      }
      down('lost', currentT('ui.link.closed'))
    })
  }
  connect()

  return {
    invoke(name, input) {
      const id = nextId++
      const message = JSON.stringify({ t: 'invoke', id, token, name, input })
      // Once the page has run, a command while the host is away is refused at once: never a silent wait.
      if (everOpen && link.get().state !== 'open') {
        return Promise.resolve({
          ok: false,
          error: { code: ContractErrorCode.transport, message: notSentMessage() }
        })
      }
      return new Promise((resolve) => {
        pending.set(id, { resolve, timer: null })
        if (socket && socket.readyState === WebSocketImpl.OPEN) socket.send(message)
        else queue.push(message)
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    onLink: (listener) => link.subscribe(listener),
    reconnectNow: () => {
      if (link.get().state === 'open') return
      if (retryTimer) clearTimeout(retryTimer)
      delay = null
      void attempt()
    }
  }
}
