import { z } from 'zod'
import { costOf } from '../accounts'
import { sleep } from '../clock'
import type { RequestContext } from '../context'
import { ENDPOINTS } from '../endpoints'
import { invalid } from '../errors'
import { parseJsonObject } from '../http/body'
import { sendJson } from '../http/respond'
import { SseStream } from '../http/sse'
import { markerNumbers } from '../markers'
import { fields, validate } from '../validate'
import type { ImageSpec } from './render'
import { imageElement, sizeText, tierOrPixels, type Dimensions } from './results'

const MAX_GROUP = 15
const SIZE_RULE = {
  tiers: { '1K': 1024, '2K': 2048, '4K': 4096 },
  minPixels: 1280 * 720,
  maxPixels: 4096 * 4096,
  maxAspect: 16
}

// The body is open (docs/GATEWAY.md §2.6): known fields are checked, anything else passes through.
const schema = z.looseObject({
  model: z.string(),
  prompt: fields.prompt,
  image: z.union([fields.imageRef, z.array(fields.imageRef).min(1)]).optional(),
  size: z.string().optional(),
  seed: z.number().int().min(-1).max(2147483647).optional(),
  guidance_scale: z.number().min(1).max(10).optional(),
  response_format: fields.responseFormat.optional(),
  output_format: z.enum(['jpeg', 'png', 'webp']).optional(),
  watermark: z.boolean().optional(),
  sequential_image_generation: z.enum(['auto', 'disabled']).optional(),
  sequential_image_generation_options: z
    .looseObject({ max_images: z.number().int().min(1).max(MAX_GROUP).optional() })
    .optional(),
  stream: z.boolean().optional(),
  tools: z.array(z.looseObject({ type: z.string() })).optional(),
  optimize_prompt_options: z.looseObject({ mode: z.string().optional() }).optional()
})

type Body = z.output<typeof schema>

const FAILURE = {
  code: 'OutputImageSensitiveContentDetected',
  message: 'The request failed because the output image may contain sensitive information.'
}

/** Output tokens of one image, as upstream counts them (2048x2048 = 16384). */
const outputTokens = (d: Dimensions): number => Math.ceil((d.width * d.height) / 256)

function plan(ctx: RequestContext, body: Body) {
  const dims = tierOrPixels(body.size ?? '2K', SIZE_RULE)
  if (typeof dims === 'string') throw invalid(`Invalid request: size: ${dims}`)
  const count =
    body.sequential_image_generation === 'auto'
      ? (body.sequential_image_generation_options?.max_images ?? MAX_GROUP)
      : 1
  const failing = new Set(ctx.step?.partialFail ?? markerNumbers(body.prompt, 'partial_fail'))
  const indices = Array.from({ length: count }, (_, i) => i)
  const inputImages = body.image === undefined ? 0 : Array.isArray(body.image) ? body.image.length : 1
  const succeeded = indices.filter((i) => !failing.has(i))
  const spec = (index: number): ImageSpec => ({
    prompt: body.prompt,
    seed: body.seed ?? 0,
    index,
    ...dims,
    format: body.output_format ?? 'jpeg',
    // Upstream watermarks unless told not to.
    watermark: body.watermark !== false
  })
  const tokens = succeeded.length * outputTokens(dims)
  const usage = { generated_images: succeeded.length, output_tokens: tokens, total_tokens: tokens }
  return { dims, indices, failing, inputImages, succeeded, spec, usage }
}

/** POST /partner-a/v3/images/generations: Ark Seedream semantics (docs/GATEWAY.md §2.6), JSON or SSE. */
export async function partnerA(ctx: RequestContext): Promise<void> {
  const raw = parseJsonObject(ctx.req, ctx.raw)
  const model = ctx.state.accounts.resolveModel(ctx.key, raw.model, ENDPOINTS.partnerA)
  if ('n' in raw) {
    throw invalid(
      '"n" is not accepted; for image groups use sequential_image_generation',
      'unsupported_parameter'
    )
  }
  const body = validate(schema, raw)
  if (body.stream === true && !model.streaming) {
    throw invalid(`Model "${model.id}" does not support streaming`, 'stream_not_supported')
  }
  const p = plan(ctx, body)
  ctx.state.accounts.charge(
    ctx.key,
    costOf(model, { images: p.succeeded.length, inputImages: p.inputImages })
  )
  const created = ctx.state.clock.seconds()
  const size = sizeText(p.dims)

  if (body.stream !== true) {
    const format = body.response_format ?? 'url'
    const data = await Promise.all(
      p.indices.map(async (i) =>
        p.failing.has(i)
          ? { error: FAILURE }
          : { ...(await imageElement(ctx, p.spec(i), format)), size, revised_prompt: body.prompt }
      )
    )
    return sendJson(ctx.wire, 200, { model: model.id, created, data, usage: p.usage })
  }

  const format = body.response_format === 'url' ? 'url' : 'b64_json'
  const upstream = ctx.step?.upstreamEvents === true
  const sse = new SseStream(ctx.wire)
  const send = (type: string, data: Record<string, unknown>): Promise<void> =>
    sse.send({
      event: upstream ? type : undefined,
      data: { type, ...(upstream ? { model: model.id, created } : {}), ...data }
    })
  await sse.open()
  const done: Record<string, unknown>[] = []
  for (const i of p.indices) {
    await sleep(ctx.state.timing.partialDelayMs, ctx.wire.signal)
    if (p.failing.has(i)) {
      await send('image_generation.partial_failed', { image_index: i, error: FAILURE })
      continue
    }
    const element = { ...(await imageElement(ctx, p.spec(i), format)), size }
    done.push(element)
    await send('image_generation.partial_succeeded', { image_index: i, ...element })
  }
  await send('image_generation.completed', { data: done, usage: p.usage })
  await sse.done()
}
