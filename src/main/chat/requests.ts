import type { ChatCompletionRequest, MessagesRequest, ResponsesRequest } from '../../shared/gateway/requests'
import {
  DEFAULT_MAX_TOKENS,
  type ChatSettings,
  type ToolCallView,
  type ToolDefinition
} from '../../shared/schemas/chat'
import { GATEWAY_LIMITS, parseJson } from '../../shared/json'

/** What a replayed tool call is answered with: every format insists that a call gets a result. */
export const TOOL_NOT_RUN = 'Gateway Studio does not run tools, so this call has no result.'

export interface TurnImage {
  mime: string
  base64: string
}

/** One earlier message as the request needs it; images already read from the library. */
export interface HistoryTurn {
  role: 'user' | 'assistant'
  text: string
  toolCalls: ToolCallView[]
  images: TurnImage[]
}

export interface RequestSetup {
  model: string
  systemPrompt: string
  settings: ChatSettings
}

const EMPTY_SCHEMA = { type: 'object', properties: {} }

const dataUri = (image: TurnImage): string => `data:${image.mime};base64,${image.base64}`

/** Tool input for the messages style must be an object; anything else (cut JSON) becomes `{}`. */
function argumentsObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = parseJson(text, GATEWAY_LIMITS)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/** Turns that carry something: a reply that was stopped before any text is left out. */
export function usable(turns: readonly HistoryTurn[]): HistoryTurn[] {
  return turns.filter(
    (turn) => turn.text.trim() !== '' || turn.images.length > 0 || turn.toolCalls.length > 0
  )
}

/** Temperature and the token limit, each only when the conversation sets it (else the model decides). */
function common(setup: RequestSetup, maxTokensField: string): Record<string, unknown> {
  const { temperature, maxTokens } = setup.settings
  return {
    ...(temperature !== null ? { temperature } : {}),
    ...(maxTokens !== null ? { [maxTokensField]: maxTokens } : {})
  }
}

export function chatRequest(setup: RequestSetup, turns: HistoryTurn[]): ChatCompletionRequest {
  const messages: ChatCompletionRequest['messages'] = []
  if (setup.systemPrompt.trim() !== '') messages.push({ role: 'system', content: setup.systemPrompt })
  for (const turn of turns) {
    if (turn.role === 'user') {
      const content =
        turn.images.length === 0
          ? turn.text
          : [
              ...(turn.text !== '' ? [{ type: 'text', text: turn.text }] : []),
              ...turn.images.map((image) => ({ type: 'image_url', image_url: { url: dataUri(image) } }))
            ]
      messages.push({ role: 'user', content })
      continue
    }
    const calls = turn.toolCalls
    // '' rather than null beside tool calls: the shared preflight wants content on every message.
    messages.push({
      role: 'assistant',
      content: turn.text,
      ...(calls.length > 0
        ? {
            tool_calls: calls.map((call) => ({
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: call.arguments || '{}' }
            }))
          }
        : {})
    })
    for (const call of calls) messages.push({ role: 'tool', tool_call_id: call.id, content: TOOL_NOT_RUN })
  }
  const tools = setup.settings.tools.map((tool: ToolDefinition) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      parameters: tool.parameters ?? EMPTY_SCHEMA
    }
  }))
  return {
    model: setup.model,
    messages,
    ...common(setup, 'max_tokens'),
    ...(tools.length > 0 ? { tools } : {})
  }
}

export function messagesRequest(setup: RequestSetup, turns: HistoryTurn[]): MessagesRequest {
  const messages: MessagesRequest['messages'] = []
  // A tool_use must be answered at the start of the next user turn.
  let unanswered: ToolCallView[] = []
  for (const turn of turns) {
    if (turn.role === 'user') {
      const results = unanswered.map((call) => ({
        type: 'tool_result',
        tool_use_id: call.id,
        content: TOOL_NOT_RUN,
        is_error: true
      }))
      unanswered = []
      const content =
        results.length === 0 && turn.images.length === 0
          ? turn.text
          : [
              ...results,
              ...turn.images.map((image) => ({
                type: 'image',
                source: { type: 'base64', media_type: image.mime, data: image.base64 }
              })),
              ...(turn.text !== '' ? [{ type: 'text', text: turn.text }] : [])
            ]
      messages.push({ role: 'user', content })
      continue
    }
    const calls = turn.toolCalls
    const content =
      calls.length === 0
        ? turn.text
        : [
            ...(turn.text !== '' ? [{ type: 'text', text: turn.text }] : []),
            ...calls.map((call) => ({
              type: 'tool_use',
              id: call.id,
              name: call.name,
              input: argumentsObject(call.arguments)
            }))
          ]
    messages.push({ role: 'assistant', content })
    unanswered = calls
  }
  const tools = setup.settings.tools.map((tool) => ({
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    input_schema: tool.parameters ?? EMPTY_SCHEMA
  }))
  const { temperature } = setup.settings
  return {
    model: setup.model,
    // Required by this style: the conversation's limit, or our default.
    max_tokens: setup.settings.maxTokens ?? DEFAULT_MAX_TOKENS,
    messages,
    ...(setup.systemPrompt.trim() !== '' ? { system: setup.systemPrompt } : {}),
    ...(temperature !== null ? { temperature } : {}),
    ...(tools.length > 0 ? { tools } : {})
  }
}

export function responsesRequest(setup: RequestSetup, turns: HistoryTurn[]): ResponsesRequest {
  const input: unknown[] = []
  for (const turn of turns) {
    if (turn.role === 'user') {
      const content =
        turn.images.length === 0
          ? turn.text
          : [
              ...(turn.text !== '' ? [{ type: 'input_text', text: turn.text }] : []),
              ...turn.images.map((image) => ({ type: 'input_image', image_url: dataUri(image) }))
            ]
      input.push({ role: 'user', content })
      continue
    }
    if (turn.text !== '') input.push({ role: 'assistant', content: turn.text })
    for (const call of turn.toolCalls) {
      input.push(
        { type: 'function_call', call_id: call.id, name: call.name, arguments: call.arguments || '{}' },
        { type: 'function_call_output', call_id: call.id, output: TOOL_NOT_RUN }
      )
    }
  }
  const tools = setup.settings.tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    parameters: tool.parameters ?? EMPTY_SCHEMA
  }))
  return {
    model: setup.model,
    input,
    ...(setup.systemPrompt.trim() !== '' ? { instructions: setup.systemPrompt } : {}),
    ...common(setup, 'max_output_tokens'),
    ...(tools.length > 0 ? { tools } : {})
  }
}
