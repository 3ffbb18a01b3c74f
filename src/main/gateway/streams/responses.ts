import { reportedError } from '../errors'
import { ResponsesResult, ResponsesStreamEvent, type ResponsesResult as Result } from '../schemas/responses'
import type { SseMessage } from '../sse'
import { incomplete, invalidEvent, parseData, type StreamDecoder } from './run'

export type ResponsesStreamEvent =
  | { type: 'created'; id: string | undefined; model: string | undefined }
  | { type: 'output_item_added'; outputIndex: number; item: Record<string, unknown> }
  | { type: 'output_item_done'; outputIndex: number; item: Record<string, unknown> }
  | { type: 'text'; itemId: string | undefined; outputIndex: number; contentIndex: number; text: string }
  | { type: 'reasoning'; itemId: string | undefined; outputIndex: number; text: string }
  | { type: 'function_call_arguments_delta'; itemId: string | undefined; outputIndex: number; delta: string }
  | {
      type: 'function_call_arguments_done'
      itemId: string | undefined
      outputIndex: number
      arguments: string
    }
  | { type: 'completed'; response: Result }
  /** The gateway ended the answer early on purpose (e.g. `max_output_tokens`); the transport is complete. */
  | { type: 'incomplete'; response: Result; reason: string | undefined }

/**
 * Responses: done means `response.completed`, or `response.incomplete` (a deliberate, reported stop such
 * as the token limit, which the UI shows with its reason). `response.failed` and `error` fail the stream.
 */
export function createResponsesDecoder(): StreamDecoder<ResponsesStreamEvent> {
  let finished = false
  const final = (value: unknown): Result => {
    const parsed = ResponsesResult.safeParse(value)
    if (!parsed.success) throw invalidEvent('final response', value)
    return parsed.data
  }
  return {
    get finished() {
      return finished
    },
    message(message: SseMessage) {
      // Not part of this format; tolerated because some gateways append it.
      if (message.data.trim() === '[DONE]') return []
      const value = parseData(message)
      if (message.event === 'error' || (value as { type?: unknown } | null)?.type === 'error') {
        throw reportedError({ error: value }, 'The gateway reported an error in the middle of the answer.')
      }
      const parsed = ResponsesStreamEvent.safeParse(value)
      if (!parsed.success) throw invalidEvent('responses event', value)
      const e = parsed.data
      const outputIndex = e.output_index ?? 0
      switch (e.type) {
        case 'response.created':
          return [{ type: 'created', id: e.response?.id, model: e.response?.model }]
        case 'response.output_item.added':
          return e.item ? [{ type: 'output_item_added', outputIndex, item: e.item }] : []
        case 'response.output_item.done':
          return e.item ? [{ type: 'output_item_done', outputIndex, item: e.item }] : []
        case 'response.output_text.delta':
          return e.delta
            ? [
                {
                  type: 'text',
                  itemId: e.item_id,
                  outputIndex,
                  contentIndex: e.content_index ?? 0,
                  text: e.delta
                }
              ]
            : []
        case 'response.reasoning_summary_text.delta':
        case 'response.reasoning_text.delta':
          return e.delta ? [{ type: 'reasoning', itemId: e.item_id, outputIndex, text: e.delta }] : []
        case 'response.function_call_arguments.delta':
          return [
            { type: 'function_call_arguments_delta', itemId: e.item_id, outputIndex, delta: e.delta ?? '' }
          ]
        case 'response.function_call_arguments.done':
          return [
            {
              type: 'function_call_arguments_done',
              itemId: e.item_id,
              outputIndex,
              arguments: e.arguments ?? ''
            }
          ]
        case 'response.completed':
          finished = true
          return [{ type: 'completed', response: final(e.response) }]
        case 'response.incomplete': {
          finished = true
          const response = final(e.response)
          return [{ type: 'incomplete', response, reason: response.incomplete_details?.reason }]
        }
        case 'response.failed':
          throw reportedError(
            { error: e.response?.error ?? { message: 'The response failed.' } },
            'The gateway reported that the response failed.'
          )
        default:
          return []
      }
    },
    end() {
      throw incomplete(
        'The answer stopped before the gateway said it was finished (response.completed missing).'
      )
    },
    json(value) {
      const response = final(value)
      if (response.status === 'failed') {
        throw reportedError({ error: response.error ?? {} }, 'The gateway reported that the response failed.')
      }
      finished = true
      const events: ResponsesStreamEvent[] = [{ type: 'created', id: response.id, model: response.model }]
      response.output.forEach((item, outputIndex) => {
        const content = (item as { content?: unknown }).content
        if (Array.isArray(content)) {
          content.forEach((part: unknown, contentIndex) => {
            const p = part as { type?: unknown; text?: unknown }
            if (p.type === 'output_text' && typeof p.text === 'string') {
              const itemId = typeof item['id'] === 'string' ? item['id'] : undefined
              events.push({ type: 'text', itemId, outputIndex, contentIndex, text: p.text })
            }
          })
        }
        events.push({ type: 'output_item_done', outputIndex, item })
      })
      events.push(
        response.status === 'incomplete'
          ? { type: 'incomplete', response, reason: response.incomplete_details?.reason }
          : { type: 'completed', response }
      )
      return events
    }
  }
}
