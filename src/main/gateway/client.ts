import type { Dispatcher } from 'undici'
import { checkBaseUrl } from '../../shared/gateway/baseUrl'
import { ExtraFields, FieldMap } from '../../shared/gateway/fieldMap'
import { createGatewayAgent, DEFAULT_TIMEOUTS } from './agent'
import type { GatewayClientOptions, GatewayConnection, GatewayContext } from './context'
import { createChatCompletion, streamChatCompletion } from './endpoints/chat'
import { editImage } from './endpoints/edits'
import { createImageTask, getImageTask } from './endpoints/imagesV2'
import { generateImagesV1 } from './endpoints/imagesV1'
import { generateImagesV3 } from './endpoints/imagesV3'
import { createMessage, streamMessage } from './endpoints/messages'
import { listModels } from './endpoints/models'
import { generatePartnerA, streamPartnerA } from './endpoints/partnerA'
import { generatePartnerB } from './endpoints/partnerB'
import { createResponse, streamResponse } from './endpoints/responses'
import { cancelVideoTask, canCancelVideo, createVideoTask, getVideoTask } from './endpoints/videos'
import { systemClock } from '../time/clock'
import { DEFAULT_MAX_EVENT_BYTES } from './sse'

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
  generateImagesV1: Rest<typeof generateImagesV1>
  editImage: Rest<typeof editImage>
  generateImagesV3: Rest<typeof generateImagesV3>
  createImageTask: Rest<typeof createImageTask>
  getImageTask: Rest<typeof getImageTask>
  generatePartnerA: Rest<typeof generatePartnerA>
  streamPartnerA: Rest<typeof streamPartnerA>
  generatePartnerB: Rest<typeof generatePartnerB>
  createVideoTask: Rest<typeof createVideoTask>
  getVideoTask: Rest<typeof getVideoTask>
  canCancelVideo: Rest<typeof canCancelVideo>
  cancelVideoTask: Rest<typeof cancelVideoTask>
}

/**
 * The backend's single door to one gateway profile. Validates the connection once (base URL per P29,
 * field map and extras through their schemas) and binds every endpoint function to it.
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
    generateImagesV1: bind(generateImagesV1),
    editImage: bind(editImage),
    generateImagesV3: bind(generateImagesV3),
    createImageTask: bind(createImageTask),
    getImageTask: bind(getImageTask),
    generatePartnerA: bind(generatePartnerA),
    streamPartnerA: bind(streamPartnerA),
    generatePartnerB: bind(generatePartnerB),
    createVideoTask: bind(createVideoTask),
    getVideoTask: bind(getVideoTask),
    canCancelVideo: bind(canCancelVideo),
    cancelVideoTask: bind(cancelVideoTask)
  }
}
