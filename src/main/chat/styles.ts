import type { ChatStyle } from '../../shared/schemas/chat'
import { GatewayError, type GatewayClient, type GatewayStream, type PostOptions } from '../gateway'
import type { ReplyAssembly } from './assembly'
import {
  chatRequest,
  messagesRequest,
  responsesRequest,
  usable,
  type HistoryTurn,
  type RequestSetup
} from './requests'

/** What a reply needs of the gateway client, whatever its style. */
export type ChatClient = Pick<
  GatewayClient,
  | 'streamChatCompletion'
  | 'createChatCompletion'
  | 'streamMessage'
  | 'createMessage'
  | 'streamResponse'
  | 'createResponse'
>

/**
 * One chat style end to end: the request body from the conversation, the streamed reply and how each of its
 * events grows the reply, and the whole answer for a model that will not stream. The runner and the request
 * builder read a style only through this table: a new style is an entry here (with its request builder, its
 * gateway endpoint and its stream events).
 */
interface ChatStyleRun<Body, Event> {
  build(setup: RequestSetup, turns: HistoryTurn[]): Body
  open(client: ChatClient, body: Body, options: PostOptions): Promise<GatewayStream<Event>>
  apply(assembly: ReplyAssembly, event: Event): void
  whole(client: ChatClient, body: Body, options: PostOptions, assembly: ReplyAssembly): Promise<void>
}

/**
 * The table holds each style with its own types (checked here); the runner sees them only as pairs that fit
 * together, a body built by a style is only ever sent by that style.
 */
const style = <Body, Event>(run: ChatStyleRun<Body, Event>): ChatStyleRun<unknown, unknown> => run

const STYLES: Record<ChatStyle, ChatStyleRun<unknown, unknown>> = {
  chat: style({
    build: chatRequest,
    open: (client, body, options) => client.streamChatCompletion(body, options),
    apply: (assembly, event) => assembly.applyChat(event),
    whole: async (client, body, options, assembly) =>
      assembly.applyChatCompletion((await client.createChatCompletion(body, options)).data)
  }),
  messages: style({
    build: messagesRequest,
    open: (client, body, options) => client.streamMessage(body, options),
    apply: (assembly, event) => assembly.applyMessages(event),
    whole: async (client, body, options, assembly) =>
      assembly.applyMessagesResult((await client.createMessage(body, options)).data)
  }),
  responses: style({
    build: responsesRequest,
    open: (client, body, options) => client.streamResponse(body, options),
    apply: (assembly, event) => assembly.applyResponses(event),
    whole: async (client, body, options, assembly) => {
      const { data } = await client.createResponse(body, options)
      if (data.status === 'failed') {
        // A whole answer that says it failed is an error in the answer, as an error event is in a stream.
        const failure = (data.error ?? {}) as { code?: unknown; message?: unknown }
        throw new GatewayError({
          reason: 'stream_error',
          code: typeof failure.code === 'string' ? failure.code : undefined,
          message:
            typeof failure.message === 'string'
              ? failure.message
              : 'The gateway reported that the response failed.',
          outcome: 'unknown'
        })
      }
      assembly.applyResponsesResult(data)
    }
  })
}

/** A request of one style, as the runner sends it: the style, and the body that style built. */
export interface StyledRequest {
  style: ChatStyle
  body: unknown
}

/**
 * The request body for one reply in the conversation's current style, from the stored history. Each
 * request carries the whole conversation (no server-side state), so a conversation can switch styles.
 */
export function buildRequest(
  chatStyle: ChatStyle,
  setup: RequestSetup,
  history: readonly HistoryTurn[]
): StyledRequest {
  return { style: chatStyle, body: STYLES[chatStyle].build(setup, usable(history)) }
}

/** The style's way of running a reply (see `ChatStyleRun`). */
export function styleRun(chatStyle: ChatStyle): ChatStyleRun<unknown, unknown> {
  return STYLES[chatStyle]
}
