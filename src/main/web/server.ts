import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { join } from 'node:path'
import { WebSocketServer, type WebSocket } from 'ws'
import { INPUT_LIMITS, readJson } from '../../shared/json'
import { ContractErrorCode } from '../../shared/result'
import {
  ClientMessage,
  COPY_PATH_PREFIX,
  MEDIA_PATH_PREFIX,
  SESSION_COOKIE,
  SESSION_PATH,
  TOKEN_HEADER,
  WS_PATH,
  type ServerMessage
} from '../../shared/wire'
import type { Backend } from '../backend'
import { attachmentDisposition } from '../security/contentDisposition'
import { contentTypeFor } from '../security/contentTypes'
import { webCsp } from '../security/csp'
import { resolveRealInside } from '../security/paths'
import { SocketFlow, type FlowLimits } from './flow'
import { sendBytes, sendFile, sendSource, sendWhole } from './static'

export interface WebHostOptions {
  backend: Backend
  rendererDir: string
  port?: number
  /**
   * The token of the address; the CLI keeps one per data folder (`address.ts`) so an open tab reconnects
   * after a restart. Without it a random one is made.
   */
  token?: string
  /** Hears what should never happen: a command whose promise failed past the dispatcher. */
  onInternalError?: (error: unknown) => void
  /** How far behind a page may fall before its socket waits or is closed (tests make them small). */
  flowLimits?: FlowLimits
}

export interface WebHost {
  origin: string
  /** The address to open: the token rides in the fragment, which browsers never send to a server. */
  url: string
  token: string
  port: number
  close(): Promise<void>
}

const MAX_MESSAGE_BYTES = 96 * 1024 * 1024
const MESSAGE_LIMITS = { maxDepth: INPUT_LIMITS.maxDepth + 1, maxNodes: INPUT_LIMITS.maxNodes + 8 }

/** The id of a message refused for its shape, when it has a usable one at the top. */
function messageIdOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const id = (value as { id?: unknown }).id
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined
}
const EXPORTS_PATH_PREFIX = '/exports/'
/** A result id as the library makes them (a UUID), or any id of the same plain characters. */
const RESULT_ID = /^[A-Za-z0-9_-]{1,128}$/
/** Export zips are named by us (`gallery-<date>_<time>[-n].zip`): one plain segment, nothing to escape. */
const EXPORT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.zip$/

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function hostHeaderCount(req: IncomingMessage): number {
  let count = 0
  for (let index = 0; index < req.rawHeaders.length; index += 2)
    if (req.rawHeaders[index]?.toLowerCase() === 'host') count += 1
  return count
}

function readCookie(req: IncomingMessage, name: string): string | null {
  const header = req.headers.cookie
  if (!header) return null
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return null
}

/**
 * The backend behind a loopback HTTP server: the built renderer, media by id, and the contract over one
 * WebSocket. Every way in checks the Host (DNS rebinding). The contract (the WebSocket upgrade and every
 * message on it) needs the per-launch token itself, and upgrades also check the Origin; media, image copies
 * and export downloads need only the media cookie, which `/session` hands out for the token.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(32).toString('base64url')
  // The media cookie is a secret of its own, never the token: cookies are not scoped by port, so any
  // other server on 127.0.0.1 the browser visits receives it. It unlocks /media/, /copies/ and /exports/
  // only.
  const mediaSecret = randomBytes(32).toString('base64url')
  const sockets = new Set<Socket>()
  const onInternalError = options.onInternalError ?? (() => undefined)
  let origin = ''
  let allowedHosts: string[] = []

  // Node keeps the first of several Host headers; RFC 9112 §3.2 says a request with more than one is refused
  // (400), so a proxy that reads the last one can never be talked past this check.
  const hostAllowed = (req: IncomingMessage): boolean =>
    hostHeaderCount(req) === 1 && allowedHosts.includes(req.headers.host ?? '')
  const cookieValid = (req: IncomingMessage): boolean => {
    const cookie = readCookie(req, SESSION_COOKIE)
    return cookie !== null && sameSecret(cookie, mediaSecret)
  }

  const baseHeaders = (): Record<string, string> => ({
    'content-security-policy': webCsp(origin),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY'
  })

  /** A finished export zip from `<data folder>/exports`, as a download, for the session only. */
  const serveExport = async (req: IncomingMessage, res: ServerResponse, name: string): Promise<void> => {
    if (!cookieValid(req)) {
      res.writeHead(403, baseHeaders()).end()
      return
    }
    const dir = join(options.backend.dataDir, 'exports')
    // No symlink out of the folder either: the real file must be inside the real exports folder.
    const file = EXPORT_NAME.test(name) ? await resolveRealInside(dir, name) : null
    const headers = {
      ...baseHeaders(),
      'cache-control': 'no-store',
      'content-disposition': `attachment; filename="${name}"`
    }
    if (!file || !(await sendFile(res, file, 'application/zip', req.headers.range, headers))) {
      res.writeHead(404, baseHeaders()).end()
    }
  }

  /**
   * One image's copy as it leaves the app ("Save as…", a drag out of the page), for the session only:
   * made when asked (its story written in by ExifTool), so never cached, and always an attachment.
   */
  const serveCopy = async (req: IncomingMessage, res: ServerResponse, id: string): Promise<void> => {
    if (!cookieValid(req)) {
      res.writeHead(403, baseHeaders()).end()
      return
    }
    const copy = RESULT_ID.test(id) ? await options.backend.serveCopy(id) : null
    if (!copy) {
      res.writeHead(404, baseHeaders()).end()
      return
    }
    res.writeHead(200, {
      ...baseHeaders(),
      'content-type': copy.mime,
      'content-length': copy.bytes.length,
      'content-disposition': attachmentDisposition(copy.fileName),
      'cache-control': 'no-store'
    })
    res.end(req.method === 'HEAD' ? undefined : copy.bytes)
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (hostHeaderCount(req) !== 1) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Exactly one Host header is needed')
      return
    }
    if (!hostAllowed(req)) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('Wrong host')
      return
    }
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname === SESSION_PATH) {
      const header = req.headers[TOKEN_HEADER]
      const fromOrigin = req.headers.origin === origin
      if (req.method !== 'POST' || !fromOrigin || typeof header !== 'string' || !sameSecret(header, token)) {
        res.writeHead(403, baseHeaders()).end()
        return
      }
      res
        .writeHead(204, {
          ...baseHeaders(),
          'set-cookie': `${SESSION_COOKIE}=${mediaSecret}; HttpOnly; SameSite=Strict; Path=/`
        })
        .end()
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, baseHeaders()).end()
      return
    }
    if (url.pathname.startsWith(MEDIA_PATH_PREFIX)) {
      if (!cookieValid(req)) {
        res.writeHead(403, baseHeaders()).end()
        return
      }
      const id = url.pathname.slice(MEDIA_PATH_PREFIX.length)
      const media = /^[A-Za-z0-9_-]{1,128}$/.test(id) ? await options.backend.serveMedia(id) : null
      const headers = { ...baseHeaders(), 'cache-control': 'private, max-age=31536000, immutable' }
      // A thumbnail just encoded comes from memory, before its file is even whole under its name.
      if (media?.bytes) sendBytes(res, media.bytes, media.mime, req.headers.range, headers)
      else if (!media || !(await sendSource(res, media, media.mime, req.headers.range, headers))) {
        res.writeHead(404, baseHeaders()).end()
      }
      return
    }
    if (url.pathname.startsWith(COPY_PATH_PREFIX)) {
      await serveCopy(req, res, url.pathname.slice(COPY_PATH_PREFIX.length))
      return
    }
    if (url.pathname.startsWith(EXPORTS_PATH_PREFIX)) {
      await serveExport(req, res, url.pathname.slice(EXPORTS_PATH_PREFIX.length))
      return
    }
    const requested = url.pathname === '/' ? 'index.html' : url.pathname
    // Checked as text and then on the disk (P7): a symlink in the renderer folder leads nowhere else.
    const file = await resolveRealInside(options.rendererDir, requested)
    const headers = { ...baseHeaders(), 'cache-control': file?.endsWith('.html') ? 'no-store' : 'no-cache' }
    if (!file || !(await sendWhole(res, file, contentTypeFor(file), headers))) {
      res.writeHead(404, { ...baseHeaders(), 'content-type': 'text/plain' }).end('Not found')
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end()
      else res.destroy()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  server.on('upgrade', (req, socket, head) => {
    if (hostHeaderCount(req) !== 1) {
      socket.write('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
      socket.destroy()
      return
    }
    const url = new URL(req.url ?? '/', origin)
    const queryToken = url.searchParams.get('token') ?? ''
    if (
      url.pathname !== WS_PATH ||
      !hostAllowed(req) ||
      req.headers.origin !== origin ||
      !sameSecret(queryToken, token)
    ) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
      socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveSocket(ws))
  })

  const serveSocket = (ws: WebSocket): void => {
    const flow = new SocketFlow(ws, options.flowLimits)
    const send = (message: ServerMessage): void => {
      if (ws.readyState !== ws.OPEN) return
      ws.send(JSON.stringify(message), () => flow.written())
      flow.queued()
    }
    const unsubscribe = options.backend.subscribe((name, payload) => send({ t: 'event', name, payload }))
    ws.on('close', unsubscribe)
    // A frame ws refuses (invalid UTF-8, unmasked, over maxPayload) is emitted as 'error' after ws has
    // already sent the close frame with the RFC 6455 code that says why (1007, 1002, 1009) and begun
    // closing this socket. Without a listener that 'error' is thrown and ends the whole process, with
    // every job in flight; with one, only this socket goes. Nothing more to do here.
    ws.on('error', () => undefined)
    ws.on('message', (data, isBinary) => {
      if (isBinary || !Buffer.isBuffer(data)) return
      // One level more than a command's input may have: the message wraps it.
      const reading = readJson(data.toString('utf8'), MESSAGE_LIMITS)
      if (!reading.ok) {
        // Too deep or too large, yet readable enough to answer: the page hears why instead of waiting.
        const id = reading.problem === 'syntax' ? undefined : messageIdOf(reading.value)
        if (id !== undefined) {
          send({
            t: 'result',
            id,
            result: {
              ok: false,
              error: {
                code: ContractErrorCode.invalidInput,
                message: 'That request is too large or too deep.'
              }
            }
          })
        }
        return
      }
      const result = ClientMessage.safeParse(reading.value)
      if (!result.success) return
      const parsed = result.data
      if (!sameSecret(parsed.token, token)) {
        send({
          t: 'result',
          id: parsed.id,
          result: { ok: false, error: { code: ContractErrorCode.unauthorized, message: 'Not authorised' } }
        })
        return
      }
      // Each command in its own turn: messages that arrive together are parsed in one go, and a slow one
      // (the gallery's facets over 100,000 images) would otherwise run before the answer of the one before
      // it (the first page) is sent, since answers go out a microtask later.
      setImmediate(() =>
        flow.admit(() => {
          options.backend
            .dispatch(parsed.name, parsed.input)
            .then((answer) => send({ t: 'result', id: parsed.id, result: answer }))
            // The dispatcher answers every failure as a result; this is the last guard of P3, so that nothing
            // one message does can end the process with every job in flight.
            .catch((error: unknown) => {
              onInternalError(error)
              send({
                t: 'result',
                id: parsed.id,
                result: { ok: false, error: { code: ContractErrorCode.internal, message: 'Internal error' } }
              })
            })
        })
      )
    })
  }

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolvePromise()
    })
  })
  const port = (server.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`
  allowedHosts = [`127.0.0.1:${port}`]

  return {
    origin,
    url: `${origin}/#token=${token}`,
    token,
    port,
    close: async () => {
      for (const client of wss.clients) client.terminate()
      wss.close()
      await new Promise<void>((resolvePromise) => {
        server.close(() => resolvePromise())
        for (const socket of sockets) socket.destroy()
      })
    }
  }
}
