import { GatewayError, transportError } from '../errors'
import { readText, type OpenResponse } from '../http'
import { readSse, type SseMessage } from '../sse'
import { GATEWAY_LIMITS, parseJson } from '../../../shared/json'

/**
 * One decoder per streamed endpoint: it turns SSE messages into typed events and knows what "done" means
 * for its endpoint (P21). The runner below is shared.
 */
export interface StreamDecoder<E> {
  /** Events for one SSE message; throws a GatewayError for an in-stream error (P22) or bad JSON. */
  message(message: SseMessage): E[]
  /** True once the endpoint's end marker arrived; the runner stops reading. */
  readonly finished: boolean
  /** At the end of the body: the closing events, or a `stream_incomplete` error when the end marker is missing. */
  end(): E[]
  /** The events equivalent to a plain JSON answer, for a gateway that ignored `stream: true`. */
  json(value: unknown): E[]
}

const STREAM_JSON_CAP = 256 * 1024 * 1024

export function incomplete(message: string, code = 'stream_incomplete'): GatewayError {
  return new GatewayError({ reason: 'stream_incomplete', code, message, outcome: 'unknown' })
}

/** Parses one `data:` payload; a payload that is not JSON fails the stream (P22), it is never skipped. */
export function parseData(message: SseMessage): unknown {
  try {
    return parseJson(message.data, GATEWAY_LIMITS)
  } catch {
    throw new GatewayError({
      reason: 'stream_error',
      code: 'invalid_json',
      message: 'The gateway sent a streamed event that is not valid JSON.',
      outcome: 'unknown',
      raw: message.data.slice(0, 500)
    })
  }
}

/** A `data.error` that is really there: some backends send `"error": null` on every chunk. */
export function hasError(value: unknown): boolean {
  const error = typeof value === 'object' && value !== null ? (value as { error?: unknown }).error : undefined
  return error !== undefined && error !== null && error !== false
}

/** An event whose JSON parses but whose shape breaks what the endpoint promises; treated like bad JSON. */
export function invalidEvent(what: string, raw?: unknown): GatewayError {
  return new GatewayError({
    reason: 'stream_error',
    code: 'invalid_event',
    message: `The gateway sent a ${what} of an unexpected shape.`,
    outcome: 'unknown',
    raw: raw === undefined ? undefined : JSON.stringify(raw)?.slice(0, 500)
  })
}

/**
 * Yields the decoder's events as the body arrives. A cut body, an idle timeout or a missing end marker
 * ends in `stream_incomplete` after everything that did arrive has been yielded; the body is always
 * released, also when the consumer stops early.
 */
export async function* runStream<E>(
  res: OpenResponse,
  decoder: StreamDecoder<E>,
  options: { signal: AbortSignal; maxEventBytes: number }
): AsyncGenerator<E, void, undefined> {
  const tag = (err: GatewayError): GatewayError =>
    err.with({
      requestId: err.requestId ?? res.requestId,
      message: res.redact(err.message),
      raw: err.raw === undefined ? undefined : res.redact(err.raw)
    })
  try {
    if (/^text\/event-stream/i.test(res.contentType)) {
      let messages: AsyncGenerator<SseMessage>
      try {
        messages = readSse(res.body, { maxEventBytes: options.maxEventBytes })
        for await (const message of messages) {
          yield* decoder.message(message)
          if (decoder.finished) return
        }
      } catch (err) {
        if (err instanceof GatewayError) throw err
        const cause = transportError(err, options.signal, { afterHeaders: true, requestId: res.requestId })
        if (cause.reason === 'cancelled') throw cause.with({ outcome: 'unknown' })
        throw incomplete(`The stream broke off: ${cause.message}`, cause.code ?? 'stream_incomplete')
      }
      yield* decoder.end()
    } else if (/json/i.test(res.contentType)) {
      let text: string
      try {
        text = await readText(res.body, STREAM_JSON_CAP)
      } catch (err) {
        if (err instanceof GatewayError) throw err
        const cause = transportError(err, options.signal, { afterHeaders: true, requestId: res.requestId })
        if (cause.reason === 'cancelled') throw cause.with({ outcome: 'unknown' })
        throw incomplete(`The answer broke off: ${cause.message}`, cause.code ?? 'stream_incomplete')
      }
      let value: unknown
      try {
        value = parseJson(text, GATEWAY_LIMITS)
      } catch {
        throw new GatewayError({
          reason: 'invalid_response',
          code: 'invalid_response',
          status: res.status,
          message: 'The gateway answered a stream request with JSON that could not be read.',
          outcome: 'unknown',
          raw: res.redact(text.slice(0, 4000))
        })
      }
      yield* decoder.json(value)
    } else {
      throw new GatewayError({
        reason: 'invalid_response',
        code: 'invalid_response',
        status: res.status,
        message: `The gateway answered a stream request with "${res.contentType || 'no content type'}".`,
        outcome: 'unknown'
      })
    }
  } catch (err) {
    throw err instanceof GatewayError ? tag(err) : err
  } finally {
    if (!res.body.destroyed) res.body.destroy()
  }
}
