/**
 * What the caller does next depends only on `kind`:
 * - `expired`: the result host refused the URL for good (HTTP 403/404/410, OSS-style expired links) or the
 *   retry deadline passed: mark the result `expired` and tell the user;
 * - `rejected`: the bytes or the URL are not acceptable (wrong type, too large, policy): never retried;
 * - `transient`: network, 5xx, 408/429, timeouts: retry until the URL's expiry (the task engine schedules the tries).
 */
export type MediaErrorKind = 'expired' | 'rejected' | 'transient'

export type MediaErrorReason =
  /** An HTTP status from the result host (see `status`). */
  | 'http_status'
  /** Scheme, address or credentials refused by the URL policy (P30). */
  | 'policy'
  /** More than 5 redirects, or a redirect without a usable Location. */
  | 'redirects'
  /** Over the size cap (P31), by Content-Length or by the streamed bytes. */
  | 'too_large'
  /** The bytes are not PNG, JPEG, WebP or MP4 (P32), or not the family the caller expected. */
  | 'bad_type'
  /** Sniffed as an image, but the decoder could not read it (truncated or corrupt). */
  | 'undecodable'
  /** Not valid base64. */
  | 'bad_encoding'
  /** Not the bytes their name promised (`StoreOptions.sha256`: a team object named by its hash). */
  | 'wrong_content'
  | 'network'
  | 'timeout'

export interface MediaErrorInit {
  kind: MediaErrorKind
  reason: MediaErrorReason
  message: string
  status?: number | undefined
  /** The host's own wait (`retry-after-ms` / `Retry-After`, 0–60 s) on a 429/503, in ms. */
  retryAfterMs?: number | undefined
  /** Body bytes taken in before the download stopped. */
  bytesReceived?: number | undefined
  cause?: unknown
}

/**
 * The one error the library throws for media it will not or cannot keep. Messages name the host and path
 * only, never the query string (signed URLs carry signatures there) and never a header.
 */
export class MediaError extends Error {
  override readonly name = 'MediaError'
  readonly kind: MediaErrorKind
  readonly reason: MediaErrorReason
  readonly status: number | undefined
  readonly retryAfterMs: number | undefined
  readonly bytesReceived: number | undefined

  constructor(init: MediaErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.kind = init.kind
    this.reason = init.reason
    this.status = init.status
    this.retryAfterMs = init.retryAfterMs
    this.bytesReceived = init.bytesReceived
  }
}

export const rejected = (reason: MediaErrorReason, message: string, extra: Partial<MediaErrorInit> = {}) =>
  new MediaError({ ...extra, kind: 'rejected', reason, message })

export function isMediaError(error: unknown, kind?: MediaErrorKind): error is MediaError {
  return error instanceof MediaError && (kind === undefined || error.kind === kind)
}

/** `https://host/path` of a URL, for messages: the query may hold a signature. */
export function describeUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`
}
