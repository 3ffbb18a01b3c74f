import { z } from 'zod'
import { costOf } from '../accounts'
import type { FieldNames, RequestContext } from '../context'
import { ENDPOINTS } from '../endpoints'
import { invalid } from '../errors'
import { parseJsonObject } from '../http/body'
import { sendJson } from '../http/respond'
import { fields, validate } from '../validate'
import { hostImage, tierOrPixels } from './results'

const MAX_REFERENCES = 9
const SIZE_RULE = {
  tiers: { '1K': 1024, '2K': 2048, '4K': 4096 },
  minPixels: 768 * 768,
  maxPixels: 4096 * 4096,
  maxAspect: 8,
  star: true
}
const REFERENCE_FIELD: Record<FieldNames, string> = { default: 'image', alternative: 'images' }

function schemaFor(names: FieldNames) {
  return z.strictObject({
    model: z.string(),
    prompt: fields.prompt,
    n: z.number().int().min(1).max(1, 'only 1 image per request').optional(),
    size: z.string().optional(),
    seed: z.number().int().min(0).max(2147483647).optional(),
    watermark: z.boolean().optional(),
    [REFERENCE_FIELD[names]]: z
      .union([
        fields.imageRef,
        z.array(fields.imageRef).max(MAX_REFERENCES, `at most ${MAX_REFERENCES} reference images`)
      ])
      .optional(),
    // Upstream knobs the gateway passes through (docs/GATEWAY.md §2.7).
    negative_prompt: z.string().optional(),
    prompt_extend: z.boolean().optional(),
    thinking_mode: z.boolean().optional(),
    color_palette: z.array(z.unknown()).optional(),
    bbox_list: z.array(z.unknown()).optional()
  })
}

/**
 * POST /v1/images/partner-b: Wan 2.7 semantics (docs/GATEWAY.md §2.7), one image behind an expiring signed
 * URL.
 */
export async function partnerB(ctx: RequestContext): Promise<void> {
  const raw = parseJsonObject(ctx.req, ctx.raw)
  const model = ctx.state.accounts.resolveModel(ctx.key, raw.model, ENDPOINTS.partnerB)
  const body = validate(schemaFor(ctx.state.fieldNames), raw)
  const refs = body[REFERENCE_FIELD[ctx.state.fieldNames]]
  const references = refs === undefined ? 0 : Array.isArray(refs) ? refs.length : 1
  const size = typeof body.size === 'string' ? body.size : '2K'
  if (size === '4K' && references > 0)
    throw invalid('size "4K" is only available for text-to-image (no reference images)')
  const dims = tierOrPixels(size, SIZE_RULE)
  if (typeof dims === 'string') throw invalid(`Invalid request: size: ${dims}`)
  ctx.state.accounts.charge(ctx.key, costOf(model, { images: 1 }))
  const prompt = String(body.prompt)
  const seed = typeof body.seed === 'number' ? body.seed : 0
  const spec = { prompt, seed, index: 0, ...dims, format: 'png' as const, watermark: body.watermark === true }
  const { url } = hostImage(ctx, spec, { signed: true })
  return sendJson(ctx.wire, 200, { created: ctx.state.clock.seconds(), data: [{ url }] })
}
