import { preflightImagesV3 } from '../../../shared/gateway/preflight'
import type { ImagesV3Request } from '../../../shared/gateway/requests'
import type { GatewayContext, PostOptions } from '../context'
import { ImagesV3Result } from '../schemas/images'
import { mergeBody, postJson, preflight, type JsonResult } from './common'

/** §4.7: synchronous, billed per image. Its fields are all listed, so no extras are merged in. */
export async function generateImagesV3(
  ctx: GatewayContext,
  request: ImagesV3Request,
  options: PostOptions
): Promise<JsonResult<ImagesV3Result>> {
  await preflight(ctx, 'imagesV3', request.model, preflightImagesV3(request))
  const names = ctx.fieldMap.imagesV3
  const json = mergeBody(ctx, undefined, undefined, {
    model: request.model,
    prompt: request.prompt,
    n: request.n,
    size: request.size,
    background: request.background,
    output_format: request.output_format,
    [names.moderation]: request.moderation,
    [names.compression]: request.compression
  })
  return postJson(
    ctx,
    { endpoint: 'imagesV3', model: request.model, profile: 'request', json },
    ImagesV3Result,
    options
  )
}
