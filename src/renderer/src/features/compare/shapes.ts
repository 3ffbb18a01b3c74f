import type { DescriptorKey } from '@shared/gateway/endpoints'
import type { FieldSpec } from '@shared/gateway/endpoints/form'
import type { FieldValues } from '../../jobs/imageForm/fields'
import { formOf } from '../../jobs/imageForm/form'

/**
 * One shape for every compared model, said in each endpoint's own size values. Endpoints name sizes
 * differently (a list of W×H, a list of ratios, free W×H, tiers or W×H), so a shape becomes the value of
 * the endpoint's size field (the form field sending `size`) that matches it: exactly, nearly (the ratio
 * differs by a few per cent), or not at all — then the endpoint keeps its own default and the screen says
 * so before anything is sent.
 */

export const SHAPES = ['default', '1:1', '3:2', '2:3', '4:3', '3:4', '16:9', '9:16'] as const
export type Shape = (typeof SHAPES)[number]

/** A shape's catalog key: `16x9` (i18next would read the colon of `16:9` as a namespace). */
export const shapeKey = <S extends Shape>(shape: S): S extends `${infer W}:${infer H}` ? `${W}x${H}` : S =>
  shape.replace(':', 'x') as S extends `${infer W}:${infer H}` ? `${W}x${H}` : S

/** Free-size endpoints get these, about 4 MP each (every side a multiple of 16, the ratio exact). */
const FREE_SIZES: Record<Exclude<Shape, 'default'>, readonly [number, number]> = {
  '1:1': [2048, 2048],
  '3:2': [2496, 1664],
  '2:3': [1664, 2496],
  '4:3': [2304, 1728],
  '3:4': [1728, 2304],
  '16:9': [2560, 1440],
  '9:16': [1440, 2560]
}

/** How far two ratios may be apart (on a log scale) and still count as the same shape, or a near one. */
const EXACT = 0.005
const NEAR = 0.06

export type ShapeFit =
  /** The endpoint's own default: the user asked for none, or the endpoint has no size field. */
  | { kind: 'default'; noField: boolean }
  | { kind: 'exact' | 'near'; value: string; values: FieldValues }
  /** No value of this endpoint is that shape; it keeps its default. */
  | { kind: 'none' }

const ratioOfShape = (shape: Exclude<Shape, 'default'>): number => {
  const [w, h] = shape.split(':').map(Number) as [number, number]
  return w / h
}

/** The ratio a size value stands for: `1536x1024`, `16:9`; null for tiers and `auto`. */
export function ratioOf(value: string): number | null {
  const match = /^(\d+)\s*[x×:]\s*(\d+)$/.exec(value.trim())
  if (!match) return null
  const [w, h] = [Number(match[1]), Number(match[2])]
  return w > 0 && h > 0 ? w / h : null
}

/** The endpoint's field that sends the request's `size`. */
export function sizeFieldOf(endpoint: DescriptorKey): FieldSpec | undefined {
  return formOf(endpoint)?.fields.find((spec) => 'wire' in spec && spec.wire === 'size')
}

function closest(options: readonly string[], target: number): { value: string; distance: number } | null {
  let best: { value: string; distance: number } | null = null
  for (const value of options) {
    const ratio = ratioOf(value)
    if (ratio === null) continue
    const distance = Math.abs(Math.log(ratio / target))
    if (!best || distance < best.distance - 1e-9) best = { value, distance }
  }
  return best
}

/** How `shape` is sent to `endpoint`: the size field's values that make it, and how close they come. */
export function fitShape(endpoint: DescriptorKey, shape: Shape): ShapeFit {
  const spec = sizeFieldOf(endpoint)
  if (!spec) return { kind: 'default', noField: true }
  if (shape === 'default') return { kind: 'default', noField: false }
  const target = ratioOfShape(shape)
  const [width, height] = FREE_SIZES[shape]
  if (spec.kind === 'text') {
    const value = `${width}x${height}`
    return { kind: 'exact', value, values: { [spec.key]: value } }
  }
  if (spec.kind === 'tierOrSize') {
    const pixels = width * height
    const fits =
      pixels >= spec.minPixels && pixels <= spec.maxPixels && Math.max(target, 1 / target) <= spec.maxAspect
    if (!fits) return { kind: 'none' }
    const value = `${width}x${height}`
    return {
      kind: 'exact',
      value,
      values: { sizeMode: 'custom', width: String(width), height: String(height) }
    }
  }
  if (spec.kind !== 'select') return { kind: 'none' }
  const best = closest(spec.options, target)
  if (!best || best.distance > NEAR) return { kind: 'none' }
  return {
    kind: best.distance <= EXACT ? 'exact' : 'near',
    value: best.value,
    values: { [spec.key]: best.value }
  }
}
