import { reportedError } from '../errors'
import { ChatChunk, ChatCompletion, type ChatUsage } from '../schemas/chat'
import type { SseMessage } from '../sse'
import { hasError, incomplete, invalidEvent, parseData, type StreamDecoder } from './run'

export type ChatStreamEvent =
  | { type: 'start'; id: string | undefined; model: string | undefined }
  | { type: 'text'; choice: number; text: string }
  /** `reasoning_content`, which several OpenAI-compatible backends add for thinking models. */
  | { type: 'reasoning'; choice: number; text: string }
  | {
      type: 'tool_call_delta'
      choice: number
      /** Position of the tool call; fragments with the same index belong together. */
      index: number
      id: string | undefined
      name: string | undefined
      /** A fragment of the JSON arguments, to be concatenated. */
      arguments: string
    }
  | { type: 'finish'; choice: number; reason: string }
  | { type: 'usage'; usage: ChatUsage }
  | { type: 'done' }

/**
 * Chat completions. Done means `data: [DONE]`. Because some gateways end the body right after the usage
 * chunk, a stream that has a finish reason for every choice it started *and* a usage chunk also counts as
 * done at a clean end of the body: nothing of the answer can be missing then. Anything else is incomplete.
 */
export function createChatDecoder(): StreamDecoder<ChatStreamEvent> {
  let started = false
  let finished = false
  let sawUsage = false
  const open = new Set<number>()
  const closed = new Set<number>()

  const fromChunk = (value: unknown): ChatStreamEvent[] => {
    const parsed = ChatChunk.safeParse(value)
    if (!parsed.success) throw invalidEvent('chat chunk', value)
    const chunk = parsed.data
    const events: ChatStreamEvent[] = []
    if (!started) {
      started = true
      events.push({ type: 'start', id: chunk.id, model: chunk.model })
    }
    for (const choice of chunk.choices ?? []) {
      const i = choice.index
      open.add(i)
      const delta = choice.delta
      if (delta?.reasoning_content)
        events.push({ type: 'reasoning', choice: i, text: delta.reasoning_content })
      if (delta?.content) events.push({ type: 'text', choice: i, text: delta.content })
      for (const call of delta?.tool_calls ?? []) {
        events.push({
          type: 'tool_call_delta',
          choice: i,
          index: call.index,
          id: call.id ?? undefined,
          name: call.function?.name ?? undefined,
          arguments: call.function?.arguments ?? ''
        })
      }
      if (choice.finish_reason) {
        closed.add(i)
        events.push({ type: 'finish', choice: i, reason: choice.finish_reason })
      }
    }
    if (chunk.usage) {
      sawUsage = true
      events.push({ type: 'usage', usage: chunk.usage })
    }
    return events
  }

  return {
    get finished() {
      return finished
    },
    message(message: SseMessage) {
      if (message.data.trim() === '[DONE]') {
        finished = true
        return [{ type: 'done' }]
      }
      const value = parseData(message)
      if (message.event === 'error' || hasError(value)) {
        throw reportedError(value, 'The gateway reported an error in the middle of the answer.')
      }
      return fromChunk(value)
    },
    end() {
      const allClosed = open.size > 0 && [...open].every((i) => closed.has(i))
      if (allClosed && sawUsage) return [{ type: 'done' }]
      throw incomplete('The answer stopped before the gateway said it was finished ([DONE] missing).')
    },
    json(value) {
      const parsed = ChatCompletion.safeParse(value)
      if (!parsed.success) throw invalidEvent('chat completion', value)
      const result = parsed.data
      const events: ChatStreamEvent[] = [{ type: 'start', id: result.id, model: result.model }]
      for (const choice of result.choices) {
        const message = choice.message
        if (message?.content) events.push({ type: 'text', choice: choice.index, text: message.content })
        ;(message?.tool_calls ?? []).forEach((call, index) =>
          events.push({
            type: 'tool_call_delta',
            choice: choice.index,
            index,
            id: call.id,
            name: call.function?.name,
            arguments: call.function?.arguments ?? ''
          })
        )
        if (choice.finish_reason)
          events.push({ type: 'finish', choice: choice.index, reason: choice.finish_reason })
      }
      if (result.usage) events.push({ type: 'usage', usage: result.usage })
      events.push({ type: 'done' })
      finished = true
      return events
    }
  }
}
