import type { IncomingHttpHeaders } from 'node:http'
import { request, type Dispatcher, type FormData } from 'undici'
import type { z } from 'zod'
import type { GatewayOutcome } from '../../shared/gateway/errors'
import type { RequestTimeouts } from './agent'
import type { GatewayContext } from './context'
import type { RetryHints } from '../time/backoff'
import { GatewayError, httpError, redactSecret, transportError } from './errors'
import { withRetries, type RequestClass } from './retry'
import { GATEWAY_LIMITS, parseJson } from '../../shared/json'

/** Error bodies are short; a larger one is cut (ours). */
const ERROR_BODY_CAP = 1024 * 1024
/** A JSON answer may hold several Base64 images; V8 strings top out near 512 MiB (ours). */
const JSON_BODY_CAP = 256 * 1024 * 1024

export interface RequestSpec {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  cls: RequestClass
  timeouts: RequestTimeouts
  signal: AbortSignal
  accept: 'application/json' | 'text/event-stream'
  idempotencyKey?: string | undefined
  json?: unknown
  form?: FormData | undefined
  headers?: Record<string, string> | undefined
  /** A 429 not about money is thrown at once for the caller's queue to handle (`PostOptions.rateLimits`). */
  leaveRateLimits?: boolean | undefined
}

export interface OpenResponse {
  status: number
  headers: IncomingHttpHeaders
  contentType: string
  body: Dispatcher.ResponseData['body']
  requestId: string | undefined
  /** Scrubs the key from text the gateway sent back (it may echo it in an error message). */
  redact: (text: string) => string
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

export function requestIdOf(headers: IncomingHttpHeaders): string | undefined {
  return header(headers, 'x-request-id') ?? header(headers, 'request-id')
}

function hintsOf(headers: IncomingHttpHeaders): RetryHints {
  return {
    retryAfterMs: header(headers, 'retry-after-ms'),
    retryAfter: header(headers, 'retry-after'),
    shouldRetry: header(headers, 'x-should-retry')
  }
}

/** Reads a body as UTF-8 text, refusing more than `cap` bytes. */
export async function readText(body: AsyncIterable<Uint8Array>, cap: number): Promise<string> {
  const decoder = new TextDecoder()
  const parts: string[] = []
  let total = 0
  for await (const chunk of body) {
    total += chunk.byteLength
    if (total > cap) {
      throw new GatewayError({
        reason: 'invalid_response',
        code: 'response_too_large',
        message: `The gateway's answer is larger than ${Math.round(cap / 1024 / 1024)} MiB.`
      })
    }
    parts.push(decoder.decode(chunk, { stream: true }))
  }
  parts.push(decoder.decode())
  return parts.join('')
}

function outcomeAfterSend(cls: RequestClass): GatewayOutcome | undefined {
  return cls === 'billed' ? 'unknown' : undefined
}

/** One try: sends the request and returns the open 2xx response, or throws the mapped error. */
export async function sendOnce(ctx: GatewayContext, spec: RequestSpec): Promise<OpenResponse> {
  if (spec.signal.aborted) {
    throw new GatewayError({
      reason: 'cancelled',
      code: 'cancelled',
      message: 'Cancelled by the user.',
      outcome: 'failed'
    })
  }
  const authorization = await ctx.authorization()
  const secret = authorization?.replace(/^Bearer\s+/i, '') || undefined
  const redact = (text: string): string => redactSecret(text, secret)
  const headers: Record<string, string> = { accept: spec.accept, ...spec.headers }
  if (authorization) headers['authorization'] = authorization
  if (spec.idempotencyKey) headers['idempotency-key'] = spec.idempotencyKey
  let body: string | FormData | undefined
  if (spec.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(spec.json)
  } else if (spec.form) {
    body = spec.form
  }

  let response: Dispatcher.ResponseData
  try {
    response = await request(`${ctx.baseUrl}${spec.path}`, {
      dispatcher: ctx.dispatcher,
      method: spec.method,
      headers,
      body,
      signal: spec.signal,
      headersTimeout: spec.timeouts.headersMs,
      bodyTimeout: spec.timeouts.bodyMs
    })
  } catch (err) {
    const error = transportError(err, spec.signal, { afterHeaders: false })
    throw error.with({ outcome: spec.cls === 'billed' ? (error.notSent ? 'failed' : 'unknown') : undefined })
  }

  const requestId = requestIdOf(response.headers)
  const contentType = header(response.headers, 'content-type') ?? ''
  if (response.statusCode >= 200 && response.statusCode < 300) {
    return {
      status: response.statusCode,
      headers: response.headers,
      contentType,
      body: response.body,
      requestId,
      redact
    }
  }
  let bodyText = ''
  try {
    bodyText = await readText(response.body, ERROR_BODY_CAP)
  } catch (err) {
    response.body.destroy()
    if (spec.signal.aborted) throw transportError(err, spec.signal, { afterHeaders: true, requestId })
  }
  throw httpError({
    status: response.statusCode,
    statusText: response.statusText,
    bodyText: redact(bodyText),
    requestId,
    hints: hintsOf(response.headers),
    billed: spec.cls === 'billed'
  })
}

export interface JsonResult<T> {
  data: T
  requestId: string | undefined
  /** A 2xx may also ask for a wait (a task poll answered "come back in 5 s"). */
  hints?: RetryHints | undefined
}

/**
 * Sends, reads and validates a JSON answer, retrying as the policy allows. For billed requests a broken
 * or unreadable 2xx body is `outcome: unknown` (the work was done), and is never retried.
 */
export async function requestJson<S extends z.ZodType>(
  ctx: GatewayContext,
  spec: RequestSpec,
  schema: S
): Promise<JsonResult<z.output<S>>> {
  return withRetries(
    spec.cls,
    ctx.clock,
    spec.signal,
    async () => {
      const res = await sendOnce(ctx, spec)
      let text: string
      try {
        text = await readText(res.body, JSON_BODY_CAP)
      } catch (err) {
        res.body.destroy()
        const error = transportError(err, spec.signal, { afterHeaders: true, requestId: res.requestId })
        throw error.with({ outcome: outcomeAfterSend(spec.cls) })
      }
      let json: unknown
      try {
        // An empty body (e.g. 204 to a cancel) reads as null and the schema decides whether that is fine.
        json = text.trim() === '' ? null : parseJson(text, GATEWAY_LIMITS)
      } catch {
        throw invalidResponse(
          spec,
          res,
          'The gateway answered with something that is not JSON.',
          res.redact(text)
        )
      }
      const parsed = schema.safeParse(json)
      if (!parsed.success) {
        const where = parsed.error.issues[0]?.path.join('.') || 'the answer'
        throw invalidResponse(
          spec,
          res,
          `The gateway's answer has an unexpected shape at ${where}.`,
          res.redact(text)
        )
      }
      return { data: parsed.data, requestId: res.requestId, hints: hintsOf(res.headers) }
    },
    ctx.onRetry && ((event) => ctx.onRetry?.({ ...event, method: spec.method, path: spec.path })),
    spec.leaveRateLimits
  )
}

function invalidResponse(spec: RequestSpec, res: OpenResponse, message: string, raw: string): GatewayError {
  return new GatewayError({
    reason: 'invalid_response',
    code: 'invalid_response',
    status: res.status,
    message,
    requestId: res.requestId,
    outcome: outcomeAfterSend(spec.cls),
    raw: raw.slice(0, 4000)
  })
}

/** Opens a response whose body the caller consumes (streams); retries only before it opens. */
export async function openResponse(ctx: GatewayContext, spec: RequestSpec): Promise<OpenResponse> {
  return withRetries(
    spec.cls,
    ctx.clock,
    spec.signal,
    () => sendOnce(ctx, spec),
    ctx.onRetry && ((event) => ctx.onRetry?.({ ...event, method: spec.method, path: spec.path })),
    spec.leaveRateLimits
  )
}
