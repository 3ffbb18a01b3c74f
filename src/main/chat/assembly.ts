import type { ToolCallView } from '../../shared/schemas/chat'
import type {
  ChatCompletion,
  ChatStreamEvent,
  MessagesResult,
  MessagesStreamEvent,
  ResponsesResult,
  ResponsesStreamEvent
} from '../gateway'
import { mergeUsage } from './usage'

interface ToolCallParts {
  /** Which block of the answer the call belongs to (chat index, messages block, responses output). */
  key: string
  id: string
  name: string
  arguments: string
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/**
 * One reply as it is put together from a gateway's typed stream events (or, for a model that would not
 * stream, from its whole answer): text, reasoning, tool calls whose JSON arrives in fragments, usage and
 * the finish reason. Only appends and replaces; what the runner stores and sends comes from here.
 */
export class ReplyAssembly {
  text = ''
  reasoning = ''
  usage: Record<string, unknown> | null = null
  finishReason: string | null = null
  /** The endpoint's end marker arrived ([DONE], message_stop, response.completed/incomplete). */
  done = false
  /** Bumped on every change to the tool calls, so a listener knows when to send the list again. */
  toolCallsVersion = 0
  private readonly calls: ToolCallParts[] = []
  private textBlock: string | null = null

  get toolCalls(): ToolCallView[] {
    return this.calls.map((call, index) => ({
      id: call.id || `call_${index}`,
      name: call.name,
      arguments: call.arguments
    }))
  }

  /** Text of a new block of the answer starts on a new paragraph. */
  private appendText(block: string, piece: string): void {
    if (piece === '') return
    if (this.textBlock !== null && this.textBlock !== block && this.text !== '') this.text += '\n\n'
    this.textBlock = block
    this.text += piece
  }

  private call(key: string): ToolCallParts {
    let call = this.calls.find((c) => c.key === key)
    if (!call) {
      call = { key, id: '', name: '', arguments: '' }
      this.calls.push(call)
    }
    this.toolCallsVersion++
    return call
  }

  applyChat(event: ChatStreamEvent): void {
    switch (event.type) {
      case 'text':
        if (event.choice === 0) this.appendText('chat', event.text)
        return
      case 'reasoning':
        if (event.choice === 0) this.reasoning += event.text
        return
      case 'tool_call_delta': {
        if (event.choice !== 0) return
        const call = this.call(`chat:${event.index}`)
        if (event.id) call.id = event.id
        if (event.name) call.name = event.name
        call.arguments += event.arguments
        return
      }
      case 'finish':
        if (event.choice === 0) this.finishReason = event.reason
        return
      case 'usage':
        this.usage = mergeUsage(this.usage, event.usage)
        return
      case 'done':
        this.done = true
        return
      default:
        return
    }
  }

  applyMessages(event: MessagesStreamEvent): void {
    switch (event.type) {
      case 'message_start':
        this.usage = mergeUsage(this.usage, event.usage)
        return
      case 'text':
        this.appendText(`messages:${event.index}`, event.text)
        return
      case 'thinking':
        this.reasoning += event.thinking
        return
      case 'tool_use_start': {
        const call = this.call(`messages:${event.index}`)
        if (event.id) call.id = event.id
        if (event.name) call.name = event.name
        return
      }
      case 'tool_input_delta':
        this.call(`messages:${event.index}`).arguments += event.partialJson
        return
      case 'message_delta':
        if (event.stopReason) this.finishReason = event.stopReason
        // Messages usage is cumulative: the delta's output_tokens replaces the start's.
        this.usage = mergeUsage(this.usage, event.usage)
        return
      case 'message_stop':
        this.done = true
        return
      default:
        return
    }
  }

  applyResponses(event: ResponsesStreamEvent): void {
    switch (event.type) {
      case 'text':
        this.appendText(`responses:${event.outputIndex}`, event.text)
        return
      case 'reasoning':
        this.reasoning += event.text
        return
      case 'output_item_added':
      case 'output_item_done':
        if (event.item['type'] === 'function_call') this.functionCall(event.outputIndex, event.item)
        return
      case 'function_call_arguments_delta':
        this.call(`responses:${event.outputIndex}`).arguments += event.delta
        return
      case 'function_call_arguments_done':
        // The whole arguments text: authoritative over the fragments.
        if (event.arguments !== '') this.call(`responses:${event.outputIndex}`).arguments = event.arguments
        return
      case 'completed':
        this.usage = mergeUsage(this.usage, event.response.usage)
        this.finishReason = 'completed'
        this.done = true
        return
      case 'incomplete':
        this.usage = mergeUsage(this.usage, event.response.usage)
        this.finishReason = event.reason ?? 'incomplete'
        this.done = true
        return
      default:
        return
    }
  }

  private functionCall(outputIndex: number, item: Record<string, unknown>): void {
    const call = this.call(`responses:${outputIndex}`)
    const id = str(item['call_id']) ?? str(item['id'])
    if (id) call.id = id
    const name = str(item['name'])
    if (name) call.name = name
    const args = str(item['arguments'])
    if (args) call.arguments = args
  }

  /** A whole chat completion (the model refused to stream). */
  applyChatCompletion(result: ChatCompletion): void {
    const choice = result.choices.find((c) => c.index === 0) ?? result.choices[0]
    const message = choice?.message
    const reasoning = str(message?.['reasoning_content'])
    if (reasoning) this.reasoning += reasoning
    if (message?.content) this.appendText('chat', message.content)
    ;(message?.tool_calls ?? []).forEach((toolCall, index) => {
      const call = this.call(`chat:${index}`)
      call.id = toolCall.id ?? ''
      call.name = toolCall.function?.name ?? ''
      call.arguments = toolCall.function?.arguments ?? ''
    })
    this.finishReason = choice?.finish_reason ?? null
    this.usage = mergeUsage(this.usage, result.usage)
    this.done = true
  }

  applyMessagesResult(result: MessagesResult): void {
    result.content.forEach((block, index) => {
      if (block.type === 'text') this.appendText(`messages:${index}`, str(block['text']) ?? '')
      else if (block.type === 'thinking') this.reasoning += str(block['thinking']) ?? ''
      else if (block.type === 'tool_use') {
        const call = this.call(`messages:${index}`)
        call.id = str(block['id']) ?? ''
        call.name = str(block['name']) ?? ''
        call.arguments = JSON.stringify(block['input'] ?? {})
      }
    })
    this.finishReason = result.stop_reason ?? null
    this.usage = mergeUsage(this.usage, result.usage)
    this.done = true
  }

  applyResponsesResult(result: ResponsesResult): void {
    result.output.forEach((item, outputIndex) => {
      if (item.type === 'function_call') this.functionCall(outputIndex, item)
      const content = item['content']
      if (item.type !== 'message' || !Array.isArray(content)) return
      for (const part of content as unknown[]) {
        const p = part as Record<string, unknown> | null
        if (p?.['type'] === 'output_text') this.appendText(`responses:${outputIndex}`, str(p['text']) ?? '')
      }
    })
    this.finishReason =
      result.status === 'incomplete' ? (result.incomplete_details?.reason ?? 'incomplete') : 'completed'
    this.usage = mergeUsage(this.usage, result.usage)
    this.done = true
  }
}
