/**
 * The form fields an endpoint offers, as data: a small vocabulary the Images screen renders and reads
 * generically (src/renderer/src/jobs/imageForm/form). A field names its control, its label and hint, its
 * limits, and where its value goes in the request (`wire`); the pre-flight's issues about that request field
 * are shown next to it.
 */

export type FieldValue = string | boolean
export type FieldValues = Readonly<Record<string, FieldValue>>

interface FieldBase {
  /** The draft's key of the value, and the field issues about it are shown next to. */
  key: string
  label: string
  /** The control's element id; `images-<key>` when absent. */
  id?: string
  hint?: string
  /** The request field this control sets (dots for a nested field); the pre-flight names it so. */
  wire?: string
  /** How messages say `wire`; the label in lower case when absent. */
  words?: string
  /** Where the value goes: the request body (default) or the job itself (`count`, `stream`). */
  target?: 'body' | 'job'
}

/** A choice among fixed values; `empty` labels the extra "" choice that sends nothing. */
export interface SelectSpec extends FieldBase {
  kind: 'select'
  options: readonly string[]
  empty?: string
  default: string
}

/** Free text, trimmed; `suggestions` become a datalist, `check` says what is wrong with a value. */
export interface TextSpec extends FieldBase {
  kind: 'text'
  placeholder?: string
  suggestions?: readonly string[]
  check?: (value: string) => string | undefined
  default: string
}

/** A number typed as text: whole (`min`/`max` checked here) or decimal. */
export interface NumberSpec extends FieldBase {
  kind: 'number'
  whole: boolean
  min?: number
  max?: number
  placeholder?: string
  /** The message when it is left empty; without it, empty sends nothing. */
  required?: string
  /** Only used while another field holds one of these values; shown disabled (and not sent) otherwise. */
  when?: { field: string; in: readonly string[]; hint: string; placeholder: string }
  /** The text a stored request without this field comes back as (remix); '' when absent. */
  absent?: string
  /** A stored request without this field leaves the form's current value as it is. */
  keepWhenAbsent?: true
  default: string
}

/** A checkbox. `send`: always as true/false, or only `true` when on; `sets`: fields it sets when on. */
export interface ToggleSpec extends FieldBase {
  kind: 'toggle'
  send: 'always' | 'on'
  sets?: Readonly<Record<string, string>>
  /** A number shown next to it while it is on (a group's size); the toggle's issues go there. */
  inline?: NumberSpec
  /** The stream switch: the form warns when the model is known not to stream. */
  stream?: true
  default: boolean
}

/** A size as a tier or as width × height, with live pixel and ratio facts (partner-b). */
export interface TierOrSizeSpec extends FieldBase {
  kind: 'tierOrSize'
  tiers: readonly string[]
  /** The tier only allowed without reference images. */
  textOnlyTier: string
  minPixels: number
  maxPixels: number
  maxAspect: number
  default: { tier: string; width: string; height: string }
}

/** The "Extra JSON fields" box: spread into the body under its fields, or sent as the request's `extra`. */
export interface ExtraSpec {
  kind: 'extra'
  key: 'extra'
  placement: 'spread' | 'nested'
}

/** A line of text under the fields. */
export interface NoticeSpec {
  kind: 'notice'
  key: string
  text: string
}

export type FieldSpec =
  SelectSpec | TextSpec | NumberSpec | ToggleSpec | TierOrSizeSpec | ExtraSpec | NoticeSpec

export interface FormSpec {
  /** A line on what the endpoint is, under its name (the descriptor's `label`) in the model picker. */
  blurb: string
  /** Its place among the endpoints of the model picker. */
  order: number
  fields: readonly FieldSpec[]
  /** Request fields whose issues belong to a field other than the one with that `wire`: field and words. */
  issueAliases?: Readonly<Record<string, readonly [field: string, words: string]>>
}

/** `a.b` of an object, or undefined. */
export function getPath(source: Readonly<Record<string, unknown>>, path: string): unknown {
  let current: unknown = source
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/** Sets `a.b` of an object, making the objects on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.')
  const last = keys.pop() as string
  let current = target
  for (const key of keys) {
    const next = current[key]
    current[key] = typeof next === 'object' && next !== null && !Array.isArray(next) ? { ...next } : {}
    current = current[key] as Record<string, unknown>
  }
  current[last] = value
}

/** A seed: any whole number, random when empty. */
export const seedField: NumberSpec = {
  kind: 'number',
  key: 'seed',
  wire: 'seed',
  label: 'Seed',
  placeholder: 'Random',
  whole: true,
  default: ''
}

/** The provider's watermark switch: sent always (as true or false) or only when on. */
export const watermarkToggle = (send: ToggleSpec['send']): ToggleSpec => ({
  kind: 'toggle',
  key: 'watermark',
  wire: 'watermark',
  words: 'watermark',
  label: 'Add the provider’s watermark',
  send,
  default: false
})
