import { z } from 'zod'
import { costOf } from '../accounts'
import type { RequestContext } from '../context'
import { ENDPOINTS } from '../endpoints'
import { invalid } from '../errors'
import { parseMultipart } from '../http/body'
import { sendJson } from '../http/respond'
import { fields, validate } from '../validate'
import { applyEdit, dimensionsOf } from './mask'
import { tokenUsage } from './openai-images'
import { openAiImageOptions, transparentNeedsAlpha } from './openai-options'
import { CONTENT_TYPES, EXTENSIONS } from './render'
import { parseDimensions, resultTtl, sizeText } from './results'

const MAX_IMAGES = 16
const TEXT_FIELDS = new Set([
  'model',
  'prompt',
  'n',
  'size',
  'quality',
  'background',
  'output_format',
  'output_compression',
  'input_fidelity',
  'response_format',
  'user'
])
const FILE_FIELDS = new Set(['image', 'image[]', 'mask'])

const intField = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))

const schema = z
  .strictObject({
    model: z.string(),
    prompt: fields.prompt,
    n: intField(1, 10).optional(),
    size: z.enum(['auto', '256x256', '512x512', '1024x1024', '1536x1024', '1024x1536']).optional(),
    quality: z.enum(['auto', 'low', 'medium', 'high', 'standard']).optional(),
    background: openAiImageOptions.background,
    output_format: openAiImageOptions.output_format,
    output_compression: intField(0, 100).optional(),
    input_fidelity: z.enum(['high', 'low']).optional(),
    response_format: fields.responseFormat.optional(),
    user: z.string().optional()
  })
  .superRefine(transparentNeedsAlpha)

/** Splits the form into text fields and files, refusing unknown, repeated or mistyped parts. */
function readForm(form: FormData): { text: Record<string, string>; images: File[]; mask?: File } {
  const text: Record<string, string> = {}
  const files: Record<string, File[]> = {}
  for (const [name, value] of form.entries()) {
    if (FILE_FIELDS.has(name)) {
      if (typeof value === 'string') throw invalid(`"${name}" must be a file part`, 'invalid_parameter')
      ;(files[name] ??= []).push(value)
    } else if (TEXT_FIELDS.has(name)) {
      if (typeof value !== 'string')
        throw invalid(`"${name}" must be a text field, not a file`, 'invalid_parameter')
      if (name in text) throw invalid(`"${name}" appears more than once`, 'invalid_parameter')
      text[name] = value
    } else {
      throw invalid(`Invalid request: body: unknown field(s) "${name}"`, 'unknown_parameter')
    }
  }
  const single = files.image ?? []
  const many = files['image[]'] ?? []
  if (single.length > 0 && many.length > 0) throw invalid('Send either "image" or "image[]", not both')
  if (single.length > 1) throw invalid('Several images go in repeated "image[]" parts, not repeated "image"')
  const images = single.length > 0 ? single : many
  if (images.length === 0) throw invalid('"image" is required', 'missing_required_parameter')
  if (images.length > MAX_IMAGES) throw invalid(`At most ${MAX_IMAGES} images, got ${images.length}`)
  if ((files.mask?.length ?? 0) > 1) throw invalid('Only one "mask" is allowed')
  return { text, images, mask: files.mask?.[0] }
}

/**
 * POST /v1/images/edits (multipart; docs/GATEWAY.md §2.3): the mask's transparent pixels are edited, nothing
 * else.
 */
export async function imageEdits(ctx: RequestContext): Promise<void> {
  const form = await parseMultipart(ctx.req, ctx.raw)
  const { text, images, mask } = readForm(form)
  const model = ctx.state.accounts.resolveModel(ctx.key, text.model, ENDPOINTS.imageEdits)
  const body = validate(schema, text)
  const first = Buffer.from(await (images[0] as File).arrayBuffer())
  const n = body.n ?? 1
  const format = body.output_format ?? 'png'
  const source = await dimensionsOf(first).catch(() => {
    throw invalid('image is not a decodable image', 'invalid_image')
  })
  const dims = parseDimensions(body.size ?? 'auto') ?? source
  const edited = await applyEdit({
    image: first,
    mask: mask ? Buffer.from(await mask.arrayBuffer()) : undefined,
    format,
    quality: body.output_compression,
    resize: dims
  })
  for (const extra of images.slice(1)) {
    await dimensionsOf(Buffer.from(await extra.arrayBuffer())).catch(() => {
      throw invalid('every image[] part must be a decodable image', 'invalid_image')
    })
  }
  const usage = tokenUsage(body.prompt, dims, n, images.length)
  ctx.state.accounts.charge(ctx.key, costOf(model, { images: n, tokens: usage.total_tokens }))
  const element = (): Record<string, unknown> => {
    if (body.response_format === 'b64_json')
      return { b64_json: edited.toString('base64'), revised_prompt: body.prompt }
    const file = ctx.state.files.add({
      ext: EXTENSIONS[format],
      contentType: CONTENT_TYPES[format],
      produce: () => Promise.resolve(edited),
      ttlMs: resultTtl(ctx)
    })
    return { url: file.url, revised_prompt: body.prompt }
  }
  return sendJson(ctx.wire, 200, {
    created: ctx.state.clock.seconds(),
    ...(body.background ? { background: body.background } : {}),
    output_format: format,
    size: sizeText(dims),
    data: Array.from({ length: n }, element),
    usage
  })
}
