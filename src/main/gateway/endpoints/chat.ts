import { preflightChatCompletion } from '../../../shared/gateway/preflight'
import type { ChatCompletionRequest } from '../../../shared/gateway/requests'
import { ChatCompletion } from '../schemas/chat'
import { createChatDecoder } from '../streams/chat'
import { chatStyle } from './chatStyle'

/**
 * The chat-completions style (docs/GATEWAY.md §2.2): whole answer at once, or streamed; a stream asks for
 * usage (`stream_options.include_usage`) so the cost is known at the end.
 */
const chat = chatStyle({
  endpoint: 'chatCompletions',
  check: (request: ChatCompletionRequest) => preflightChatCompletion(request),
  result: ChatCompletion,
  decoder: createChatDecoder,
  // stream_options is only valid with stream: true, and a non-stream call must not carry it.
  whole: ({ stream_options: _unused, ...rest }) => ({ ...rest, stream: false }),
  streamed: (request) => {
    const streamOptions = typeof request['stream_options'] === 'object' ? request['stream_options'] : {}
    return { ...request, stream: true, stream_options: { include_usage: true, ...streamOptions } }
  }
})

export const createChatCompletion = chat.create
export const streamChatCompletion = chat.stream
