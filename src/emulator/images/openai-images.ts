import { z } from 'zod'
import { costOf } from '../accounts'
import type { RequestContext } from '../context'
import { ENDPOINTS, type EndpointPath } from '../endpoints'
import { parseJsonObject } from '../http/body'
import { sendJson } from '../http/respond'
import { countTokens, IMAGE_INPUT_TOKENS } from '../text/tokens'
import { fields, validate } from '../validate'
import { openAiImageOptions, transparentNeedsAlpha } from './openai-options'
import type { ImageFormat } from './render'
import { imageElement, parseDimensions, sizeText, type Dimensions } from './results'

const V3_SIZES = [
  'auto',
  '1024x1024',
  '1024x1536',
  '1536x1024',
  '2048x2048',
  '2048x1152',
  '3840x2160',
  '2160x3840',
  '2048x1360',
  '1360x2048',
  '1152x2048',
  '2048x1536',
  '1536x2048',
  '2048x880',
  '880x2048',
  '688x2048',
  '2048x688',
  '2048x1024'
] as const

const COMPAT_SIZES = [
  'auto',
  '256x256',
  '512x512',
  '1024x1024',
  '1536x1024',
  '1024x1536',
  '1792x1024',
  '1024x1792'
] as const

const v3Schema = z
  .strictObject({
    model: z.string(),
    prompt: fields.prompt,
    n: z.number().int().min(1).max(10).optional(),
    size: z.enum(V3_SIZES).optional(),
    ...openAiImageOptions
  })
  .superRefine(transparentNeedsAlpha)

const compatSchema = z
  .strictObject({
    model: z.string(),
    prompt: fields.prompt,
    n: z.number().int().min(1).max(10).optional(),
    size: z.enum(COMPAT_SIZES).optional(),
    quality: z.enum(['auto', 'low', 'medium', 'high', 'standard', 'hd']).optional(),
    response_format: fields.responseFormat.optional(),
    style: z.enum(['vivid', 'natural']).optional(),
    user: z.string().optional(),
    ...openAiImageOptions
  })
  .superRefine(transparentNeedsAlpha)

/** Output tokens an image of this size is billed as (1024² = 256 tokens). */
export const imageTokens = (width: number, height: number): number => Math.ceil((width * height) / 4096)

/** n images of one prompt, as `url` or `b64_json` elements with `revised_prompt`. */
export function renderSet(
  ctx: RequestContext,
  opts: {
    prompt: string
    n: number
    dims: Dimensions
    format: ImageFormat
    transparent: boolean
    compression?: number
    responseFormat: 'url' | 'b64_json'
  }
): Promise<Record<string, unknown>[]> {
  return Promise.all(
    Array.from({ length: opts.n }, async (_, index) => ({
      ...(await imageElement(
        ctx,
        {
          prompt: opts.prompt,
          seed: 0,
          index,
          ...opts.dims,
          format: opts.format,
          transparent: opts.transparent,
          quality: opts.format === 'png' ? undefined : opts.compression
        },
        opts.responseFormat
      )),
      revised_prompt: opts.prompt
    }))
  )
}

/** The OpenAI image `usage` object: text and input-image tokens in, image tokens out. */
export function tokenUsage(prompt: string, dims: Dimensions, count: number, inputImages = 0) {
  const textTokens = countTokens(prompt)
  const imageInput = inputImages * IMAGE_INPUT_TOKENS
  const output = imageTokens(dims.width, dims.height) * count
  return {
    total_tokens: textTokens + imageInput + output,
    input_tokens: textTokens + imageInput,
    output_tokens: output,
    input_tokens_details: { text_tokens: textTokens, image_tokens: imageInput }
  }
}

interface GenerationBody {
  prompt: string
  n?: number
  size?: string
  background?: 'transparent' | 'opaque' | 'auto'
  output_format?: ImageFormat
  output_compression?: number
  response_format?: 'url' | 'b64_json'
}

/** Parse, resolve, validate, bill and render: what the two synchronous generation endpoints share. */
async function generate<B extends GenerationBody>(
  ctx: RequestContext,
  endpoint: EndpointPath,
  schema: z.ZodType<B>
) {
  const raw = parseJsonObject(ctx.req, ctx.raw)
  const model = ctx.state.accounts.resolveModel(ctx.key, raw.model, endpoint)
  const body = validate(schema, raw)
  const n = body.n ?? 1
  const dims = parseDimensions(body.size ?? 'auto') ?? { width: 1024, height: 1024 }
  const usage = tokenUsage(body.prompt, dims, n)
  ctx.state.accounts.charge(ctx.key, costOf(model, { images: n, tokens: usage.total_tokens }))
  const format = body.output_format ?? 'png'
  const data = await renderSet(ctx, {
    prompt: body.prompt,
    n,
    dims,
    format,
    transparent: body.background === 'transparent',
    compression: body.output_compression,
    responseFormat: body.response_format ?? 'url'
  })
  return { body, data, usage, format, size: sizeText(dims), created: ctx.state.clock.seconds() }
}

/** POST /v3/images/generations: per-image billing, URLs, `quality` always `low` (docs/GATEWAY.md §2.4). */
export async function v3Images(ctx: RequestContext): Promise<void> {
  const r = await generate(ctx, ENDPOINTS.imagesV3, v3Schema)
  return sendJson(ctx.wire, 200, {
    created: r.created,
    background: r.body.background ?? 'auto',
    output_format: r.format,
    quality: 'low',
    size: r.size,
    data: r.data,
    usage: r.usage
  })
}

/** POST /v1/images/generations: the OpenAI-compatible form; billed by the model's unit. */
export async function compatImages(ctx: RequestContext): Promise<void> {
  const r = await generate(ctx, ENDPOINTS.imagesCompat, compatSchema)
  return sendJson(ctx.wire, 200, {
    created: r.created,
    ...(r.body.background ? { background: r.body.background } : {}),
    output_format: r.format,
    size: r.size,
    data: r.data,
    usage: r.usage
  })
}
