import { preflightMessages } from '../../../shared/gateway/preflight'
import type { MessagesRequest } from '../../../shared/gateway/requests'
import { MessagesResult } from '../schemas/messages'
import { createMessagesDecoder } from '../streams/messages'
import { chatStyle } from './chatStyle'

/** The messages style (docs/GATEWAY.md §2.2): whole answer at once, or streamed (Anthropic events). */
const messages = chatStyle({
  endpoint: 'messages',
  check: (request: MessagesRequest) => preflightMessages(request),
  result: MessagesResult,
  decoder: createMessagesDecoder,
  /** Harmless next to Bearer auth; some Anthropic-format backends insist on it (docs/GATEWAY.md §2.2). */
  headers: { 'anthropic-version': '2023-06-01' }
})

export const createMessage = messages.create
export const streamMessage = messages.stream
