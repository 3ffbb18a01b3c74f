import type { Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { makeTempDir } from './tempDir'

/** The part of s3rver 3.7 (a Koa app, no types of its own) these tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>
  close(): Promise<void>
  /** The http.Server `run` made; set once it listens. */
  httpServer?: Server
}

interface S3rverOptions {
  address: string
  port: number
  directory: string
  silent: boolean
  configureBuckets: Array<{ name: string; configs: string[] }>
}

type S3rverClass = new (options: S3rverOptions) => S3rverInstance

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass

export interface S3TestServer {
  endpoint: string
  port: number
  /** Where s3rver keeps the buckets (removed by `stop`). */
  directory: string
  /** s3rver's only account (it knows no other key ID; it does not check V4 signatures, see below). */
  credentials: { accessKeyId: string; secretAccessKey: string }
  /** Every HTTP request the server received, in order: method and path with its query. */
  requests: Array<{ method: string; path: string }>
  stop(): Promise<void>
}

/**
 * A real S3-compatible server (s3rver, objects as files in a fresh temp folder) on 127.0.0.1, at a port of
 * its own. Path-style addressing only (the host is an IP). What s3rver does and does not check: the access
 * key ID must be its own (`S3RVER`, else InvalidAccessKeyId, 403), but a V4 signature is never verified,
 * so a wrong secret key is accepted; a presigned URL's expiry is checked.
 */
export async function startS3Server(options: { buckets?: string[] } = {}): Promise<S3TestServer> {
  const buckets = options.buckets ?? ['gs-test']
  for (const name of buckets)
    if (name.length < 3 || name.length > 63) throw new Error(`a bucket name has 3 to 63 characters: ${name}`)
  const temp = makeTempDir('gs-s3rver-')
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: temp.dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] }))
  })
  let address: AddressInfo
  try {
    address = await s3rver.run()
  } catch (error) {
    temp.cleanup()
    throw error
  }
  const server = s3rver.httpServer
  if (!server) throw new Error('s3rver did not keep its http server')
  const requests: Array<{ method: string; path: string }> = []
  // The http.Server's own event, beside s3rver's handler: every request that reached the server, answered
  // or not (a request cut mid-body is seen too, once its headers arrived).
  server.on('request', (req: { method?: string; url?: string }) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '' })
  })
  let stopped: Promise<void> | null = null
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    directory: temp.dir,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requests,
    stop: () =>
      (stopped ??= (async () => {
        const closed = s3rver.close()
        // A client's keep-alive connections (or a request s3rver never answers) would hold close() open.
        server.closeAllConnections()
        await closed
        temp.cleanup()
      })())
  }
}
