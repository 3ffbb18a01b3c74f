import { createHash } from 'node:crypto'
import { storageFaultOf } from '../dataFolder/storageFaults'
import { Agent, request, type Dispatcher } from 'undici'
import type { CrashProbe } from '../crashPoints'
import { serverDelayMs, type RetryHints } from '../time/backoff'
import type { ObjectDraft } from './mediaStore'
import { describeUrl, MediaError, rejected } from './errors'
import {
  familyOf,
  MEDIA_CAPS,
  sniffMedia,
  SNIFF_BYTES,
  type MediaExt,
  type MediaFamily,
  type MediaMime,
  type SniffedType
} from './sniff'
import { checkRedirect, checkUrl, PinnedResolver, type UrlPolicy } from './urlPolicy'

/** P31: a result host that sends nothing for this long is dead (ours). */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000
/** P30: at most 5 redirects, each re-checked. */
export const MAX_REDIRECTS = 5

export interface DownloadOptions extends UrlPolicy {
  /**
   * Where the bytes go while they arrive: a draft of the media store, in the folder of the final object,
   * so the caller's `commit` names it by its content once the whole file is known.
   */
  begin: () => Promise<ObjectDraft>
  signal?: AbortSignal
  /** Cap in bytes; default the cap of `expect`, else per sniffed type (images 64 MiB, videos 2 GiB). */
  maxBytes?: number
  /** The kind of result the caller waits for: sets the cap before the first byte and refuses the other. */
  expect?: MediaFamily
  /** No header or body byte for this long aborts as `transient`/`timeout`; default 60 s. */
  idleTimeoutMs?: number
  connectTimeoutMs?: number
  maxRedirects?: number
  /**
   * Only for callers that manage connections themselves (tests, proxies). The per-hop DNS check still
   * runs, but the address pinning against rebinding is then that dispatcher's job (see
   * `createDownloadAgent`). Default: a fresh pinned agent per download, closed at the end.
   */
  dispatcher?: Dispatcher
  /** Wall-clock ms, to read a `Retry-After` date against (the backend's one clock). */
  now: () => number
  /** Test-only crash point after each chunk written to the temp file (`crashPoints.ts`). */
  probe?: CrashProbe
}

/** A verified download still in its draft: `commit` makes it the object `key`, `discard` forgets it. */
export interface DownloadedMedia {
  sha256: string
  bytes: number
  mime: MediaMime
  ext: MediaExt
  /** The draft's bytes as a file on this machine, for the checks that read them back (null: none). */
  localFile: string | null
  /** The URL the bytes came from after redirects (for logs: it may carry a signature). */
  finalUrl: string
  commit(key: string): Promise<void>
  discard(): Promise<void>
}

/** An undici agent that connects only to addresses the policy allows, the very ones it checked. */
export function createDownloadAgent(
  resolver: PinnedResolver,
  options: { idleTimeoutMs?: number; connectTimeoutMs?: number } = {}
): Agent {
  const idle = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS
  return new Agent({
    connect: { lookup: resolver.lookup, timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS },
    headersTimeout: idle,
    bodyTimeout: idle
  })
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const EXPIRED = new Set([403, 404, 410])
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT'])

/** Only these go to a result host: no Authorization, no cookie, nothing copied from a gateway request. */
const REQUEST_HEADERS = {
  accept: 'image/png, image/jpeg, image/webp, video/mp4;q=0.9, */*;q=0.1',
  'accept-encoding': 'identity'
}

function header(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

function statusError(url: URL, status: number, hints: RetryHints, now: number): MediaError {
  const where = `${describeUrl(url)} answered HTTP ${status}`
  if (EXPIRED.has(status)) {
    return new MediaError({
      kind: 'expired',
      reason: 'http_status',
      status,
      message: `${where}: link expired`
    })
  }
  if (status === 408 || status === 425 || status === 429 || status >= 500) {
    const retryAfterMs = serverDelayMs(hints, now)
    return new MediaError({ kind: 'transient', reason: 'http_status', status, retryAfterMs, message: where })
  }
  return rejected('http_status', where, { status })
}

function networkError(error: unknown, url: URL): MediaError {
  const code = (error as { code?: unknown } | null)?.code
  const codeText = typeof code === 'string' ? code : 'network error'
  const timeout = TIMEOUT_CODES.has(codeText)
  return new MediaError({
    kind: 'transient',
    reason: timeout ? 'timeout' : 'network',
    message: `${describeUrl(url)}: ${timeout ? 'timed out' : 'connection failed'} (${codeText})`,
    cause: error
  })
}

/**
 * Downloads a result URL under the P30 policy into a temp file, hashing as it streams, sniffing the first
 * bytes (P32) and enforcing the size cap on Content-Length and on the streamed bytes (P31). Throws
 * `MediaError` (`expired` / `rejected` / `transient`), or the signal's reason when aborted; the temp file
 * is gone whenever it throws. No retries here: the task engine schedules them (with the one backoff).
 */
export async function downloadMedia(input: string | URL, options: DownloadOptions): Promise<DownloadedMedia> {
  const policy: UrlPolicy = { allowLoopback: options.allowLoopback ?? false, lookup: options.lookup }
  let url = checkUrl(input, policy)
  const resolver = new PinnedResolver(policy)
  const idle = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS
  const own = options.dispatcher === undefined
  const dispatcher =
    options.dispatcher ??
    createDownloadAgent(resolver, { idleTimeoutMs: idle, connectTimeoutMs: options.connectTimeoutMs })
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS
  try {
    for (let hop = 0; ; hop++) {
      await resolver.check(url)
      let res: Dispatcher.ResponseData
      try {
        res = await request(url, {
          method: 'GET',
          headers: REQUEST_HEADERS,
          dispatcher,
          signal: options.signal,
          headersTimeout: idle,
          bodyTimeout: idle
        })
      } catch (error) {
        throw options.signal?.aborted ? (options.signal.reason as unknown) : networkError(error, url)
      }
      if (REDIRECTS.has(res.statusCode)) {
        await res.body.dump().catch(() => undefined)
        const location = header(res.headers, 'location')
        if (location === undefined)
          throw rejected('redirects', `${describeUrl(url)}: redirect without Location`)
        if (hop >= maxRedirects) throw rejected('redirects', `more than ${maxRedirects} redirects`)
        url = checkRedirect(url, location, policy)
        continue
      }
      if (res.statusCode !== 200) {
        await res.body.dump().catch(() => undefined)
        throw statusError(
          url,
          res.statusCode,
          {
            retryAfter: header(res.headers, 'retry-after'),
            retryAfterMs: header(res.headers, 'retry-after-ms')
          },
          options.now()
        )
      }
      return await receive(url, res, options)
    }
  } finally {
    if (own) await dispatcher.destroy().catch(() => undefined)
  }
}

async function receive(
  url: URL,
  res: Dispatcher.ResponseData,
  options: DownloadOptions
): Promise<DownloadedMedia> {
  const declaredText = header(res.headers, 'content-length')
  const declared = declaredText !== undefined && /^\d+$/.test(declaredText) ? Number(declaredText) : undefined
  let cap = options.maxBytes ?? (options.expect ? MEDIA_CAPS[options.expect] : MEDIA_CAPS.video)
  const tooLarge = (received: number): MediaError =>
    rejected('too_large', `${describeUrl(url)}: over the ${cap}-byte cap`, { bytesReceived: received })
  if (declared !== undefined && declared > cap) {
    res.body.destroy()
    throw tooLarge(0)
  }

  const writer = await options.begin()
  const hash = createHash('sha256')
  let head = Buffer.alloc(0)
  let sniffed: SniffedType | null = null
  let received = 0

  const judge = (): SniffedType => {
    const type = sniffMedia(head)
    if (!type) throw rejected('bad_type', `${describeUrl(url)}: not PNG, JPEG, WebP or MP4`)
    const family = familyOf(type.mime)
    if (options.expect && family !== options.expect) {
      throw rejected('bad_type', `${describeUrl(url)}: expected ${options.expect}, got ${type.mime}`)
    }
    cap = Math.min(cap, MEDIA_CAPS[family])
    if ((declared ?? 0) > cap || received > cap) throw tooLarge(received)
    return type
  }

  try {
    try {
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        received += chunk.length
        if (received > cap) throw tooLarge(received)
        if (!sniffed && head.length < SNIFF_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)])
          if (head.length >= SNIFF_BYTES) sniffed = judge()
        }
        hash.update(chunk)
        await writer.write(chunk)
        options.probe?.('download.partial')
      }
    } catch (error) {
      // Our own disk refusing the bytes (full, read-only) is not the network's fault: it goes up as it is.
      if (error instanceof MediaError || storageFaultOf(error) !== null) throw error
      throw options.signal?.aborted ? (options.signal.reason as unknown) : networkError(error, url)
    }
    const type = sniffed ?? judge()
    return {
      sha256: hash.digest('hex'),
      bytes: received,
      mime: type.mime,
      ext: type.ext,
      localFile: writer.localFile,
      finalUrl: url.toString(),
      commit: (key) => writer.commit(key),
      discard: () => writer.abort()
    }
  } catch (error) {
    res.body.destroy()
    await writer.abort()
    throw error
  }
}
