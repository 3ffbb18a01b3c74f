import type { RequestContext } from '../context'
import { CONTENT_TYPES, EXTENSIONS, type ImageSpec } from './render'

/** URL lifetime for results of this request; an `expiredUrls` fault step makes them dead on arrival. */
export function resultTtl(ctx: RequestContext): number {
  return ctx.step?.expiredUrls ? 0 : ctx.state.urlTtlMs
}

/** Hosts a rendered image (drawn on first download) and returns its URL and file id. */
export function hostImage(
  ctx: RequestContext,
  spec: ImageSpec,
  opts: { signed?: boolean; from?: number } = {}
): { id: string; url: string } {
  return ctx.state.files.add({
    ext: EXTENSIONS[spec.format],
    contentType: CONTENT_TYPES[spec.format],
    produce: () => ctx.state.images.render(spec),
    ttlMs: resultTtl(ctx),
    ...opts
  })
}

/** One `data[]` element: `url` or `b64_json`, as asked. */
export async function imageElement(
  ctx: RequestContext,
  spec: ImageSpec,
  responseFormat: 'url' | 'b64_json'
): Promise<{ url: string } | { b64_json: string }> {
  if (responseFormat === 'b64_json')
    return { b64_json: (await ctx.state.images.render(spec)).toString('base64') }
  return { url: hostImage(ctx, spec).url }
}

export interface Dimensions {
  width: number
  height: number
}

/** `WxH` (or `W*H` where `star` is allowed) with positive integers. */
export function parseDimensions(value: string, star = false): Dimensions | undefined {
  const m = (star ? /^(\d{1,5})[x*](\d{1,5})$/ : /^(\d{1,5})x(\d{1,5})$/).exec(value)
  if (!m?.[1] || !m[2]) return undefined
  const width = Number(m[1])
  const height = Number(m[2])
  return width > 0 && height > 0 ? { width, height } : undefined
}

export const sizeText = (d: Dimensions): string => `${d.width}x${d.height}`

/**
 * A size field that takes a tier (`1K`…) or a pixel size within pixel-total and aspect-ratio bounds.
 * Returns the dimensions, or a message saying what is wrong.
 */
export function tierOrPixels(
  value: string,
  rule: {
    tiers: Record<string, number>
    minPixels: number
    maxPixels: number
    maxAspect: number
    star?: boolean
  }
): Dimensions | string {
  const tier = rule.tiers[value]
  if (tier !== undefined) return { width: tier, height: tier }
  const dims = parseDimensions(value, rule.star)
  if (!dims) return `must be one of ${Object.keys(rule.tiers).join(', ')} or <width>x<height>`
  const pixels = dims.width * dims.height
  if (pixels < rule.minPixels || pixels > rule.maxPixels) {
    return `${value} has ${pixels} pixels; the total must be within [${rule.minPixels}, ${rule.maxPixels}]`
  }
  const aspect = dims.width / dims.height
  if (aspect > rule.maxAspect || aspect < 1 / rule.maxAspect) {
    return `${value} has aspect ratio ${aspect.toFixed(3)}; it must be within [1:${rule.maxAspect}, ${rule.maxAspect}:1]`
  }
  return dims
}
