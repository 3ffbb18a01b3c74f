import type { Transport } from '@shared/client'
import { ContractErrorCode } from '@shared/result'
import { ServerMessage, SESSION_PATH, TOKEN_HEADER, WS_PATH } from '@shared/wire'

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

export function createWebSocketTransport(token: string, origin: string): Transport {
  const listeners = new Set<(name: string, payload: unknown) => void>()
  const pending = new Map<number, Pending>()
  const queue: string[] = []
  let nextId = 1
  let socket: WebSocket | null = null
  let retryDelay = 250

  const failAll = (message: string): void => {
    for (const [id, entry] of pending) {
      if (entry.timer) clearTimeout(entry.timer)
      entry.resolve({ ok: false, error: { code: ContractErrorCode.transport, message } })
      pending.delete(id)
    }
  }

  const connect = (): void => {
    const url = `${origin.replace(/^http/, 'ws')}${WS_PATH}?token=${encodeURIComponent(token)}`
    const ws = new WebSocket(url)
    socket = ws
    ws.addEventListener('open', () => {
      retryDelay = 250
      for (const message of queue.splice(0)) ws.send(message)
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
      socket = null
      failAll('The connection to Gateway Studio was lost. Is the web host still running?')
      // Reconnect quietly: the host may be restarting (tasks resume on the other side).
      setTimeout(connect, retryDelay)
      retryDelay = Math.min(retryDelay * 2, 5000)
    })
  }
  connect()

  return {
    invoke(name, input) {
      const id = nextId++
      const message = JSON.stringify({ t: 'invoke', id, token, name, input })
      return new Promise((resolve) => {
        pending.set(id, { resolve, timer: null })
        if (socket && socket.readyState === WebSocket.OPEN) socket.send(message)
        else queue.push(message)
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}
