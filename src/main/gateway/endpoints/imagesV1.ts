import { preflightImagesV1 } from '../../../shared/gateway/preflight'
import type { ImagesV1Request } from '../../../shared/gateway/requests'
import type { GatewayContext, PostOptions } from '../context'
import { ImageResultSet } from '../schemas/images'
import { checkMerged, mergeBody, postJson, preflight, type JsonResult } from './common'

/** §4.5: synchronous compatible generation; the body is passed through (other fields: not shown). */
export async function generateImagesV1(
  ctx: GatewayContext,
  request: ImagesV1Request,
  options: PostOptions
): Promise<JsonResult<ImageResultSet>> {
  await preflight(
    ctx,
    'imagesV1',
    request.model,
    checkMerged(ctx, 'imagesV1', request, undefined, preflightImagesV1)
  )
  const json = mergeBody(ctx, 'imagesV1', undefined, request)
  return postJson(
    ctx,
    { endpoint: 'imagesV1', model: request.model, profile: 'request', json },
    ImageResultSet,
    options
  )
}
