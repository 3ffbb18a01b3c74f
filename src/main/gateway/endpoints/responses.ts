import { preflightResponses } from '../../../shared/gateway/preflight'
import type { ResponsesRequest } from '../../../shared/gateway/requests'
import type { GatewayContext, PostOptions } from '../context'
import { ResponsesResult } from '../schemas/responses'
import { createResponsesDecoder, type ResponsesStreamEvent } from '../streams/responses'
import { mergeBody, postJson, postStream, preflight, type GatewayStream, type JsonResult } from './common'

/** §4.4, whole answer at once. */
export async function createResponse(
  ctx: GatewayContext,
  request: ResponsesRequest,
  options: PostOptions
): Promise<JsonResult<ResponsesResult>> {
  await preflight(ctx, 'responses', request.model, preflightResponses(request))
  const json = mergeBody(ctx, 'responses', undefined, { ...request, stream: false })
  return postJson(
    ctx,
    { endpoint: 'responses', model: request.model, profile: 'request', json },
    ResponsesResult,
    options
  )
}

/** §4.4 streamed (OpenAI Responses events). */
export async function streamResponse(
  ctx: GatewayContext,
  request: ResponsesRequest,
  options: PostOptions
): Promise<GatewayStream<ResponsesStreamEvent>> {
  await preflight(ctx, 'responses', request.model, preflightResponses(request))
  const json = mergeBody(ctx, 'responses', undefined, { ...request, stream: true })
  return postStream(
    ctx,
    { endpoint: 'responses', model: request.model, profile: 'stream', json },
    createResponsesDecoder(),
    options
  )
}
