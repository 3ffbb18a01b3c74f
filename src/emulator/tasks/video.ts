import { z } from 'zod'
import { costOf } from '../accounts'
import { SAMPLE_VIDEO } from '../assets/sample-video'
import type { FieldNames, HostedResult, RequestContext } from '../context'
import { ENDPOINTS } from '../endpoints'
import { GatewayError, notFound } from '../errors'
import { parseJsonObject } from '../http/body'
import { sendJson } from '../http/respond'
import { resultTtl } from '../images/results'
import { fields, validate } from '../validate'
import { TASK_ERRORS, taskOutcome } from './outcome'
import { taskFields, type TaskView } from './task-store'

const TOKENS_PER_SECOND = 10_000

const schema = z.strictObject({
  model: z.string(),
  prompt: fields.prompt,
  duration: z.number('must be an integer number of seconds').int().min(1),
  size: z
    .string()
    .regex(/^[1-9]\d{0,4}x[1-9]\d{0,4}$/, 'must be <width>x<height>')
    .optional(),
  image: fields.imageRef.optional(),
  resolution: z.enum(['480p', '720p', '1080p']).optional(),
  ratio: z.enum(['16:9', '9:16', '1:1', '4:3', '3:4', '21:9', 'adaptive']).optional(),
  seed: z.number().int().optional(),
  watermark: z.boolean().optional(),
  generate_audio: z.boolean().optional()
})

export interface VideoMeta {
  duration: number
  size: string
}

function taskJson(view: TaskView<HostedResult, VideoMeta>, names: FieldNames): Record<string, unknown> {
  const base = taskFields(view, 'task')
  if (view.status === 'failed' || view.status === 'expired') {
    return {
      ...base,
      result: null,
      error: { error: { type: 'upstream_error', ...TASK_ERRORS[view.status] } },
      usage: null
    }
  }
  if (!view.result) return { ...base, result: null, error: null, usage: null }
  const { meta } = view
  const tokens = meta.duration * TOKENS_PER_SECOND
  return {
    ...base,
    result: {
      [names === 'alternative' ? 'url' : 'video_url']: view.result.url,
      duration: meta.duration,
      size: meta.size
    },
    error: null,
    usage: { completion_tokens: tokens, total_tokens: tokens }
  }
}

/** POST /v1/videos/generations: a task, billed at creation by its tokens; the result is a real small MP4. */
export async function createVideoTask(ctx: RequestContext): Promise<void> {
  const raw = parseJsonObject(ctx.req, ctx.raw)
  const model = ctx.state.accounts.resolveModel(ctx.key, raw.model, ENDPOINTS.videos)
  const body = validate(schema, raw)
  ctx.state.accounts.charge(ctx.key, costOf(model, { images: 1, tokens: body.duration * TOKENS_PER_SECOND }))
  const { timing } = ctx.state
  const meta: VideoMeta = {
    duration: body.duration,
    size: body.size ?? `${SAMPLE_VIDEO.width}x${SAMPLE_VIDEO.height}`
  }
  const view = ctx.state.videoTasks.create({
    tenant: ctx.tenant,
    model: model.id,
    outcome: taskOutcome(ctx, body.prompt),
    queuedMs: timing.taskQueuedMs,
    runningMs: timing.taskRunningMs,
    meta,
    makeResult: (finishedAt) => {
      const file = ctx.state.files.add({
        ext: 'mp4',
        contentType: 'video/mp4',
        produce: () => Promise.resolve(SAMPLE_VIDEO.bytes),
        ttlMs: resultTtl(ctx),
        from: finishedAt
      })
      return { fileId: file.id, url: file.url }
    }
  })
  return sendJson(ctx.wire, 200, taskJson(view, ctx.state.fieldNames))
}

/**
 * DELETE /v1/videos/generations/tasks/{id} (alternative: /v1/videos/tasks/{id}), only with `cancelRoute`:
 * a task still queued or running is cancelled now (its tokens were billed at creation and stay billed);
 * one that has ended answers 409.
 */
export function cancelVideoTask(ctx: RequestContext): Promise<void> {
  const id = ctx.params[0] ?? ''
  const view = ctx.state.videoTasks.cancel(id, ctx.tenant)
  if (!view) throw notFound(`No video task "${id}"`, 'task_not_found')
  if (view === 'final') {
    const now = ctx.state.videoTasks.view(id, ctx.tenant)?.status ?? 'finished'
    throw new GatewayError(
      409,
      'invalid_request_error',
      'task_not_cancellable',
      `The task has already ${now}.`
    )
  }
  return sendJson(ctx.wire, 200, taskJson(view, ctx.state.fieldNames))
}

/** GET /v1/videos/generations/{id} (alternative: /v1/videos/{id}): reads the task state only. */
export async function getVideoTask(ctx: RequestContext): Promise<void> {
  const view = ctx.state.videoTasks.view(ctx.params[0] ?? '', ctx.tenant)
  if (!view) throw notFound(`No video task "${ctx.params[0] ?? ''}"`, 'task_not_found')
  if (view.result && ctx.step?.expiredUrls) ctx.state.files.expire(view.result.fileId)
  return sendJson(ctx.wire, 200, taskJson(view, ctx.state.fieldNames))
}
