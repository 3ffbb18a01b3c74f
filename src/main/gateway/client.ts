import type { Dispatcher } from 'undici'
import { checkBaseUrl } from '../../shared/gateway/baseUrl'
import { ExtraFields, FieldMap } from '../../shared/gateway/fieldMap'
import { createGatewayAgent, DEFAULT_TIMEOUTS } from './agent'
import type { DescriptorKey } from '../../shared/gateway/endpoints'
import type {
  CallOptions,
  GatewayClientOptions,
  GatewayConnection,
  GatewayContext,
  PostOptions
} from './context'
import { createChatCompletion, streamChatCompletion } from './endpoints/chat'
import {
  cancel,
  canCancel,
  poll,
  send,
  stream,
  type AnswerOf,
  type RequestOf,
  type StreamOptions,
  type TaskKey
} from './endpoints/descriptors'
import type { JsonResult, GatewayStream } from './endpoints/common'
import { createMessage, streamMessage } from './endpoints/messages'
import { listModels } from './endpoints/models'
import { createResponse, streamResponse } from './endpoints/responses'
import { systemClock } from '../time/clock'
import { DEFAULT_MAX_EVENT_BYTES } from './sse'
import type { ImageStreamEvent } from '../../shared/gateway/imageStream'

let sharedAgent: Dispatcher | undefined

/** One keep-alive pool for all profiles unless a caller brings its own dispatcher (tests do). */
function defaultDispatcher(): Dispatcher {
  sharedAgent ??= createGatewayAgent()
  return sharedAgent
}

type Rest<F> = F extends (ctx: GatewayContext, ...rest: infer A) => infer R ? (...args: A) => R : never

export interface GatewayClient {
  readonly baseUrl: string
  listModels: Rest<typeof listModels>
  createChatCompletion: Rest<typeof createChatCompletion>
  streamChatCompletion: Rest<typeof streamChatCompletion>
  createMessage: Rest<typeof createMessage>
  streamMessage: Rest<typeof streamMessage>
  createResponse: Rest<typeof createResponse>
  streamResponse: Rest<typeof streamResponse>
  /** Any image or video endpoint by its descriptor key: the whole answer, or the task it created. */
  send<K extends DescriptorKey>(
    endpoint: K,
    request: RequestOf<K>,
    options: PostOptions
  ): Promise<JsonResult<AnswerOf<K>>>
  /** An endpoint that streams its images (its descriptor says how), with `stream: true`. */
  stream<K extends DescriptorKey>(
    endpoint: K,
    request: RequestOf<K>,
    options: StreamOptions
  ): Promise<GatewayStream<ImageStreamEvent>>
  /** A task endpoint's task, as it is now. */
  poll<K extends TaskKey>(endpoint: K, id: string, options: CallOptions): Promise<JsonResult<AnswerOf<K>>>
  canCancel(endpoint: TaskKey): boolean
  cancel(endpoint: TaskKey, id: string, options: CallOptions): Promise<JsonResult<unknown>>
}

/**
 * The backend's single door to one gateway profile. Validates the connection once (base URL per P29,
 * field map and extras through their schemas) and binds every endpoint to it: the listing and the chat
 * styles by name, every image and video endpoint through its descriptor (`send`, `stream`, `poll`).
 */
export function createGatewayClient(
  connection: GatewayConnection,
  options: GatewayClientOptions = {}
): GatewayClient {
  const base = checkBaseUrl(connection.baseUrl, { allowLoopbackHttp: options.allowLoopbackHttp ?? false })
  if (!base.ok) throw new TypeError(`Gateway base URL refused: ${base.message}`)
  const ctx: GatewayContext = {
    baseUrl: base.baseUrl,
    authorization: connection.authorization,
    fieldMap: FieldMap.parse(connection.fieldMap),
    extraFields: ExtraFields.parse(connection.extraFields ?? {}),
    profileName: connection.profileName,
    dispatcher: options.dispatcher ?? defaultDispatcher(),
    clock: options.clock ?? systemClock,
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    maxEventBytes: options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES,
    lookupModel: options.lookupModel,
    onRetry: options.onRetry
  }
  const bind =
    <A extends unknown[], R>(fn: (c: GatewayContext, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args)
  return {
    baseUrl: ctx.baseUrl,
    listModels: bind(listModels),
    createChatCompletion: bind(createChatCompletion),
    streamChatCompletion: bind(streamChatCompletion),
    createMessage: bind(createMessage),
    streamMessage: bind(streamMessage),
    createResponse: bind(createResponse),
    streamResponse: bind(streamResponse),
    send: (endpoint, request, options) => send(ctx, endpoint, request, options),
    stream: (endpoint, request, options) => stream(ctx, endpoint, request, options),
    poll: (endpoint, id, options) => poll(ctx, endpoint, id, options),
    canCancel: (endpoint) => canCancel(ctx, endpoint),
    cancel: (endpoint, id, options) => cancel(ctx, endpoint, id, options)
  }
}
