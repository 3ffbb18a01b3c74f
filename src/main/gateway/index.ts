/** The gateway client's public surface; other backend modules import from here only. */
export { createGatewayClient, type GatewayClient } from './client'
export type { GatewayConnection, GatewayClientOptions, CallOptions, PostOptions } from './context'
export {
  createGatewayAgent,
  DEFAULT_TIMEOUTS,
  timeoutsFor,
  type GatewayTimeouts,
  type RequestTimeouts
} from './agent'
export { GatewayError, isGatewayError, redactSecret } from './errors'
export { backoffMs, shouldRetry, MAX_RETRIES, type RetryEvent } from './retry'
export type { GatewayStream, JsonResult } from './endpoints/common'
export type { TaskSnapshot } from '../../shared/gateway/endpoints/taskSnapshot'
export type { AnswerOf, RequestOf, StreamOptions, TaskKey } from './endpoints/descriptors'
export type { ImageEditRequest, ImageFile } from '../../shared/gateway/endpoints/imageEdits'
export type { ChatStreamEvent } from './streams/chat'
export type { MessagesStreamEvent } from './streams/messages'
export type { ResponsesStreamEvent } from './streams/responses'
export type { ImageStreamEvent } from '../../shared/gateway/imageStream'
export type { ModelList } from './schemas/models'
export type { ChatCompletion, ChatUsage } from './schemas/chat'
export type { MessagesResult, MessagesUsage } from './schemas/messages'
export type { ResponsesResult } from './schemas/responses'
export type { ImageItem, ImageResultSet } from '../../shared/gateway/endpoints/imageResults'
export type { ImagesV3Result } from '../../shared/gateway/endpoints/imagesV3'
export type { ImageTask } from '../../shared/gateway/endpoints/imagesV2'
export type { VideoTask } from '../../shared/gateway/endpoints/videos'
export { DEFAULT_MAX_EVENT_BYTES, readSse, type SseMessage } from './sse'
