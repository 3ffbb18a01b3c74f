import { preflightPartnerA } from '../../../shared/gateway/preflight'
import type { PartnerARequest } from '../../../shared/gateway/requests'
import type { GatewayContext, PostOptions } from '../context'
import { ImageResultSet } from '../schemas/images'
import { createPartnerADecoder, type PartnerAStreamEvent } from '../streams/partnerA'
import {
  checkMerged,
  mergeBody,
  postJson,
  postStream,
  preflight,
  type GatewayStream,
  type JsonResult
} from './common'

export interface PartnerAOptions extends PostOptions {
  /** Whether the model streams, when the caller knows (the listing does not say); `false` refuses a stream locally. */
  modelStreams?: boolean | undefined
}

/** §4.10 without streaming: one JSON answer with every image. */
export async function generatePartnerA(
  ctx: GatewayContext,
  request: PartnerARequest,
  options: PostOptions
): Promise<JsonResult<ImageResultSet>> {
  await preflight(
    ctx,
    'partnerA',
    request.model,
    checkMerged(ctx, 'partnerA', request, undefined, (merged) => preflightPartnerA(merged, { stream: false }))
  )
  const json = mergeBody(ctx, 'partnerA', undefined, { ...request, stream: false })
  return postJson(
    ctx,
    { endpoint: 'partnerA', model: request.model, profile: 'request', json },
    ImageResultSet,
    options
  )
}

/**
 * §4.10 with `stream: true` (§6): images arrive one by one. The headers may only come with the first
 * image, hence the long first-byte limit of this profile.
 */
export async function streamPartnerA(
  ctx: GatewayContext,
  request: PartnerARequest,
  options: PartnerAOptions
): Promise<GatewayStream<PartnerAStreamEvent>> {
  await preflight(
    ctx,
    'partnerA',
    request.model,
    checkMerged(ctx, 'partnerA', request, undefined, (merged) =>
      preflightPartnerA(merged, { stream: true, modelStreams: options.modelStreams })
    )
  )
  const json = mergeBody(ctx, 'partnerA', undefined, { ...request, stream: true })
  return postStream(
    ctx,
    { endpoint: 'partnerA', model: request.model, profile: 'partnerAStream', json },
    createPartnerADecoder(),
    options
  )
}
