import {
  toErrorView,
  type GatewayErrorInfo,
  type GatewayErrorView,
  type GatewayFailureReason,
  type GatewayOutcome,
  isQuotaError
} from '../../shared/gateway/errors'
import type { PreflightIssue } from '../../shared/gateway/preflight'
import { MODEL_ENDPOINT_MISMATCH } from '../../shared/gateway/spec'
import type { RetryHints } from '../time/backoff'
import { readEnvelope } from '../../shared/gateway/envelope'
import { GATEWAY_LIMITS, parseJson } from '../../shared/json'

export type { RetryHints } from '../time/backoff'

export interface GatewayErrorInit extends GatewayErrorInfo {
  requestId?: string | undefined
  hints?: RetryHints | undefined
  /** True only when the request provably never left this machine (DNS, refused, TLS handshake). */
  notSent?: boolean | undefined
  /** A failure that repeats on every try (e.g. a bad certificate), so retrying is pointless. */
  permanent?: boolean | undefined
}

/** Statuses and failures that usually pass if tried again (P13). */
function isTransient(init: GatewayErrorInit): boolean {
  if (init.permanent) return false
  if (init.code === MODEL_ENDPOINT_MISMATCH) return false
  switch (init.reason) {
    case 'network':
    case 'timeout':
      return true
    case 'http': {
      const s = init.status ?? 0
      if (s === 429) return !isQuotaError(init)
      return s === 408 || s === 409 || s >= 500
    }
    default:
      return false
  }
}

/**
 * The one error the gateway client throws. It never carries the API key: messages from the gateway are
 * passed through `redactSecret` before they get here, and no header is ever copied into it.
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError'
  readonly reason: GatewayFailureReason
  readonly status: number | undefined
  readonly type: string | undefined
  readonly code: string | undefined
  /** Whether this kind of failure usually passes when tried again (P13 table), whatever the method. */
  readonly retryable: boolean
  readonly requestId: string | undefined
  /** For POSTs: did the gateway certainly not run it (`failed`), or may it have (`unknown`)? */
  readonly outcome: GatewayOutcome | undefined
  readonly supportedEndpoints: string[] | undefined
  readonly issues: PreflightIssue[] | undefined
  readonly raw: string | undefined
  readonly hints: RetryHints | undefined
  readonly notSent: boolean
  private readonly init: GatewayErrorInit

  constructor(init: GatewayErrorInit) {
    super(init.message)
    this.init = init
    this.reason = init.reason
    this.status = init.status
    this.type = init.type
    this.code = init.code
    this.retryable = isTransient(init)
    this.requestId = init.requestId
    this.outcome = init.outcome
    this.supportedEndpoints = init.supportedEndpoints
    this.issues = init.issues
    this.raw = init.raw
    this.hints = init.hints
    this.notSent = init.notSent ?? false
  }

  toInfo(): GatewayErrorInfo {
    return {
      reason: this.reason,
      status: this.status,
      type: this.type,
      code: this.code,
      message: this.message,
      outcome: this.outcome,
      supportedEndpoints: this.supportedEndpoints,
      issues: this.issues,
      raw: this.raw
    }
  }

  toView(): GatewayErrorView {
    return toErrorView(this.toInfo())
  }

  /** A copy with some facts added (the outcome once known, the request id, the supported endpoints). */
  with(patch: Partial<GatewayErrorInit>): GatewayError {
    return new GatewayError({ ...this.init, ...patch })
  }
}

export function isGatewayError(value: unknown): value is GatewayError {
  return value instanceof GatewayError
}

/** Removes every occurrence of the secret from text that came from outside (server messages, bodies). */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return text
  return text.split(secret).join('[redacted]')
}

const RAW_LIMIT = 4000

/**
 * What a non-2xx answer to a billed POST says about the work (P17). The spec names 400, 401, 402, 403 and
 * 503 ("the model and endpoint combination is currently unavailable") as the gateway's refusals, so with its
 * envelope they are a definite no. Other 5xx, or any 5xx without the envelope (a proxy's page in front of
 * the gateway), may come after the work started: unknown. Any other 4xx is a refusal, envelope or not.
 */
export function billedOutcome(status: number, enveloped: boolean): GatewayOutcome {
  if (status === 503 && enveloped) return 'failed'
  // 409: the same request (same Idempotency-Key) is still being processed, and that one may bill.
  if (status === 409) return 'unknown'
  return status >= 500 ? 'unknown' : 'failed'
}

/** Builds the error for a non-2xx answer from its status, headers and (already redacted) body text. */
export function httpError(input: {
  status: number
  statusText?: string | undefined
  bodyText: string
  requestId?: string | undefined
  hints?: RetryHints | undefined
  /** Billed POSTs get an outcome from the status and whether the gateway's envelope came with it. */
  billed: boolean
}): GatewayError {
  let json: unknown
  try {
    json = parseJson(input.bodyText, GATEWAY_LIMITS)
  } catch {
    json = undefined
  }
  const env = readEnvelope(json)
  const fallback = input.bodyText.trim().slice(0, 300) || input.statusText || `HTTP ${input.status}`
  return new GatewayError({
    reason: 'http',
    status: input.status,
    type: env?.type,
    code: env?.code,
    message: env?.message ?? fallback,
    requestId: input.requestId ?? env?.requestId,
    hints: input.hints,
    outcome: input.billed
      ? billedOutcome(input.status, env?.code !== undefined || env?.type !== undefined)
      : undefined,
    raw: input.bodyText.slice(0, RAW_LIMIT) || undefined
  })
}

/** An error reported inside a 2xx stream or task (`event: error`, `data.error`, `response.failed`). */
export function reportedError(value: unknown, fallback: string, requestId?: string): GatewayError {
  const env = readEnvelope(value)
  return new GatewayError({
    reason: 'stream_error',
    type: env?.type,
    code: env?.code,
    message: env?.message ?? fallback,
    requestId: requestId ?? env?.requestId,
    outcome: 'unknown',
    raw: JSON.stringify(value)?.slice(0, RAW_LIMIT)
  })
}

export function preflightError(issues: PreflightIssue[]): GatewayError {
  const mismatch = issues.find((issue) => issue.code === MODEL_ENDPOINT_MISMATCH)
  return new GatewayError({
    reason: 'preflight',
    type: 'invalid_request_error',
    code: mismatch ? MODEL_ENDPOINT_MISMATCH : 'invalid_request',
    message: issues.map((issue) => issue.message).join(' '),
    outcome: 'failed',
    issues,
    supportedEndpoints: mismatch?.supportedEndpoints
  })
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
const CERT_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID'
])

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Turns what undici (or the body reader) threw into a GatewayError. Only connect-phase failures (before
 * any response header) prove the request never reached the gateway; anything later may have been run.
 */
export function transportError(
  err: unknown,
  signal: AbortSignal,
  context: { afterHeaders: boolean; requestId?: string | undefined }
): GatewayError {
  if (err instanceof GatewayError) return err
  const { afterHeaders, requestId } = context
  const code = errorCode(err)
  const text = err instanceof Error ? err.message : String(err)
  if (signal.aborted) {
    return new GatewayError({
      reason: 'cancelled',
      code: 'cancelled',
      message: 'Cancelled by the user.',
      requestId
    })
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    const message = `The gateway did not answer in time (${text}).`
    return new GatewayError({ reason: 'timeout', code, message, requestId })
  }
  if (!afterHeaders) {
    if (code === 'UND_ERR_CONNECT_TIMEOUT') {
      return new GatewayError({
        reason: 'timeout',
        code,
        message: `Could not connect in time (${text}).`,
        notSent: true
      })
    }
    if (
      code !== undefined &&
      (CERT_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'))
    ) {
      return new GatewayError({
        reason: 'network',
        code,
        message: `The secure connection failed (${text}).`,
        notSent: true,
        permanent: CERT_CODES.has(code)
      })
    }
    if (code !== undefined && NOT_SENT_CODES.has(code)) {
      return new GatewayError({
        reason: 'network',
        code,
        message: `Could not connect (${text}).`,
        notSent: true
      })
    }
  }
  return new GatewayError({ reason: 'network', code, message: `The connection failed (${text}).`, requestId })
}
