import { z } from 'zod'
import { costOf } from '../accounts'
import type { FieldNames, HostedResult, RequestContext } from '../context'
import { ENDPOINTS } from '../endpoints'
import { invalid, notFound } from '../errors'
import { parseJsonObject } from '../http/body'
import { sendJson } from '../http/respond'
import { httpUrl, TASK_ERRORS, taskOutcome } from '../tasks/outcome'
import { taskFields, type TaskView } from '../tasks/task-store'
import { fields, validate } from '../validate'
import { hostImage } from './results'

const RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9', '9:21'] as const
const TIERS = { '1K': 1024, '2K': 2048, '4K': 4096 } as const

export interface ImageTaskMeta {
  width: number
  height: number
}

/** Names of the three fields the spec leaves unnamed (docs/GATEWAY.md §6). */
const NAMES: Record<FieldNames, { ratio: string; resolution: string; references: string }> = {
  default: { ratio: 'size', resolution: 'resolution', references: 'image_urls' },
  alternative: { ratio: 'aspect_ratio', resolution: 'image_size', references: 'images' }
}

function schemaFor(names: FieldNames, maxReferences: number) {
  const n = NAMES[names]
  return z.strictObject({
    model: z.string(),
    prompt: fields.prompt,
    [n.ratio]: z.enum(RATIOS, `must be a ratio, one of ${RATIOS.join(', ')}`).optional(),
    [n.resolution]: z.enum(['1K', '2K', '4K']).optional(),
    [n.references]: z
      .array(z.string().refine(httpUrl, 'must be an http(s) URL'))
      .max(maxReferences, `at most ${maxReferences} reference images`)
      .optional()
  })
}

function dimensions(ratio: string, tier: keyof typeof TIERS): { width: number; height: number } {
  const [a, b] = ratio.split(':').map(Number) as [number, number]
  const long = TIERS[tier]
  const short = Math.round((long * Math.min(a, b)) / Math.max(a, b) / 8) * 8
  return a >= b ? { width: long, height: short } : { width: short, height: long }
}

function taskJson(view: TaskView<HostedResult, ImageTaskMeta>, names: FieldNames): Record<string, unknown> {
  const base = taskFields(view, 'image.generation.task')
  if (view.status === 'failed' || view.status === 'expired')
    return { ...base, error: TASK_ERRORS[view.status] }
  if (!view.result) return base
  return names === 'alternative'
    ? { ...base, result_url: view.result.url }
    : { ...base, data: [{ url: view.result.url }] }
}

/**
 * POST /v2/images/generations (docs/GATEWAY.md §2.5): one image per task, billed at creation; `n` is
 * refused.
 */
export async function createImageTask(ctx: RequestContext): Promise<void> {
  const raw = parseJsonObject(ctx.req, ctx.raw)
  const model = ctx.state.accounts.resolveModel(ctx.key, raw.model, ENDPOINTS.imagesV2)
  if ('n' in raw)
    throw invalid('"n" is not supported here: create one task per image', 'unsupported_parameter')
  const names = ctx.state.fieldNames
  const body = validate(schemaFor(names, model.maxReferenceImages), raw)
  const prompt = String(body.prompt)
  const ratio = (body[NAMES[names].ratio] as string | undefined) ?? '1:1'
  const tier = (body[NAMES[names].resolution] as keyof typeof TIERS | undefined) ?? '1K'
  ctx.state.accounts.charge(ctx.key, costOf(model, { images: 1 }))
  const { timing } = ctx.state
  const meta = dimensions(ratio, tier)
  const view = ctx.state.imageTasks.create({
    tenant: ctx.tenant,
    model: model.id,
    outcome: taskOutcome(ctx, prompt),
    meta,
    queuedMs: timing.taskQueuedMs,
    runningMs: timing.taskRunningMs,
    makeResult: (finishedAt) => {
      const spec = { prompt, seed: 0, index: 0, ...meta, format: 'png' as const }
      const file = hostImage(ctx, spec, { from: finishedAt })
      return { fileId: file.id, url: file.url }
    }
  })
  return sendJson(ctx.wire, 200, taskJson(view, names))
}

/** GET /v2/images/generations/{id}: reads the task state, changes nothing. */
export async function getImageTask(ctx: RequestContext): Promise<void> {
  const view = ctx.state.imageTasks.view(ctx.params[0] ?? '', ctx.tenant)
  if (!view) throw notFound(`No image task "${ctx.params[0] ?? ''}"`, 'task_not_found')
  if (view.result && ctx.step?.expiredUrls) ctx.state.files.expire(view.result.fileId)
  return sendJson(ctx.wire, 200, taskJson(view, ctx.state.fieldNames))
}
