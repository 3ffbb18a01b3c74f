import { preflightMessages } from '../../../shared/gateway/preflight'
import type { MessagesRequest } from '../../../shared/gateway/requests'
import type { GatewayContext, PostOptions } from '../context'
import { MessagesResult } from '../schemas/messages'
import { createMessagesDecoder, type MessagesStreamEvent } from '../streams/messages'
import { mergeBody, postJson, postStream, preflight, type GatewayStream, type JsonResult } from './common'

/** Harmless next to Bearer auth, and some Anthropic-format backends insist on it (docs/GATEWAY.md). */
const HEADERS = { 'anthropic-version': '2023-06-01' }

/** §4.3, whole answer at once. */
export async function createMessage(
  ctx: GatewayContext,
  request: MessagesRequest,
  options: PostOptions
): Promise<JsonResult<MessagesResult>> {
  await preflight(ctx, 'messages', request.model, preflightMessages(request))
  const json = mergeBody(ctx, 'messages', undefined, { ...request, stream: false })
  return postJson(
    ctx,
    { endpoint: 'messages', model: request.model, profile: 'request', json, headers: HEADERS },
    MessagesResult,
    options
  )
}

/** §4.3 streamed (Anthropic events). */
export async function streamMessage(
  ctx: GatewayContext,
  request: MessagesRequest,
  options: PostOptions
): Promise<GatewayStream<MessagesStreamEvent>> {
  await preflight(ctx, 'messages', request.model, preflightMessages(request))
  const json = mergeBody(ctx, 'messages', undefined, { ...request, stream: true })
  return postStream(
    ctx,
    { endpoint: 'messages', model: request.model, profile: 'stream', json, headers: HEADERS },
    createMessagesDecoder(),
    options
  )
}
