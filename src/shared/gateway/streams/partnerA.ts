import { z } from 'zod'
import { ImageItem, ImageResultSet, withCreated } from '../endpoints/imageResults'
import {
  eventData,
  hasError,
  StreamProblem,
  type ImageStreamDecoder,
  type ImageStreamEvent,
  type SseEvent
} from '../imageStream'

/** partner-a stream events (docs/GATEWAY.md §4.1); their objects are open. */
const PartnerAEvent = z
  .looseObject({
    type: z.string(),
    image_index: z.number().optional(),
    b64_json: z.string().optional(),
    url: z.string().optional(),
    size: z.string().optional(),
    model: z.string().optional(),
    created: z.number().optional(),
    created_at: z.number().optional(),
    error: z.looseObject({ code: z.string().optional(), message: z.string().optional() }).optional(),
    data: z.array(ImageItem).optional(),
    usage: z.looseObject({}).nullish()
  })
  .transform(withCreated)

const SUCCEEDED = 'image_generation.partial_succeeded'
const FAILED = 'image_generation.partial_failed'
const COMPLETED = 'image_generation.completed'

const invalid = (what: string, value: unknown): StreamProblem =>
  new StreamProblem('invalid_event', `The gateway sent a ${what} of an unexpected shape.`, value)

/**
 * partner-a (P21): success needs `image_generation.completed` followed by `data: [DONE]`; a stream that
 * ends otherwise is incomplete even when every image seems to have arrived.
 */
export function createPartnerADecoder(): ImageStreamDecoder {
  let finished = false
  let completed = false
  let nextIndex = 0
  return {
    get finished() {
      return finished
    },
    message(message: SseEvent) {
      if (message.data.trim() === '[DONE]') {
        if (!completed) {
          throw new StreamProblem(
            'incomplete',
            'The gateway ended the stream without reporting the generation as completed.'
          )
        }
        finished = true
        return [{ type: 'done' }]
      }
      const value = eventData(message)
      const parsed = PartnerAEvent.safeParse(value)
      const type = parsed.success ? parsed.data.type : message.event
      if (message.event === 'error' || type === 'error' || (type !== FAILED && hasError(value))) {
        throw new StreamProblem(
          'reported',
          'The gateway reported an error in the middle of the generation.',
          value
        )
      }
      if (!parsed.success) throw invalid('partner-a event', value)
      const e = parsed.data
      const raw = value as Record<string, unknown>
      switch (e.type) {
        case SUCCEEDED: {
          const imageIndex = e.image_index ?? nextIndex
          nextIndex = imageIndex + 1
          if (!e.b64_json && !e.url) throw invalid('partner-a image event (no image in it)', value)
          return [
            {
              type: 'partial_succeeded',
              imageIndex,
              b64Json: e.b64_json,
              url: e.url,
              size: e.size,
              created: e.created,
              raw
            }
          ]
        }
        case FAILED: {
          const imageIndex = e.image_index ?? nextIndex
          nextIndex = imageIndex + 1
          return [
            {
              type: 'partial_failed',
              imageIndex,
              error: { code: e.error?.code, message: e.error?.message },
              raw
            }
          ]
        }
        case COMPLETED:
          completed = true
          return [{ type: 'completed', data: e.data, usage: e.usage ?? undefined, created: e.created, raw }]
        default:
          return []
      }
    },
    end() {
      throw new StreamProblem(
        'incomplete',
        completed
          ? 'The stream ended after the completed event but before [DONE].'
          : 'The stream ended before the generation was reported as completed.'
      )
    },
    json(value) {
      const parsed = ImageResultSet.safeParse(value)
      if (!parsed.success) throw invalid('partner-a result', value)
      const result = parsed.data
      const events: ImageStreamEvent[] = []
      result.data.forEach((item, imageIndex) => {
        if (item.error) {
          const error = { code: item.error.code, message: item.error.message }
          events.push({ type: 'partial_failed', imageIndex, error, raw: item })
        } else if (item.b64_json || item.url) {
          events.push({
            type: 'partial_succeeded',
            imageIndex,
            b64Json: item.b64_json,
            url: item.url,
            size: item.size,
            created: result.created,
            raw: item
          })
        }
      })
      events.push(
        {
          type: 'completed',
          data: result.data,
          usage: result.usage ?? undefined,
          created: result.created,
          raw: result
        },
        { type: 'done' }
      )
      finished = true
      completed = true
      return events
    }
  }
}
