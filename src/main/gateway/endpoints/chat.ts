import { preflightChatCompletion } from '../../../shared/gateway/preflight'
import type { ChatCompletionRequest } from '../../../shared/gateway/requests'
import type { GatewayContext, PostOptions } from '../context'
import { ChatCompletion } from '../schemas/chat'
import { createChatDecoder, type ChatStreamEvent } from '../streams/chat'
import { mergeBody, postJson, postStream, preflight, type GatewayStream, type JsonResult } from './common'

/** §4.2, whole answer at once. */
export async function createChatCompletion(
  ctx: GatewayContext,
  request: ChatCompletionRequest,
  options: PostOptions
): Promise<JsonResult<ChatCompletion>> {
  await preflight(ctx, 'chatCompletions', request.model, preflightChatCompletion(request))
  // stream_options is only valid with stream: true, and a non-stream call must not carry it.
  const { stream_options: _unused, ...rest } = request
  const json = mergeBody(ctx, 'chatCompletions', undefined, { ...rest, stream: false })
  return postJson(
    ctx,
    { endpoint: 'chatCompletions', model: request.model, profile: 'request', json },
    ChatCompletion,
    options
  )
}

/** §4.2 streamed; usage is asked for (`stream_options.include_usage`) so the cost is known at the end. */
export async function streamChatCompletion(
  ctx: GatewayContext,
  request: ChatCompletionRequest,
  options: PostOptions
): Promise<GatewayStream<ChatStreamEvent>> {
  await preflight(ctx, 'chatCompletions', request.model, preflightChatCompletion(request))
  const streamOptions = typeof request['stream_options'] === 'object' ? request['stream_options'] : {}
  const json = mergeBody(ctx, 'chatCompletions', undefined, {
    ...request,
    stream: true,
    stream_options: { include_usage: true, ...streamOptions }
  })
  return postStream(
    ctx,
    { endpoint: 'chatCompletions', model: request.model, profile: 'stream', json },
    createChatDecoder(),
    options
  )
}
