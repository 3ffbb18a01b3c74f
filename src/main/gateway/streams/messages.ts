import { reportedError } from '../errors'
import {
  ContentBlockDelta,
  ContentBlockStart,
  ContentBlockStop,
  MessageDelta,
  MessagesResult,
  MessageStart,
  type MessagesUsage
} from '../schemas/messages'
import type { SseMessage } from '../sse'
import { incomplete, invalidEvent, parseData, type StreamDecoder } from './run'

export type MessagesStreamEvent =
  | {
      type: 'message_start'
      id: string | undefined
      model: string | undefined
      usage: MessagesUsage | undefined
    }
  | { type: 'block_start'; index: number; blockType: string }
  | { type: 'text'; index: number; text: string }
  | { type: 'tool_use_start'; index: number; id: string | undefined; name: string | undefined }
  /** A fragment of the tool input JSON (`input_json_delta.partial_json`), to be concatenated. */
  | { type: 'tool_input_delta'; index: number; partialJson: string }
  | { type: 'thinking'; index: number; thinking: string }
  | { type: 'signature'; index: number; signature: string }
  | { type: 'block_stop'; index: number }
  /** Usage here is cumulative for the message so far. */
  | {
      type: 'message_delta'
      stopReason: string | undefined
      stopSequence: string | undefined
      usage: MessagesUsage | undefined
    }
  | { type: 'message_stop' }

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  value: unknown
): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw invalidEvent('messages event', value)
  return parsed.data
}

function blockStart(value: unknown): MessagesStreamEvent[] {
  const start = parse(ContentBlockStart, value)
  const block = start.content_block
  const events: MessagesStreamEvent[] = []
  if (block.type === 'tool_use') {
    events.push({ type: 'tool_use_start', index: start.index, id: block.id, name: block.name })
  } else {
    events.push({ type: 'block_start', index: start.index, blockType: block.type })
  }
  if (block.type === 'text' && block.text) events.push({ type: 'text', index: start.index, text: block.text })
  if (block.type === 'thinking' && block.thinking) {
    events.push({ type: 'thinking', index: start.index, thinking: block.thinking })
  }
  return events
}

function blockDelta(value: unknown): MessagesStreamEvent[] {
  const { index, delta } = parse(ContentBlockDelta, value)
  switch (delta.type) {
    case 'text_delta':
      return delta.text ? [{ type: 'text', index, text: delta.text }] : []
    case 'input_json_delta':
      return [{ type: 'tool_input_delta', index, partialJson: delta.partial_json ?? '' }]
    case 'thinking_delta':
      return delta.thinking ? [{ type: 'thinking', index, thinking: delta.thinking }] : []
    case 'signature_delta':
      return delta.signature ? [{ type: 'signature', index, signature: delta.signature }] : []
    default:
      return []
  }
}

/** Messages (Anthropic format): done means `message_stop`; `ping` is skipped; `error` fails the stream. */
export function createMessagesDecoder(): StreamDecoder<MessagesStreamEvent> {
  let finished = false
  return {
    get finished() {
      return finished
    },
    message(message: SseMessage) {
      // Not part of this format, but a gateway may append it; the end marker is message_stop.
      if (message.data.trim() === '[DONE]') return []
      const value = parseData(message)
      const type = (value as { type?: unknown } | null)?.type ?? message.event
      if (type === 'error' || message.event === 'error') {
        throw reportedError(value, 'The gateway reported an error in the middle of the answer.')
      }
      switch (type) {
        case 'ping':
          return []
        case 'message_start': {
          const { message: m } = parse(MessageStart, value)
          return [{ type: 'message_start', id: m.id, model: m.model, usage: m.usage ?? undefined }]
        }
        case 'content_block_start':
          return blockStart(value)
        case 'content_block_delta':
          return blockDelta(value)
        case 'content_block_stop':
          return [{ type: 'block_stop', index: parse(ContentBlockStop, value).index }]
        case 'message_delta': {
          const delta = parse(MessageDelta, value)
          return [
            {
              type: 'message_delta',
              stopReason: delta.delta?.stop_reason ?? undefined,
              stopSequence: delta.delta?.stop_sequence ?? undefined,
              usage: delta.usage ?? undefined
            }
          ]
        }
        case 'message_stop':
          finished = true
          return [{ type: 'message_stop' }]
        default:
          return []
      }
    },
    end() {
      throw incomplete('The answer stopped before the gateway said it was finished (message_stop missing).')
    },
    json(value) {
      const result = parse(MessagesResult, value)
      const events: MessagesStreamEvent[] = [
        { type: 'message_start', id: result.id, model: result.model, usage: undefined }
      ]
      result.content.forEach((block, index) => {
        const b = block as { type: string; text?: unknown; id?: unknown; name?: unknown; input?: unknown }
        if (b.type === 'text' && typeof b.text === 'string') {
          events.push(
            { type: 'block_start', index, blockType: 'text' },
            { type: 'text', index, text: b.text }
          )
        } else if (b.type === 'tool_use') {
          events.push(
            {
              type: 'tool_use_start',
              index,
              id: typeof b.id === 'string' ? b.id : undefined,
              name: typeof b.name === 'string' ? b.name : undefined
            },
            { type: 'tool_input_delta', index, partialJson: JSON.stringify(b.input ?? {}) }
          )
        } else {
          events.push({ type: 'block_start', index, blockType: b.type })
        }
        events.push({ type: 'block_stop', index })
      })
      events.push(
        {
          type: 'message_delta',
          stopReason: result.stop_reason ?? undefined,
          stopSequence: undefined,
          usage: result.usage ?? undefined
        },
        { type: 'message_stop' }
      )
      finished = true
      return events
    }
  }
}
