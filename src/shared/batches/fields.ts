import { z } from 'zod'
import { descriptorOf, type DescriptorKey } from '../gateway/endpoints'
import { getPath, setPath } from '../gateway/endpoints/form'
import type { JobRequest } from '../schemas/jobs'

/**
 * The fields of a request body a batch may set, per endpoint, by the names the Images form's `wire` uses
 * (the job body's own names: `seed`, not a profile's renamed wire name). A field is the endpoint's own when
 * its body schema declares it, its form offers it, or the base sets it; a body that keeps unknown fields
 * (imagesV1, partnerA) takes any name a column maps; one with an `extra` container (imagesV2, partnerB,
 * videos) takes the others there, as its "Extra JSON fields" box would.
 */

interface BodyShape {
  declared: ReadonlyMap<string, z.ZodType>
  offered: ReadonlySet<string>
  loose: boolean
  extra: boolean
}

/** Never set by a column or an axis: they have roles of their own. */
const NOT_FIELDS = new Set(['model', 'prompt', 'extra'])

const shapes = new Map<DescriptorKey, BodyShape>()

function shapeOf(endpoint: DescriptorKey): BodyShape {
  const known = shapes.get(endpoint)
  if (known) return known
  const descriptor = descriptorOf(endpoint)
  const job = descriptor.job
  const body = job instanceof z.ZodObject ? (job.shape as Record<string, z.ZodType>)['body'] : undefined
  const bodyShape = body instanceof z.ZodObject ? (body.shape as Record<string, z.ZodType>) : {}
  const catchall = body instanceof z.ZodObject ? body.def.catchall : undefined
  const shape: BodyShape = {
    declared: new Map(Object.entries(bodyShape)),
    offered: new Set(
      (descriptor.form?.fields ?? []).flatMap((field) => {
        if (field.kind === 'extra' || field.kind === 'notice') return []
        const wires = [field.target === 'job' ? undefined : field.wire]
        if (field.kind === 'toggle' && field.inline) wires.push(field.inline.wire)
        return wires.filter((wire): wire is string => wire !== undefined)
      })
    ),
    loose: catchall !== undefined && !(catchall instanceof z.ZodNever),
    extra: 'extra' in bodyShape
  }
  shapes.set(endpoint, shape)
  return shape
}

const topOf = (field: string): string => field.split('.')[0] ?? field

/** Whether the endpoint has this field of its own (what the size and seed axes need to be set at all). */
export function hasField(base: JobRequest, field: string): boolean {
  const shape = shapeOf(base.endpoint)
  return (
    shape.declared.has(topOf(field)) || shape.offered.has(field) || getPath(base.body, field) !== undefined
  )
}

/** Where a column's value for `field` goes in this base's body, or null when the endpoint has no place for it. */
function placeOf(base: JobRequest, field: string): 'body' | 'extra' | null {
  if (NOT_FIELDS.has(topOf(field))) return null
  const shape = shapeOf(base.endpoint)
  if (hasField(base, field) || shape.loose) return 'body'
  return shape.extra ? 'extra' : null
}

/** The names a column could set on any of the bases, sorted: what a mapping guesses from and offers. */
export function fieldNamesOf(bases: readonly JobRequest[]): string[] {
  const names = new Set<string>()
  for (const base of bases) {
    const shape = shapeOf(base.endpoint)
    for (const name of [...shape.declared.keys(), ...shape.offered, ...Object.keys(base.body)]) {
      if (!NOT_FIELDS.has(topOf(name))) names.add(name)
    }
  }
  return [...names].sort()
}

export type FieldKind = 'number' | 'boolean' | 'text' | 'unknown'

/** The schema under optional, nullable and default wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema
  for (let depth = 0; depth < 8; depth++) {
    const inner = (current.def as { innerType?: z.ZodType }).innerType
    if (!inner) break
    current = inner
  }
  return current
}

function declaredKind(shape: BodyShape, field: string): FieldKind {
  const [top, ...rest] = field.split('.')
  let schema = top === undefined ? undefined : shape.declared.get(top)
  for (const key of rest) {
    const object = schema ? unwrapped(schema) : undefined
    schema = object instanceof z.ZodObject ? (object.shape as Record<string, z.ZodType>)[key] : undefined
  }
  const inner = schema ? unwrapped(schema) : undefined
  if (inner instanceof z.ZodNumber) return 'number'
  if (inner instanceof z.ZodBoolean) return 'boolean'
  if (inner instanceof z.ZodString) return 'text'
  return 'unknown'
}

/**
 * The kind of value a field takes: what the base holds there, else what the body schema declares, else
 * unknown (an extra or a field of a body that keeps unknown fields).
 */
function kindOf(base: JobRequest, field: string, place: 'body' | 'extra'): FieldKind {
  const body = base.body as Readonly<Record<string, unknown>>
  const current =
    place === 'extra'
      ? new Map(Object.entries((body['extra'] as Record<string, unknown> | undefined) ?? {})).get(field)
      : getPath(body, field)
  if (typeof current === 'number') return 'number'
  if (typeof current === 'boolean') return 'boolean'
  if (typeof current === 'string') return 'text'
  return place === 'body' ? declaredKind(shapeOf(base.endpoint), field) : 'unknown'
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
/** A decimal comma, as a spreadsheet in much of Europe writes it (their CSV files use `;` between cells). */
const COMMA_DECIMAL = /^[+-]?\d+,\d+$/
const BOOLEAN = /^(?:true|false)$/i

export type CellValue =
  | { ok: true; value: string | number | boolean }
  | { ok: false; code: 'field_not_number' | 'field_not_boolean' }

/**
 * A cell's text as the field's kind: numbers for number fields, true/false for boolean ones; a field of
 * unknown kind takes true/false as booleans and anything else as text (a number-looking text stays text:
 * `"007"` may be a name).
 */
export function cellValue(text: string, kind: FieldKind): CellValue {
  if (kind === 'number') {
    // Plain digits, the usual seed or count, need neither pattern: they are a number as they are.
    const value = isDigits(text) ? Number(text) : numberOf(text)
    return Number.isFinite(value) ? { ok: true, value } : { ok: false, code: 'field_not_number' }
  }
  if (kind === 'boolean') {
    return BOOLEAN.test(text)
      ? { ok: true, value: text.toLowerCase() === 'true' }
      : { ok: false, code: 'field_not_boolean' }
  }
  if (kind === 'unknown' && BOOLEAN.test(text)) return { ok: true, value: text.toLowerCase() === 'true' }
  return { ok: true, value: text }
}

function isDigits(text: string): boolean {
  if (text.length === 0) return false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 48 || code > 57) return false
  }
  return true
}

/** A number as a cell may write it (a sign, a decimal point or comma, an exponent), else NaN. */
function numberOf(text: string): number {
  const plain = COMMA_DECIMAL.test(text) ? text.replace(',', '.') : text
  return NUMBER.test(plain) ? Number(plain) : NaN
}

/** Where a column's field goes on a base and the kind of value it takes, or null when it has no place. */
export interface FieldPlan {
  place: 'body' | 'extra'
  kind: FieldKind
}

export function planField(base: JobRequest, field: string): FieldPlan | null {
  const place = placeOf(base, field)
  return place ? { place, kind: kindOf(base, field, place) } : null
}

/**
 * Sets the field in a body the caller made for this row: objects on the way (an `extra`, a nested option)
 * are copied before they change, as the base's are shared by every row.
 */
export function setField(
  body: Record<string, unknown>,
  place: 'body' | 'extra',
  field: string,
  value: unknown
): void {
  if (place === 'extra') {
    const extra = (body['extra'] as Record<string, unknown> | undefined) ?? {}
    body['extra'] = { ...extra, [field]: value }
    return
  }
  // Most fields are top level: set them directly, as setPath's walk costs more than the rest of a row.
  if (field.includes('.')) setPath(body, field, value)
  else body[field] = value
}
