import type { z } from 'zod'
import type { PreflightIssue } from '../../../shared/gateway/preflight'
import type { GatewayContext, PostOptions } from '../context'
import type { StreamDecoder } from '../streams/run'
import { mergeBody, postJson, postStream, preflight, type GatewayStream, type JsonResult } from './common'

/**
 * One chat style (chat completions, messages, responses): the whole answer and the stream, both checked the
 * same way before a byte is sent, the profile's extras merged under the request's fields.
 */
export interface ChatStyle<Req extends { model: string }, S extends z.ZodType, E> {
  endpoint: 'chatCompletions' | 'messages' | 'responses'
  check: (request: Req) => PreflightIssue[]
  result: S
  decoder: () => StreamDecoder<E>
  headers?: Record<string, string>
  /** The body of each form; by default the request with `stream: false` or `stream: true`. */
  whole?: (request: Req) => Record<string, unknown>
  streamed?: (request: Req) => Record<string, unknown>
}

export function chatStyle<Req extends { model: string }, S extends z.ZodType, E>(
  style: ChatStyle<Req, S, E>
) {
  const whole = style.whole ?? ((request: Req) => ({ ...request, stream: false }))
  const streamed = style.streamed ?? ((request: Req) => ({ ...request, stream: true }))
  /** Checks the request, then gives the POST of one form with its merged body. */
  const post = async (
    ctx: GatewayContext,
    request: Req,
    profile: 'request' | 'stream',
    body: (request: Req) => Record<string, unknown>
  ) => {
    await preflight(ctx, style.endpoint, request.model, style.check(request))
    const json = mergeBody(ctx, style.endpoint, undefined, body(request))
    return { endpoint: style.endpoint, model: request.model, profile, json, headers: style.headers }
  }
  return {
    create: async (
      ctx: GatewayContext,
      request: Req,
      options: PostOptions
    ): Promise<JsonResult<z.output<S>>> =>
      postJson(ctx, await post(ctx, request, 'request', whole), style.result, options),
    stream: async (ctx: GatewayContext, request: Req, options: PostOptions): Promise<GatewayStream<E>> =>
      postStream(ctx, await post(ctx, request, 'stream', streamed), style.decoder(), options)
  }
}
