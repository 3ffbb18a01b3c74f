import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { createGatewayClient, type GatewayClientOptions } from '../../../../src/main/gateway'
import type { Clock } from '../../../../src/main/time/clock'
import {
  defaultFieldMap,
  type ExtraFields,
  type FieldMapInput,
  FieldMap
} from '../../../../src/shared/gateway/fieldMap'

/** A tiny scripted gateway for unit tests: each request is logged and answered by the test's handler. */

export interface Seen {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
}

export type Handler = (req: Seen, res: ServerResponse, index: number) => unknown

export interface TestServer {
  baseUrl: string
  seen: Seen[]
  setHandler(handler: Handler): void
  close(): Promise<void>
}

export async function startTestServer(handler: Handler = (_req, res) => res.end()): Promise<TestServer> {
  let current = handler
  const seen: Seen[] = []
  const server = createServer((req, res) => {
    const parts: Buffer[] = []
    req.on('data', (chunk: Buffer) => parts.push(chunk))
    req.on('end', () => {
      const entry: Seen = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(parts)
      }
      seen.push(entry)
      void Promise.resolve(current(entry, res, seen.length - 1)).catch(() => res.destroy())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    setHandler: (next) => {
      current = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

export const KEY = 'sk-test-0123456789abcdef'

export function recordingClock(now = () => Date.now()): Clock & { slept: number[] } {
  const slept: number[] = []
  return {
    slept,
    now,
    monotonic: () => performance.now(),
    random: () => 0,
    sleep: (ms, signal) => {
      if (signal.aborted) return Promise.reject(new Error('aborted'))
      slept.push(ms)
      return Promise.resolve()
    }
  }
}

export function testClient(
  baseUrl: string,
  options: GatewayClientOptions & { fieldMap?: FieldMapInput; extraFields?: ExtraFields } = {}
) {
  const { fieldMap, extraFields, ...rest } = options
  return createGatewayClient(
    {
      baseUrl,
      authorization: () => Promise.resolve(`Bearer ${KEY}`),
      fieldMap: fieldMap ? FieldMap.parse(fieldMap) : defaultFieldMap(),
      extraFields
    },
    {
      allowLoopbackHttp: true,
      // A fresh pool per client so one test's stalled sockets cannot affect another.
      dispatcher: new Agent({ connect: { timeout: 2000 } }),
      clock: recordingClock(),
      ...rest
    }
  )
}

export const signal = (): AbortSignal => new AbortController().signal
