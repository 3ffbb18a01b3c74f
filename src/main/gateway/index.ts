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
export type { TaskSnapshot } from './endpoints/taskSnapshot'
export type { ImageEditRequest, ImageFile } from './endpoints/edits'
export type { PartnerAOptions } from './endpoints/partnerA'
export type { ChatStreamEvent } from './streams/chat'
export type { MessagesStreamEvent } from './streams/messages'
export type { ResponsesStreamEvent } from './streams/responses'
export type { PartnerAStreamEvent } from './streams/partnerA'
export type { ModelList } from './schemas/models'
export type { ChatCompletion, ChatUsage } from './schemas/chat'
export type { MessagesResult, MessagesUsage } from './schemas/messages'
export type { ResponsesResult } from './schemas/responses'
export type { ImageItem, ImageResultSet, ImagesV3Result } from './schemas/images'
export type { ImageTask, VideoTask } from './schemas/tasks'
export { DEFAULT_MAX_EVENT_BYTES, readSse, type SseMessage } from './sse'
