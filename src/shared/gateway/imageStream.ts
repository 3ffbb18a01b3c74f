import type { z } from 'zod'
import { GATEWAY_LIMITS, readJson } from '../json'
import type { ImageItem } from './endpoints/imageResults'

/** One message of a server-sent event stream, as the backend's SSE reader hands it over. */
export interface SseEvent {
  event?: string | undefined
  data: string
}

/**
 * What a streamed image group says as it arrives, whatever the endpoint (the task engine stores each image
 * the moment it comes): an image ready, an image that failed while the rest go on, the end of the group
 * (with the authoritative list of results when the gateway gives one), and the end of the stream.
 */
export type ImageStreamEvent =
  | {
      type: 'partial_succeeded'
      imageIndex: number
      b64Json: string | undefined
      url: string | undefined
      size: string | undefined
      created: number | undefined
      /** The whole event as sent; its object is open, so unknown fields stay readable. */
      raw: Record<string, unknown>
    }
  | {
      type: 'partial_failed'
      imageIndex: number
      error: { code: string | undefined; message: string | undefined }
      raw: Record<string, unknown>
    }
  | {
      type: 'completed'
      data: z.output<typeof ImageItem>[] | undefined
      usage: Record<string, unknown> | undefined
      created: number | undefined
      raw: Record<string, unknown>
    }
  | { type: 'done' }

/**
 * Why a stream cannot go on, said by the endpoint's decoder as data; the backend turns it into the
 * gateway error it stands for (P21, P22): `incomplete` (the end marker never came), `invalid_json`,
 * `invalid_event` (JSON of a shape the endpoint does not promise), `reported` (the gateway's own error
 * inside the stream, its envelope in `value`).
 */
export class StreamProblem extends Error {
  constructor(
    readonly kind: 'incomplete' | 'invalid_json' | 'invalid_event' | 'reported',
    message: string,
    readonly value?: unknown
  ) {
    super(message)
    this.name = 'StreamProblem'
  }
}

/**
 * An endpoint's stream, read event by event: it turns SSE messages into events and knows what "done" means
 * for its endpoint. Throws `StreamProblem`.
 */
export interface ImageStreamDecoder {
  message(message: SseEvent): ImageStreamEvent[]
  /** True once the endpoint's end marker arrived; reading stops. */
  readonly finished: boolean
  /** At the end of the body: the closing events, or a problem when the end marker is missing. */
  end(): ImageStreamEvent[]
  /** The events equivalent to a plain JSON answer, for a gateway that ignored `stream: true`. */
  json(value: unknown): ImageStreamEvent[]
}

/** How an endpoint streams (its descriptor's `stream`). */
export interface StreamSpec<J> {
  /** Whether this job is sent as a stream. */
  when(job: J): boolean
  decoder(): ImageStreamDecoder
  /**
   * `late`: the headers come only with the first image, which may take minutes, so the wait for them is
   * the long first-byte limit rather than the request limit.
   */
  firstByte: 'late' | 'prompt'
}

/** One `data:` payload as JSON; a payload that is not JSON fails the stream, it is never skipped (P22). */
export function eventData(message: SseEvent): unknown {
  const reading = readJson(message.data, GATEWAY_LIMITS)
  if (!reading.ok)
    throw new StreamProblem(
      'invalid_json',
      'The gateway sent a streamed event that is not valid JSON.',
      message.data.slice(0, 500)
    )
  return reading.value
}

/** A `data.error` that is really there: some backends send `"error": null` on every chunk. */
export function hasError(value: unknown): boolean {
  const error = typeof value === 'object' && value !== null ? (value as { error?: unknown }).error : undefined
  return error !== undefined && error !== null && error !== false
}
