import { SIZE_WXH, type MODEL_ENDPOINT_MISMATCH } from './common'

/**
 * The pieces every pre-flight is made of: an issue naming its field, and checks that read a value
 * defensively (a half-filled form may hold anything), so each looks at the runtime value rather than
 * trusting the declared type. Each endpoint's own checks live in its descriptor (`endpoints/`).
 */

/**
 * Every rule a pre-flight issue can break: a stable code, so the renderer says the rule in the user's
 * language (its catalog has an entry per code, which a test holds it to) while `message` keeps the English.
 */
export const PREFLIGHT_RULES = [
  'required',
  'required_whole_number_at_least',
  'required_seconds_at_least',
  'required_input',
  'pick_one',
  'whole_number',
  'whole_number_at_least',
  'whole_number_between',
  'true_or_false',
  'text_or_list',
  'image_list',
  'at_least_images',
  'at_most_images',
  'at_most_masks',
  'exact_count',
  'image_http_url',
  'image_url_or_base64',
  'image_url_or_data_uri',
  'no_count_one_task_per_image',
  'no_count_use_group',
  'model_not_on_endpoint',
  'model_lists_no_endpoints',
  'messages_required',
  'message_role',
  'message_content',
  'ratio',
  'transparent_needs_format',
  'compression_needs_format',
  'group_options_object',
  'model_does_not_stream',
  'tier_or_size',
  'text_to_image_only',
  'pixels_between',
  'aspect_between',
  'size_wxh'
] as const
export type PreflightRule = (typeof PREFLIGHT_RULES)[number]

/** What a rule's words are made of: limits, choices (a list, joined in the reader's language), names. */
export type PreflightValues = Readonly<Record<string, string | number | readonly string[]>>

/**
 * A value as the message shows it: the text, and what kind of thing it is when the text is a word rather
 * than the value itself ("empty", "a list"), so another language can say that word.
 */
export interface ShownValue {
  text: string
  kind: 'text' | 'empty' | 'nothing' | 'list' | 'object'
}

export interface PreflightIssue {
  /** The request field the issue is about, in the caller's terms (e.g. `referenceImages`, `model`). */
  field: string
  /** The issue in English, rule first and field second; other languages are built from `rule` and `values`. */
  message: string
  rule: PreflightRule
  values?: PreflightValues
  /** The bracket that closes the message: the field it names and, when shown, the value the field holds. */
  about: { field: string; value?: ShownValue }
  /** Set for the endpoint check, so it can be told apart from a plain input issue. */
  code?: typeof MODEL_ENDPOINT_MISMATCH
  supportedEndpoints?: string[]
  /** The endpoint takes no such field at all (e.g. `n` on v2): any value is wrong, so "remove it". */
  notAccepted?: true
  /**
   * Set when the offending value came from extra JSON fields rather than the request's own fields: the
   * request's (the form's extra box) or the gateway profile's (Settings), so the user knows where to fix it.
   */
  source?: 'request' | 'profile'
  /** For `source: 'profile'`: the extra's name as the profile sets it, and the profile's name. */
  profile?: { wireName: string; name?: string }
}

export type Loose<T> = { readonly [K in keyof T]?: unknown } & { readonly [key: string]: unknown }

/**
 * Every message says the rule first, in a designer's words, and the field it is about second, in brackets
 * with what it holds now: "Use a whole number from 1 to 10 (n: 12)." The form shows the field under its
 * label there ("(images: 12)"); a refusal from the backend names the request's field.
 */
export const about = (field: string, ...value: [unknown?]): string =>
  value.length === 0 ? `(${field})` : `(${field}: ${shown(value[0])})`

/** A value as the message shows it: text as it is (cut at 40), anything else by its kind. */
export const shown = (value: unknown): string => shownValue(value).text

export function shownValue(value: unknown): ShownValue {
  if (typeof value === 'string') {
    if (value === '') return { text: 'empty', kind: 'empty' }
    return { text: value.length > 40 ? `${value.slice(0, 40)}…` : value, kind: 'text' }
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return { text: String(value), kind: 'text' }
  if (Array.isArray(value)) return { text: 'a list', kind: 'list' }
  return value === undefined
    ? { text: 'nothing', kind: 'nothing' }
    : { text: `an ${typeof value}`, kind: 'object' }
}

/** An issue as every check words it: the rule (`words`, in English) first, then the field in brackets. */
export interface Broken {
  field: string
  rule: PreflightRule
  /** The rule in English, without the closing bracket and full stop. */
  words: string
  values?: PreflightValues
  /** The field the bracket names, when it is not the issue's own (a format that rules out a background). */
  about?: string
  /** The value the bracket shows; absent, the bracket names only the field. */
  value?: unknown
}

export function broken(spec: Broken): PreflightIssue {
  const field = spec.about ?? spec.field
  const shows = 'value' in spec
  return {
    field: spec.field,
    message: `${spec.words} ${shows ? about(field, spec.value) : about(field)}.`,
    rule: spec.rule,
    ...(spec.values ? { values: spec.values } : {}),
    about: shows ? { field, value: shownValue(spec.value) } : { field }
  }
}

/** "1K, 2K or 4K". */
export const choices = (values: readonly string[]): string => {
  if (values.length < 2) return values.join('')
  return `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`
}

export const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value)

export function requireText(issues: PreflightIssue[], input: Loose<object>, field: string): void {
  const value = input[field]
  if (typeof value !== 'string' || value.trim() === '') {
    issues.push(broken({ field, rule: 'required', words: 'Required: it cannot be empty' }))
  }
}

/** Model and prompt: what every image and video request must carry. */
export function requireModelAndPrompt(input: Loose<object>): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model')
  requireText(issues, input, 'prompt')
  return issues
}

export function oneOf(
  issues: PreflightIssue[],
  field: string,
  value: unknown,
  allowed: readonly string[]
): value is string {
  if (value === undefined) return false
  if (typeof value !== 'string' || !allowed.includes(value)) {
    issues.push(
      broken({
        field,
        rule: 'pick_one',
        words: `Pick ${choices(allowed)}`,
        values: { choices: allowed },
        value
      })
    )
    return false
  }
  return true
}

export function intInRange(
  issues: PreflightIssue[],
  field: string,
  value: unknown,
  min: number,
  max?: number
): void {
  if (value === undefined) return
  if (!isInt(value) || value < min || (max !== undefined && value > max)) {
    issues.push(
      max === undefined
        ? broken({
            field,
            rule: 'whole_number_at_least',
            words: `Use a whole number of at least ${min}`,
            values: { min },
            value
          })
        : broken({
            field,
            rule: 'whole_number_between',
            words: `Use a whole number from ${min} to ${max}`,
            values: { min, max },
            value
          })
    )
  }
}

/** A seed (any whole number) and a watermark switch, where an endpoint takes them. */
export function seedAndWatermark(issues: PreflightIssue[], input: Loose<object>): void {
  if (input['seed'] !== undefined && !isInt(input['seed'])) {
    issues.push(
      broken({ field: 'seed', rule: 'whole_number', words: 'Use a whole number', value: input['seed'] })
    )
  }
  if (input['watermark'] !== undefined && typeof input['watermark'] !== 'boolean') {
    issues.push(
      broken({
        field: 'watermark',
        rule: 'true_or_false',
        words: 'Use true or false',
        value: input['watermark']
      })
    )
  }
}

/** What each item of an image list must be, as a rule and in English. */
const IMAGE_ITEM = {
  image_http_url: 'an http(s) URL',
  image_url_or_base64: 'a URL or a Base64 data URI',
  image_url_or_data_uri: 'a URL or an image data URI'
} as const satisfies Partial<Record<PreflightRule, string>>

export function stringList(
  issues: PreflightIssue[],
  field: string,
  value: unknown,
  max: number,
  isValid: (item: string) => boolean,
  kind: keyof typeof IMAGE_ITEM
): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) {
    issues.push(broken({ field, rule: 'image_list', words: 'Use a list of images' }))
    return []
  }
  if (value.length > max) {
    issues.push(
      broken({
        field,
        rule: 'at_most_images',
        words: `Use at most ${max} images`,
        values: { count: max },
        value: value.length
      })
    )
  }
  value.forEach((item, index) => {
    if (typeof item !== 'string' || !isValid(item)) {
      issues.push(broken({ field: `${field}[${index}]`, rule: kind, words: `Use ${IMAGE_ITEM[kind]}` }))
    }
  })
  return value.filter((item): item is string => typeof item === 'string')
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

export const isImageRef = (value: string): boolean =>
  isHttpUrl(value) || /^data:image\/[\w.+-]+;base64,/.test(value)

/** What to do instead of a count, per endpoint without `n`: the rule and its English words. */
const INSTEAD_OF_N = {
  no_count_one_task_per_image: 'Send one task per image',
  no_count_use_group: 'Ask for a group with sequential_image_generation "auto" and max_images'
} as const satisfies Partial<Record<PreflightRule, string>>

/**
 * Endpoints without `n`: any `n`, in the request or its extras, is refused with what to do instead
 * (`instead`: the rule, e.g. "Send one task per image").
 */
export function refuseN(
  issues: PreflightIssue[],
  input: Loose<object>,
  instead: keyof typeof INSTEAD_OF_N
): void {
  const extra = input['extra']
  const inExtra = typeof extra === 'object' && extra !== null && 'n' in extra
  if (input['n'] !== undefined || inExtra) {
    issues.push({
      ...broken({
        field: 'n',
        rule: instead,
        words: `${INSTEAD_OF_N[instead]}: this endpoint takes no count`
      }),
      notAccepted: true
    })
  }
}

export function parseWxH(value: string): { width: number; height: number } | undefined {
  const match = SIZE_WXH.exec(value)
  if (!match) return undefined
  return { width: Number(match[1]), height: Number(match[2]) }
}
