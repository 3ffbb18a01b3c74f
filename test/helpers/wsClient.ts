import WebSocket from 'ws'
import type { Transport } from '../../src/shared/client'
import { ServerMessage } from '../../src/shared/wire'

/** The renderer's wire protocol spoken from Node, so integration tests use the real typed client. */
export async function connectWebSocket(
  origin: string,
  token: string,
  { messageToken = token, headerOrigin = origin }: { messageToken?: string; headerOrigin?: string } = {}
): Promise<
  Transport & {
    close: () => void
    socket: WebSocket
    /** Sends a message written by hand; `__ID__` in it is replaced by the id its answer is matched by. */
    invokeRaw: (text: string) => Promise<unknown>
  }
> {
  const socket = new WebSocket(`${origin.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`, {
    origin: headerOrigin
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
  })
  const pending = new Map<number, (value: unknown) => void>()
  const failures = new Map<number, (error: Error) => void>()
  const listeners = new Set<(name: string, payload: unknown) => void>()
  let nextId = 1
  socket.on('message', (data: Buffer) => {
    const message = ServerMessage.parse(JSON.parse(data.toString('utf8')))
    if (message.t === 'result') {
      pending.get(message.id)?.(message.result)
      failures.delete(message.id)
    } else listeners.forEach((listener) => listener(message.name, message.payload))
  })
  // A host that went away answers nothing more: what is still waiting fails instead of hanging.
  socket.on('close', (code) => {
    for (const fail of failures.values()) fail(new Error(`the socket closed (${code}) before an answer`))
    failures.clear()
  })
  return {
    socket,
    close: () => socket.close(),
    invoke: (name, input) =>
      new Promise((resolve) => {
        const id = nextId++
        pending.set(id, resolve)
        socket.send(JSON.stringify({ t: 'invoke', id, token: messageToken, name, input }))
      }),
    invokeRaw: (text) =>
      new Promise((resolve, reject) => {
        const id = nextId++
        pending.set(id, resolve)
        failures.set(id, reject)
        socket.send(text.replace('__ID__', String(id)))
      }),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
