import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
  type Server
} from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'

/** What a result host saw of one request. */
export interface SeenRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void

export interface TestServer {
  origin: string
  seen: SeenRequest[]
  /** Resolves when the connection of the named path closed (used instead of waiting on time). */
  closed(path: string): Promise<void>
  route(path: string, handler: Handler): void
  stop(): Promise<void>
}

/**
 * TEST ONLY: a self-signed certificate for IP 127.0.0.1 (100 years), so https→http redirects can be tried
 * without any network; trusted only by the agents the tests build with it as `ca`.
 */
export const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBkTCCATagAwIBAgIUHbIqvJyFnGYtHGlg8WuDOmoEpYUwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMTIwMzQwM1oYDzIxMjYxMDI4
MjAzNDAzWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAS7rZUQ3VEWn1l53eZMbDdCWe+Xc5SK28oe8/pHY8X1uaI0jpnIeIff
7kClezR/xJTTt39j6uEMkZahuHLVWcyPo2QwYjAdBgNVHQ4EFgQURU6cOr/ABo8r
jWBALvMDVSlalDcwHwYDVR0jBBgwFoAURU6cOr/ABo8rjWBALvMDVSlalDcwDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0kAMEYC
IQCHUtZyeZf2sYggtYdwiuZ/A8XAh3aTmBXOckFZZFrmxwIhAKz5eJrhM1mfnvxo
YVGoAZL1ETMuP5iFKyc6VV85kdNp
-----END CERTIFICATE-----
`
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgf8GDO5l82XvTpCKT
AGq6gRlf/jkMOTevZytdFbktjSmhRANCAAS7rZUQ3VEWn1l53eZMbDdCWe+Xc5SK
28oe8/pHY8X1uaI0jpnIeIff7kClezR/xJTTt39j6uEMkZahuHLVWcyP
-----END PRIVATE KEY-----
`

export async function startServer(tls = false): Promise<TestServer> {
  const routes = new Map<string, Handler>()
  const seen: SeenRequest[] = []
  const closeWaiters = new Map<string, { promise: Promise<void>; resolve: () => void }>()
  const sockets = new Set<Socket>()
  const waiter = (path: string) => {
    let w = closeWaiters.get(path)
    if (!w) {
      let resolve = (): void => undefined
      const promise = new Promise<void>((r) => (resolve = r))
      w = { promise, resolve }
      closeWaiters.set(path, w)
    }
    return w
  }
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    res.on('close', () => waiter(path).resolve())
    const handler = routes.get(path)
    if (handler) handler(req, res)
    else res.writeHead(404).end()
  }
  const server: Server = tls
    ? createHttpsServer({ cert: TEST_CERT, key: TEST_KEY }, onRequest)
    : createHttpServer(onRequest)
  server.on('connection', (s: Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    seen,
    closed: (path) => waiter(path).promise,
    route: (path, handler) => routes.set(path, handler),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      })
  }
}

/** Sends `body` with an honest or a made-up content-type label. */
export const serve =
  (body: Buffer, contentType = 'image/png', headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': String(body.length), ...headers })
    res.end(body)
  }

/** Writes `chunk` forever (respecting backpressure) until the client goes away. */
export const endless =
  (first: Buffer, chunk: Buffer, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', ...headers })
    res.write(first)
    const pump = (): void => {
      while (!res.destroyed && res.write(chunk)) {
        /* keep writing until the socket pushes back */
      }
    }
    res.on('drain', pump)
    pump()
  }

export const redirect =
  (location: string, status = 302): Handler =>
  (_req, res) => {
    res.writeHead(status, { location }).end()
  }
