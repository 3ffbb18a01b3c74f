import { connect, createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface CuttingProxy {
  endpoint: string
  /** Connections cut so far. */
  readonly cuts: number
  stop(): Promise<void>
  /** Listens again at the same address after `stop`: a server out of reach, then back. */
  start(): Promise<void>
}

/**
 * A TCP relay to 127.0.0.1:`targetPort` that breaks connections: when `marker` (a piece of a request
 * line, say `partNumber=2&`) has gone from client to server, it lets `afterBytes` more bytes through and
 * then destroys both sockets, as a network that drops mid-upload does. It does so `times` times (once by
 * default); every other byte, and every connection after those, is relayed untouched. With `stall`, it
 * neither cuts nor relays another byte of that connection, as a link gone silent: the request hangs
 * (until the client's own timeout, or a kill of the client).
 */
export async function startCuttingProxy(options: {
  targetPort: number
  marker: string
  afterBytes: number
  times?: number
  stall?: boolean
}): Promise<CuttingProxy> {
  const { targetPort, marker, afterBytes, times = 1, stall = false } = options
  const sockets = new Set<Socket>()
  let cuts = 0
  const track = (socket: Socket): void => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  }
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1')
    track(client)
    track(upstream)
    const both = (): void => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', both).on('close', both)
    upstream.on('error', both).on('close', both)
    upstream.pipe(client)
    // Text of the last bytes seen, so a marker split across two chunks is still found.
    let tail = ''
    let passed: number | null = null
    let stalled = false
    client.on('data', (chunk: Buffer) => {
      if (stalled) return
      let forward = chunk
      if (cuts < times) {
        if (passed === null) {
          const text = tail + chunk.toString('latin1')
          const at = text.indexOf(marker)
          if (at < 0) tail = text.slice(-(marker.length - 1))
          else passed = text.length - at - marker.length
        } else passed += chunk.length
        if (passed !== null && passed >= afterBytes) {
          cuts += 1
          forward = chunk.subarray(0, chunk.length - (passed - afterBytes))
          client.pause()
          if (stall) {
            stalled = true
            upstream.write(forward)
          } else upstream.write(forward, both)
          return
        }
      }
      if (!upstream.write(forward)) {
        client.pause()
        upstream.once('drain', () => client.resume())
      }
    })
    client.on('end', () => upstream.end())
  })
  const listen = (at: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(at, '127.0.0.1', () => resolve())
    })
  await listen(0)
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    get cuts() {
      return cuts
    },
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await closed
    },
    start: () => listen(port)
  }
}
