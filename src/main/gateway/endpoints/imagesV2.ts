import { preflightImagesV2 } from '../../../shared/gateway/preflight'
import type { ImagesV2Request } from '../../../shared/gateway/requests'
import { ENDPOINTS } from '../../../shared/gateway/spec'
import type { CallOptions, GatewayContext, PostOptions } from '../context'
import { ImageTask } from '../schemas/tasks'
import { V2_RESULT_URL_PATHS } from '../tolerant'
import { checkMerged, getJson, mergeBody, postJson, preflight, taskPath, type JsonResult } from './common'
import { snapshot, type TaskSnapshot } from './taskSnapshot'

/**
 * §4.8: creates an asynchronous image task (billed at creation). The three hidden field names come from
 * the profile's field map. Never re-sent on an ambiguous failure: the task may exist and be charged.
 */
export async function createImageTask(
  ctx: GatewayContext,
  request: ImagesV2Request,
  options: PostOptions
): Promise<JsonResult<TaskSnapshot<ImageTask>>> {
  await preflight(
    ctx,
    'imagesV2',
    request.model,
    checkMerged(ctx, 'imagesV2', request, request.extra, preflightImagesV2)
  )
  const names = ctx.fieldMap.imagesV2
  const json = mergeBody(ctx, 'imagesV2', request.extra, {
    model: request.model,
    prompt: request.prompt,
    [names.size]: request.size,
    [names.resolution]: request.resolution,
    [names.referenceImages]: request.referenceImages
  })
  const res = await postJson(
    ctx,
    { endpoint: 'imagesV2', model: request.model, profile: 'request', json },
    ImageTask,
    options
  )
  return { ...res, data: snapshot(res.data, names.resultUrlPath, V2_RESULT_URL_PATHS) }
}

/** §4.9: reads the task state (changes nothing), so it is retried like any safe read. */
export async function getImageTask(
  ctx: GatewayContext,
  id: string,
  options: CallOptions
): Promise<JsonResult<TaskSnapshot<ImageTask>>> {
  const res = await getJson(ctx, taskPath(`${ENDPOINTS.imagesV2}/{id}`, id), ImageTask, options)
  return { ...res, data: snapshot(res.data, ctx.fieldMap.imagesV2.resultUrlPath, V2_RESULT_URL_PATHS) }
}
