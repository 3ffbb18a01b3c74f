import type { TFunction } from 'i18next'
import { parseWxH } from '@shared/gateway/checks'
import {
  getPath,
  setPath,
  type FieldSpec,
  type FormSpec,
  type NumberSpec,
  type TierOrSizeSpec,
  type ToggleSpec
} from '@shared/gateway/endpoints/form'
import { fieldWords, type FieldWords } from './words'

/**
 * What each kind of form field means (src/shared/gateway/endpoints/form.ts): its draft values and their
 * defaults, how the draft becomes request fields (and the issues on the way), and how a stored request
 * becomes the draft again (remix). Pure functions over any endpoint's `form`; the screen renders the same
 * specs in generate/EndpointFields.tsx.
 */

/** The values of one endpoint's fields as the user typed them (text, so a half-typed number is kept). */
export type FieldValues = Record<string, string | boolean>

export interface FormIssue {
  /** The field key it is shown next to; `profile` for the profile's extras (fixed in Settings). */
  field: string
  message: string
}

const str = (values: FieldValues, key: string): string => {
  const value = values[key]
  return typeof value === 'string' ? value : ''
}
export const isOn = (values: FieldValues, key: string): boolean => values[key] === true

/** Whether a field with a `when` condition applies to these values. */
export const applies = (spec: NumberSpec, values: FieldValues): boolean =>
  !spec.when || spec.when.in.includes(str(values, spec.when.field))

// ---- defaults ----

function defaultsOf(spec: FieldSpec): [string, string | boolean][] {
  switch (spec.kind) {
    case 'toggle':
      return [[spec.key, spec.default], ...(spec.inline ? defaultsOf(spec.inline) : [])]
    case 'tierOrSize':
      return [['sizeMode', 'tier'], ...Object.entries(spec.default)]
    case 'extra':
      return [['extra', '']]
    case 'notice':
      return []
    default:
      return [[spec.key, spec.default]]
  }
}

export const defaultValues = (form: FormSpec): FieldValues =>
  Object.fromEntries(form.fields.flatMap(defaultsOf))

// ---- the draft → request fields ----

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

function parseExtra(text: string, issues: FormIssue[], t: TFunction): Record<string, Json> | undefined {
  if (text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    issues.push({ field: 'extra', message: t('images.issues.notJson') })
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ field: 'extra', message: t('images.issues.notObject') })
    return undefined
  }
  const bad = Object.keys(value).find((key) => !FIELD_NAME.test(key))
  if (bad !== undefined) {
    issues.push({ field: 'extra', message: t('images.issues.fieldName', { name: bad }) })
    return undefined
  }
  return value as Record<string, Json>
}

/** How the form speaks while it reads: the app's `t` and the endpoint's descriptor words. */
interface Say {
  t: TFunction
  fields: FieldWords
}

function wholeNumber(
  text: string,
  field: string,
  words: string,
  issues: FormIssue[],
  t: TFunction,
  range?: { min?: number | undefined; max?: number | undefined }
): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const value = Number(trimmed)
  const { min, max } = range ?? {}
  if (
    !/^-?\d+$/.test(trimmed) ||
    (min !== undefined && value < min) ||
    (min !== undefined && max !== undefined && value > max)
  ) {
    const about = { field: words, value: trimmed, min, max }
    const message =
      min === undefined
        ? t('images.issues.whole', about)
        : max === undefined
          ? t('images.issues.wholeAtLeast', about)
          : t('images.issues.wholeRange', about)
    issues.push({ field, message })
    return undefined
  }
  return value
}

function decimal(text: string, field: string, words: string, issues: FormIssue[], t: TFunction) {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const value = Number(trimmed)
  if (!Number.isFinite(value)) {
    issues.push({ field, message: t('images.issues.number', { field: words, value: trimmed }) })
    return undefined
  }
  return value
}

/** What the fields make of the draft: body fields, job fields, and the extras spread under or nested in the body. */
export interface ReadForm {
  body: Record<string, unknown>
  job: Record<string, unknown>
  spread: Record<string, unknown> | undefined
  nested: Record<string, unknown> | undefined
}

function put(out: ReadForm, spec: { wire?: string; target?: 'body' | 'job'; key: string }, value: unknown) {
  setPath(spec.target === 'job' ? out.job : out.body, spec.wire ?? spec.key, value)
}

function readNumber(spec: NumberSpec, values: FieldValues, out: ReadForm, issues: FormIssue[], say: Say) {
  if (!applies(spec, values)) return
  const text = str(values, spec.key)
  const words = say.fields.words({ key: spec.key, label: spec.label })
  const value = spec.whole
    ? wholeNumber(text, spec.key, words, issues, say.t, spec)
    : decimal(text, spec.key, words, issues, say.t)
  if (spec.required && text.trim() === '')
    issues.push({ field: spec.key, message: say.fields.text(spec.key, 'required', spec.required) })
  if (value !== undefined) put(out, spec, value)
}

function readToggle(spec: ToggleSpec, values: FieldValues, out: ReadForm, issues: FormIssue[], say: Say) {
  const on = isOn(values, spec.key)
  if (spec.send === 'always') put(out, spec, on)
  else if (on && spec.sets) Object.assign(out.body, spec.sets)
  else if (on) put(out, spec, true)
  if (on && spec.inline) readNumber(spec.inline, values, out, issues, say)
}

function readTierOrSize(
  spec: TierOrSizeSpec,
  values: FieldValues,
  out: ReadForm,
  issues: FormIssue[],
  { t, fields }: Say
): void {
  let size: string | undefined = str(values, 'tier')
  if (values['sizeMode'] === 'custom') {
    const [width, height] = [str(values, 'width'), str(values, 'height')]
    const w = wholeNumber(width, spec.key, t('images.words.width'), issues, t, { min: 1 })
    const h = wholeNumber(height, spec.key, t('images.words.height'), issues, t, { min: 1 })
    size = w !== undefined && h !== undefined ? `${w}x${h}` : undefined
    if (width.trim() === '' || height.trim() === '')
      issues.push({
        field: spec.key,
        message: t('images.issues.sizeBoth', { field: fields.words({ key: spec.key, label: spec.label }) })
      })
  }
  if (size) put(out, spec, size)
}

/**
 * The draft's request fields and every issue found on the way: plain fields first (numbers are parsed
 * here), then fields checked as a whole (a size), then the extra JSON fields — the order the form says them.
 * Issues are said through `t`, the descriptor's words as the catalog has them for `endpoint`.
 */
export function readForm(
  form: FormSpec,
  values: FieldValues,
  issues: FormIssue[],
  t: TFunction,
  endpoint: string
): ReadForm {
  const out: ReadForm = { body: {}, job: {}, spread: undefined, nested: undefined }
  const say: Say = { t, fields: fieldWords(t, endpoint) }
  for (const spec of form.fields) {
    if (spec.kind === 'select' && str(values, spec.key)) put(out, spec, str(values, spec.key))
    if (spec.kind === 'number') readNumber(spec, values, out, issues, say)
    if (spec.kind === 'toggle') readToggle(spec, values, out, issues, say)
  }
  for (const spec of form.fields) {
    if (spec.kind === 'text') {
      const text = str(values, spec.key).trim()
      const problem = text ? spec.check?.(text) : undefined
      // The descriptor's check says what is wrong in English; the catalog says it with the value typed.
      if (problem)
        issues.push({
          field: spec.key,
          message: say.fields.text(spec.key, 'invalid', problem, { value: text })
        })
      if (text) put(out, spec, text)
    }
    if (spec.kind === 'tierOrSize') readTierOrSize(spec, values, out, issues, say)
  }
  for (const spec of form.fields) {
    if (spec.kind !== 'extra') continue
    const extra = parseExtra(str(values, 'extra'), issues, t)
    if (spec.placement === 'spread') out.spread = extra
    else out.nested = extra
  }
  return out
}

// ---- a stored request → the draft (remix) ----

const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : value === undefined || value === null
        ? ''
        : JSON.stringify(value)
const json = (value: Readonly<Record<string, unknown>>): string =>
  Object.keys(value).length === 0 ? '' : JSON.stringify(value, null, 2)

interface Stored {
  body: Readonly<Record<string, unknown>>
  job: Readonly<Record<string, unknown>>
}

const sourceOf = (spec: { target?: 'body' | 'job' }, stored: Stored) =>
  spec.target === 'job' ? stored.job : stored.body

function remixNumber(spec: NumberSpec, stored: Stored, current: FieldValues): [string, string] {
  const value = getPath(sourceOf(spec, stored), spec.wire ?? spec.key)
  if (value === undefined && spec.keepWhenAbsent) return [spec.key, str(current, spec.key)]
  return [spec.key, value === undefined && spec.absent !== undefined ? spec.absent : text(value)]
}

function remixTierOrSize(spec: TierOrSizeSpec, stored: Stored, current: FieldValues): FieldValues {
  const size = getPath(stored.body, spec.wire ?? spec.key)
  const wxh = typeof size === 'string' ? parseWxH(size) : undefined
  if (wxh)
    return {
      sizeMode: 'custom',
      tier: str(current, 'tier'),
      width: String(wxh.width),
      height: String(wxh.height)
    }
  const rest = { width: str(current, 'width'), height: str(current, 'height') }
  return { sizeMode: 'tier', tier: text(size ?? spec.default.tier), ...rest }
}

/** The body keys the form's own fields set; the rest of a spread body is the extra fields. */
function consumed(form: FormSpec): Set<string> {
  const keys = new Set(['model', 'prompt'])
  const add = (spec: { wire?: string; key: string; target?: 'body' | 'job' }): void => {
    if (spec.target !== 'job') keys.add((spec.wire ?? spec.key).split('.')[0] as string)
  }
  for (const spec of form.fields) {
    if (spec.kind === 'extra' || spec.kind === 'notice') continue
    add(spec)
    if (spec.kind === 'toggle') {
      for (const key of Object.keys(spec.sets ?? {})) keys.add(key)
      if (spec.inline) add(spec.inline)
    }
  }
  return keys
}

/** The draft values of a stored request; `current` keeps what a request does not say (remix). */
export function remixForm(form: FormSpec, stored: Stored, current: FieldValues): FieldValues {
  const values: FieldValues = {}
  for (const spec of form.fields) {
    if (spec.kind === 'select' || spec.kind === 'text')
      values[spec.key] = text(getPath(sourceOf(spec, stored), spec.wire ?? spec.key))
    if (spec.kind === 'number')
      Object.assign(values, Object.fromEntries([remixNumber(spec, stored, current)]))
    if (spec.kind === 'toggle') {
      values[spec.key] = spec.sets
        ? Object.entries(spec.sets).every(([key, value]) => stored.body[key] === value)
        : getPath(sourceOf(spec, stored), spec.wire ?? spec.key) === true
      if (spec.inline) Object.assign(values, Object.fromEntries([remixNumber(spec.inline, stored, current)]))
    }
    if (spec.kind === 'tierOrSize') Object.assign(values, remixTierOrSize(spec, stored, current))
    if (spec.kind === 'extra') {
      const skip = consumed(form)
      const rest = Object.fromEntries(Object.entries(stored.body).filter(([key]) => !skip.has(key)))
      const nested = stored.body['extra']
      values['extra'] =
        spec.placement === 'spread'
          ? json(rest)
          : json(typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>) : {})
    }
  }
  return values
}
