/**
 * Why a team location (a bucket, a WebDAV server, a shared folder) refused or failed. What the sync does
 * next depends only on `kind`; the renderer words it by `kind` too, so no server's own English reaches a
 * designer as the whole message (it is kept in `detail` for the log).
 * - `unreachable`: no answer (DNS, refused connection, reset, timeout): try again later, queue the work;
 * - `denied`: the credentials were refused, or lack a permission this operation needs (401, 403);
 * - `missing`: the bucket, the WebDAV folder or the shared folder itself is not there (not an object in it);
 * - `full`: the server or disk has no room (507, ENOSPC, a quota);
 * - `failed`: anything else the server answered (5xx, an answer we could not read): try again later.
 */
export type LocationErrorKind = 'unreachable' | 'denied' | 'missing' | 'full' | 'failed'

export class LocationError extends Error {
  readonly kind: LocationErrorKind
  /** The HTTP status, when there was one. */
  readonly status: number | undefined
  /** The server's or the system's own words, for the log only (never credentials: callers strip them). */
  readonly detail: string

  constructor(kind: LocationErrorKind, detail: string, options: { status?: number; cause?: unknown } = {}) {
    super(`${kind}: ${detail}`, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'LocationError'
    this.kind = kind
    this.status = options.status
    this.detail = detail
  }
}

/** The kind an HTTP status means for a location request that was answered. */
export function kindOfStatus(status: number): LocationErrorKind {
  if (status === 401 || status === 403) return 'denied'
  if (status === 507 || status === 413) return 'full'
  if (status === 404) return 'missing'
  return 'failed'
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'TimeoutError',
  'RequestTimeout'
])

/** True when `error` (or what caused it) says the network, not the server, failed. */
export function isUnreachable(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; depth++) {
    const code = (at as { code?: unknown }).code
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true
    if (UNREACHABLE_CODES.has(at.name)) return true
    at = at.cause
  }
  return false
}
