import { preflightPartnerB } from '../../../shared/gateway/preflight'
import type { PartnerBRequest } from '../../../shared/gateway/requests'
import type { GatewayContext, PostOptions } from '../context'
import { ImageResultSet } from '../schemas/images'
import { checkMerged, mergeBody, postJson, preflight, type JsonResult } from './common'

/**
 * §4.11: one image per request, billed per image, hidden field names from the field map. The URL in the
 * answer is the upstream's temporary address (about 24 h): download it promptly.
 */
export async function generatePartnerB(
  ctx: GatewayContext,
  request: PartnerBRequest,
  options: PostOptions
): Promise<JsonResult<ImageResultSet>> {
  await preflight(
    ctx,
    'partnerB',
    request.model,
    checkMerged(ctx, 'partnerB', request, request.extra, preflightPartnerB)
  )
  const names = ctx.fieldMap.partnerB
  const json = mergeBody(ctx, 'partnerB', request.extra, {
    model: request.model,
    prompt: request.prompt,
    [names.count]: request.count,
    [names.size]: request.size,
    [names.seed]: request.seed,
    [names.watermark]: request.watermark,
    [names.referenceImages]: request.referenceImages
  })
  return postJson(
    ctx,
    { endpoint: 'partnerB', model: request.model, profile: 'request', json },
    ImageResultSet,
    options
  )
}
