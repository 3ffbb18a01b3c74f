import { connect } from 'node:net'
import { createParser, type EventSourceMessage } from 'eventsource-parser'
import sharp from 'sharp'
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../src/emulator'

export interface Http {
  emu: RunningEmulator
  /** POST JSON with the ordinary key unless `key` is given (null: no Authorization header). */
  post(
    path: string,
    body: unknown,
    opts?: { key?: string | null; headers?: Record<string, string> }
  ): Promise<Response>
  get(path: string, opts?: { key?: string | null; base?: string }): Promise<Response>
  postJson<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    key?: string
  ): Promise<{ status: number; body: T }>
  /** POST, then the JSON events of the SSE reply. */
  stream<T>(path: string, body: unknown): Promise<T[]>
}

export async function setup(options: EmulatorOptions = {}): Promise<Http> {
  const emu = await startEmulator(options)
  const auth = (key: string | null | undefined): Record<string, string> => {
    const k = key === undefined ? emu.keys.ordinary : key
    return k === null ? {} : { authorization: `Bearer ${k}` }
  }
  const http: Http = {
    emu,
    post: (path, body, opts = {}) =>
      fetch(emu.baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth(opts.key), ...opts.headers },
        body: typeof body === 'string' ? body : JSON.stringify(body)
      }),
    get: (path, opts = {}) => fetch((opts.base ?? emu.baseUrl) + path, { headers: auth(opts.key) }),
    postJson: async (path, body, key) => {
      const res = await http.post(path, body, { key })
      return { status: res.status, body: (await res.json()) as never }
    },
    stream: async <T>(path: string, body: unknown) =>
      jsonEvents<T>(await sseEvents(await http.post(path, body)))
  }
  return http
}

export interface ErrorBody {
  error: { type: string; code: string; message: string }
}

/** Asserts the spec envelope and returns it. */
export async function errorOf(res: Response): Promise<ErrorBody['error']> {
  const body = (await res.json()) as ErrorBody
  if (
    typeof body.error?.type !== 'string' ||
    typeof body.error.code !== 'string' ||
    typeof body.error.message !== 'string'
  ) {
    throw new Error(`not an error envelope: ${JSON.stringify(body)}`)
  }
  return body.error
}

export async function sseEvents(res: Response): Promise<EventSourceMessage[]> {
  const events: EventSourceMessage[] = []
  const parser = createParser({ onEvent: (e) => events.push(e) })
  parser.feed(await res.text())
  return events
}

export const jsonEvents = <T = Record<string, unknown>>(events: EventSourceMessage[]): T[] =>
  events.filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as T)

export async function imageInfo(
  bytes: Buffer | ArrayBuffer
): Promise<{ format?: string; width?: number; height?: number; hasAlpha?: boolean }> {
  const meta = await sharp(Buffer.from(bytes as ArrayBuffer)).metadata()
  return { format: meta.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha }
}

export async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(url)
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer())
  }
}

export interface RawResult {
  /** Every `data` event of the socket, as received. */
  chunks: Buffer[]
  /** How the connection ended. */
  ended: 'end' | 'reset' | 'timeout'
}

/** One HTTP/1.1 request over a bare socket, keeping the exact chunks the kernel delivered. */
export function rawRequest(
  origin: string,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: string; timeoutMs?: number }
): Promise<RawResult> {
  const { port } = new URL(origin)
  const body = opts.body ?? ''
  const head = [
    `${opts.method} ${opts.path} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    'connection: close',
    `content-length: ${Buffer.byteLength(body)}`,
    ...Object.entries(opts.headers ?? {}).map(([k, v]) => `${k}: ${v}`)
  ].join('\r\n')
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`${head}\r\n\r\n${body}`))
    const timer = setTimeout(() => {
      socket.destroy()
      resolve({ chunks, ended: 'timeout' })
    }, opts.timeoutMs ?? 5_000)
    socket.on('data', (c) => chunks.push(c))
    socket.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      resolve({ chunks, ended: err.code === 'ECONNRESET' ? 'reset' : 'timeout' })
    })
    socket.on('end', () => {
      clearTimeout(timer)
      resolve({ chunks, ended: 'end' })
    })
  })
}

/** The body of a raw HTTP response, de-chunked, with the payload of every HTTP chunk. */
export function dechunk(raw: Buffer): { head: string; body: Buffer; parts: Buffer[] } {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.subarray(0, split).toString('latin1')
  let rest = raw.subarray(split + 4)
  if (!/transfer-encoding: chunked/i.test(head)) return { head, body: rest, parts: [rest] }
  const parts: Buffer[] = []
  for (;;) {
    const eol = rest.indexOf('\r\n')
    if (eol < 0) break
    const size = Number.parseInt(rest.subarray(0, eol).toString('latin1'), 16)
    if (!Number.isFinite(size) || size === 0) break
    parts.push(rest.subarray(eol + 2, eol + 2 + size))
    rest = rest.subarray(eol + 2 + size + 2)
  }
  return { head, body: Buffer.concat(parts), parts }
}

export const authHeader = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` })
