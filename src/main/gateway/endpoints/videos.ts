import { z } from 'zod'
import { preflightVideo } from '../../../shared/gateway/preflight'
import type { VideoRequest } from '../../../shared/gateway/requests'
import { timeoutsFor } from '../agent'
import type { CallOptions, GatewayContext, PostOptions } from '../context'
import { requestJson } from '../http'
import { VideoTask } from '../schemas/tasks'
import { VIDEO_RESULT_URL_PATHS } from '../tolerant'
import { checkMerged, getJson, mergeBody, postJson, preflight, taskPath, type JsonResult } from './common'
import { snapshot, type TaskSnapshot } from './taskSnapshot'

/** §4.12: creates a video task (billed at creation; never re-sent on an ambiguous failure). */
export async function createVideoTask(
  ctx: GatewayContext,
  request: VideoRequest,
  options: PostOptions
): Promise<JsonResult<TaskSnapshot<VideoTask>>> {
  await preflight(
    ctx,
    'videos',
    request.model,
    checkMerged(ctx, 'videos', request, request.extra, preflightVideo)
  )
  const json = mergeBody(ctx, 'videos', request.extra, {
    model: request.model,
    prompt: request.prompt,
    duration: request.duration,
    size: request.size
  })
  const res = await postJson(
    ctx,
    { endpoint: 'videos', model: request.model, profile: 'request', json },
    VideoTask,
    options
  )
  return { ...res, data: snapshot(res.data, ctx.fieldMap.video.resultUrlPath, VIDEO_RESULT_URL_PATHS) }
}

/** The query path is hidden by the spec; it comes from the field map (default `/v1/videos/generations/{id}`). */
export async function getVideoTask(
  ctx: GatewayContext,
  id: string,
  options: CallOptions
): Promise<JsonResult<TaskSnapshot<VideoTask>>> {
  const video = ctx.fieldMap.video
  const res = await getJson(ctx, taskPath(video.queryPath, id), VideoTask, options)
  return { ...res, data: snapshot(res.data, video.resultUrlPath, VIDEO_RESULT_URL_PATHS) }
}

/** Whether the profile knows a cancel call; the spec shows none, so the default field map has none. */
export function canCancelVideo(ctx: GatewayContext): boolean {
  return ctx.fieldMap.video.cancel !== undefined
}

/** Cancels through the profile's cancel path. Asking again is harmless, so it is retried like a read. */
export async function cancelVideoTask(
  ctx: GatewayContext,
  id: string,
  options: CallOptions
): Promise<JsonResult<unknown>> {
  const cancel = ctx.fieldMap.video.cancel
  if (!cancel) throw new TypeError('This profile has no video cancel path.')
  return requestJson(
    ctx,
    {
      method: cancel.method,
      path: taskPath(cancel.path, id),
      cls: 'idempotent',
      timeouts: timeoutsFor('read', ctx.timeouts),
      signal: options.signal,
      accept: 'application/json'
    },
    z.unknown()
  )
}
