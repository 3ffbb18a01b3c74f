import { readdir, readFile, rm, stat } from 'node:fs/promises'
import type { IncomingMessage, Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { makeTempDir } from './tempDir'

/** The part of a Koa context the multipart additions below use. */
interface KoaContext {
  method: string
  path: string
  query: Record<string, string | string[] | undefined>
  status: number
  body: unknown
}

type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>

/** The part of s3rver 3.7 (a Koa app, no types of its own) these tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>
  close(): Promise<void>
  /** The http.Server `run` made; set once it listens. */
  httpServer?: Server
  /** Koa's middleware, composed when the server starts listening; s3rver's router is the last. */
  middleware: KoaMiddleware[]
  /** Where s3rver keeps a bucket's files; its multipart uploads are folders under `uploads`. */
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string }
}

interface S3rverOptions {
  address: string
  port: number
  directory: string
  silent: boolean
  configureBuckets: Array<{ name: string; configs: string[] }>
}

type S3rverClass = new (options: S3rverOptions) => S3rverInstance

const requireHere = createRequire(import.meta.url)
const S3rver = requireHere('s3rver') as S3rverClass
/** s3rver's error, answered as S3's XML error with its status (NoSuchUpload: 404). */
const S3Error = requireHere('s3rver/lib/models/error') as new (code: string, message: string) => Error

/**
 * What s3rver 3.7 lacks of multipart uploads, added in front of its router: ListParts (pages of at most
 * `partsPerPage` parts), AbortMultipartUpload, and NoSuchUpload for an upload ID it does not know (where
 * s3rver would take a part for it anyway). It keeps an upload as a folder of parts, `<n>` and, once the
 * part's body has been read whole, `<n>.md5`; a part whose request was cut has no `.md5` and is not listed,
 * as S3 does not keep a part it did not receive whole. Signatures are not checked here (s3rver's own check
 * is only of the key ID).
 */
function multipartAdditions(s3rver: S3rverInstance, partsPerPage: number): KoaMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId
    const [, bucket = '', ...rest] = ctx.path.split('/')
    if (typeof uploadId !== 'string' || rest.length === 0) return next()
    const key = rest.map(decodeURIComponent).join('/')
    const dir = join(s3rver.store.getResourcePath(bucket, undefined, 'uploads'), uploadId)
    const known =
      /^[0-9a-f]{32}$/.test(uploadId) && (await readFile(join(dir, 'key'), 'utf8').catch(() => null)) === key
    if (!known) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.')
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true })
      ctx.status = 204
      return
    }
    if (ctx.method !== 'GET') return next()
    const numbers = (await readdir(dir))
      .filter((name) => /^[1-9]\d*\.md5$/.test(name))
      .map((name) => Number(name.slice(0, -4)))
      .sort((a, b) => a - b)
    const marker = Number(ctx.query['part-number-marker'] ?? 0)
    const asked = Number(ctx.query['max-parts'] ?? 1000)
    const after = numbers.filter((n) => n > marker)
    const page = after.slice(0, Math.min(partsPerPage, asked))
    const parts = await Promise.all(
      page.map(async (n) => {
        const [md5, info] = await Promise.all([
          readFile(join(dir, `${n}.md5`), 'utf8'),
          stat(join(dir, String(n)))
        ])
        return { PartNumber: n, LastModified: info.mtime.toISOString(), ETag: `"${md5}"`, Size: info.size }
      })
    )
    const truncated = after.length > page.length
    ctx.body = {
      ListPartsResult: {
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        PartNumberMarker: marker,
        ...(truncated ? { NextPartNumberMarker: page[page.length - 1] } : {}),
        MaxParts: asked,
        IsTruncated: truncated,
        ...(parts.length > 0 ? { Part: parts } : {})
      }
    }
  }
}

/** A request the server received: method, path with its query, the payload hash it was signed with. */
export interface SeenRequest {
  method: string
  path: string
  /** Its `x-amz-content-sha256`. */
  payloadHash?: string
}

export interface S3TestServer {
  endpoint: string
  port: number
  /** Where s3rver keeps the buckets (removed by `stop`). */
  directory: string
  /** s3rver's only account (it knows no other key ID; it does not check V4 signatures, see below). */
  credentials: { accessKeyId: string; secretAccessKey: string }
  /** Every HTTP request the server received, in order. */
  requests: SeenRequest[]
  /** Closes the server as `stop` does but keeps `directory`: the port refuses connections until `back`. */
  away(): Promise<void>
  /** Listens again on the same port, over the same `directory`: what the buckets held is there. */
  back(): Promise<void>
  stop(): Promise<void>
}

/** An s3rver listening on 127.0.0.1:`port` (0: one the system picks) over `directory`, and how to close it. */
async function runS3rver(
  directory: string,
  port: number,
  buckets: string[],
  partsPerPage: number,
  requests: SeenRequest[]
): Promise<{ port: number; close(): Promise<void> }> {
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] }))
  })
  s3rver.middleware.splice(s3rver.middleware.length - 1, 0, multipartAdditions(s3rver, partsPerPage))
  const address = await s3rver.run()
  const server = s3rver.httpServer
  if (!server) throw new Error('s3rver did not keep its http server')
  // The http.Server's own event, beside s3rver's handler: every request that reached the server, answered
  // or not (a request cut mid-body is seen too, once its headers arrived).
  server.on('request', (req: IncomingMessage) => {
    const payloadHash = req.headers['x-amz-content-sha256']
    requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      ...(typeof payloadHash === 'string' ? { payloadHash } : {})
    })
  })
  return {
    port: address.port,
    close: async () => {
      const closed = s3rver.close()
      // A client's keep-alive connections (or a request s3rver never answers) would hold close() open.
      server.closeAllConnections()
      await closed
    }
  }
}

/**
 * A real S3-compatible server (s3rver, objects as files in a fresh temp folder) on 127.0.0.1, at a port of
 * its own. Path-style addressing only (the host is an IP). What s3rver does and does not check: the access
 * key ID must be its own (`S3RVER`, else InvalidAccessKeyId, 403), but a V4 signature is never verified,
 * so a wrong secret key is accepted; a presigned URL's expiry is checked. ListParts and
 * AbortMultipartUpload, which s3rver lacks, are added (`multipartAdditions`): `partsPerPage` makes
 * ListParts answer in pages that small, as a server with more parts than a page does. A listing past 1,000
 * keys needs Node's `--openssl-legacy-provider` (s3rver makes its continuation tokens with DES): the node
 * tests run with it (vitest.config.mts), and `startS3Process` starts its server with it.
 */
export async function startS3Server(
  options: { buckets?: string[]; partsPerPage?: number } = {}
): Promise<S3TestServer> {
  const buckets = options.buckets ?? ['gs-test']
  for (const name of buckets)
    if (name.length < 3 || name.length > 63) throw new Error(`a bucket name has 3 to 63 characters: ${name}`)
  const partsPerPage = options.partsPerPage ?? 1000
  const temp = makeTempDir('gs-s3rver-')
  const requests: SeenRequest[] = []
  let running: { port: number; close(): Promise<void> } | null
  try {
    running = await runS3rver(temp.dir, 0, buckets, partsPerPage, requests)
  } catch (error) {
    temp.cleanup()
    throw error
  }
  const { port } = running
  let stopped: Promise<void> | null = null
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    directory: temp.dir,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requests,
    away: async () => {
      await running?.close()
      running = null
    },
    back: async () => {
      if (running || stopped) throw new Error('the S3 server is not away')
      // A fresh s3rver (a closed one has closed its logger too), at the address the locations were saved with.
      running = await runS3rver(temp.dir, port, buckets, partsPerPage, requests)
    },
    stop: () =>
      (stopped ??= (async () => {
        await running?.close()
        running = null
        temp.cleanup()
      })())
  }
}
