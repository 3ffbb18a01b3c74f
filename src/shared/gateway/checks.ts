import { SIZE_WXH, type MODEL_ENDPOINT_MISMATCH } from './common'

/**
 * The pieces every pre-flight is made of: an issue naming its field, and checks that read a value
 * defensively (a half-filled form may hold anything), so each looks at the runtime value rather than
 * trusting the declared type. Each endpoint's own checks live in its descriptor (`endpoints/`).
 */

export interface PreflightIssue {
  /** The request field the issue is about, in the caller's terms (e.g. `referenceImages`, `model`). */
  field: string
  message: string
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
}

export type Loose<T> = { readonly [K in keyof T]?: unknown } & { readonly [key: string]: unknown }

export const list = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(', ')
export const show = (value: unknown): string => {
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  return Array.isArray(value) ? 'a list' : typeof value
}
export const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value)

export function requireText(
  issues: PreflightIssue[],
  input: Loose<object>,
  field: string,
  what: string
): void {
  const value = input[field]
  if (typeof value !== 'string' || value.trim() === '') {
    issues.push({ field, message: `${what} is required and cannot be empty.` })
  }
}

/** Model and prompt: what every image and video request must carry. */
export function requireModelAndPrompt(input: Loose<object>): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model', 'model')
  requireText(issues, input, 'prompt', 'prompt')
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
    issues.push({ field, message: `${field} must be one of ${list(allowed)} (got ${show(value)}).` })
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
  const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`
  if (!isInt(value) || value < min || (max !== undefined && value > max)) {
    issues.push({ field, message: `${field} must be a whole number ${range} (got ${show(value)}).` })
  }
}

/** A seed (any whole number) and a watermark switch, where an endpoint takes them. */
export function seedAndWatermark(issues: PreflightIssue[], input: Loose<object>): void {
  if (input['seed'] !== undefined && !isInt(input['seed'])) {
    issues.push({ field: 'seed', message: `seed must be a whole number (got ${show(input['seed'])}).` })
  }
  if (input['watermark'] !== undefined && typeof input['watermark'] !== 'boolean') {
    issues.push({ field: 'watermark', message: 'watermark must be true or false.' })
  }
}

export function stringList(
  issues: PreflightIssue[],
  field: string,
  value: unknown,
  max: number,
  isValid: (item: string) => boolean,
  kind: string
): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) {
    issues.push({ field, message: `${field} must be a list of ${kind}.` })
    return []
  }
  if (value.length > max) {
    issues.push({ field, message: `${field} allows at most ${max} images (got ${value.length}).` })
  }
  value.forEach((item, index) => {
    if (typeof item !== 'string' || !isValid(item)) {
      issues.push({ field: `${field}[${index}]`, message: `${field}[${index}] must be ${kind}.` })
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

/** Endpoints without `n`: any `n`, in the request or its extras, is refused with what to do instead. */
export function refuseN(
  issues: PreflightIssue[],
  input: Loose<object>,
  endpointName: string,
  instead: string
): void {
  const extra = input['extra']
  const inExtra = typeof extra === 'object' && extra !== null && 'n' in extra
  if (input['n'] !== undefined || inExtra) {
    issues.push({ field: 'n', message: `${endpointName} does not accept n; ${instead}`, notAccepted: true })
  }
}

export function parseWxH(value: string): { width: number; height: number } | undefined {
  const match = SIZE_WXH.exec(value)
  if (!match) return undefined
  return { width: Number(match[1]), height: Number(match[2]) }
}

// ---- extra JSON fields: the body as the gateway receives it ----

/** The gateway profile's side of a request as the checks need it: its name and its extra JSON fields. */
export interface ProfileExtraFields {
  name: string
  extraFields: Readonly<Partial<Record<string, Readonly<Record<string, unknown>>>>>
}

/** Where extras are merged: the endpoint's key among the profile's extras, its path, its hidden names. */
export interface MergeTarget {
  key: string
  path: string
  /** Wire names of the fields whose names the spec hides, by the request's own (logical) name. */
  hidden: Readonly<Record<string, string>>
}

interface Provenance {
  source: 'request' | 'profile'
  wireName: string
  value: unknown
}

/**
 * Runs an endpoint's checks on the body the gateway will receive: the request's fields over the request's
 * extras over the profile's extras, as the client merges them (an extra never overrides a field the request
 * sets). An extra under one of the hidden names is that field on the wire; everywhere else the wire name
 * is the logical name. Issues about a value an extra supplied say so; one from the profile's extras names
 * the profile and where in Settings to change it (issue 11, finding 7: a profile `n` went unchecked to v2,
 * partner-a and partner-b). The renderer runs this as the user types, the backend on submit and again
 * before sending.
 */
export function preflightMerged(
  target: MergeTarget,
  input: Readonly<Record<string, unknown>>,
  requestExtra: Readonly<Record<string, unknown>> | undefined,
  profile: ProfileExtraFields | undefined,
  check: (merged: Record<string, unknown>) => PreflightIssue[]
): PreflightIssue[] {
  const hidden = target.hidden
  const logicalOf = new Map(Object.entries(hidden).map(([logical, wire]) => [wire, logical]))
  const merged: Record<string, unknown> = { ...input }
  const provenance = new Map<string, Provenance>()
  const layers = [
    { source: 'request', values: requestExtra },
    { source: 'profile', values: profile?.extraFields[target.key] }
  ] as const
  for (const { source, values } of layers) {
    for (const [wireName, value] of Object.entries(values ?? {})) {
      // `extra` is the request's container for its extras, never judged as one of them.
      if (wireName === 'extra') continue
      // A logical name sent under another wire name is not that field when it appears as an extra.
      const logical = logicalOf.get(wireName) ?? (wireName in hidden ? undefined : wireName)
      if (logical === undefined || merged[logical] !== undefined) continue
      merged[logical] = value
      provenance.set(logical, { source, wireName, value })
    }
  }
  return check(merged).map((issue) => {
    const from = provenance.get(issue.field.split(/[.[]/)[0] ?? issue.field)
    if (!from) return issue
    if (from.source === 'request') return { ...issue, source: 'request' }
    return { ...issue, source: 'profile', message: profileExtraMessage(target, issue, from, profile) }
  })
}

function profileExtraMessage(
  target: MergeTarget,
  issue: PreflightIssue,
  from: Provenance,
  profile: ProfileExtraFields | undefined
): string {
  const where = `Settings › Gateways › ${profile?.name ? `${profile.name} › ` : ''}Extra JSON fields`
  const field = `\`${from.wireName}\``
  if (issue.notAccepted) {
    return `The gateway profile's extra JSON fields set ${field}, which ${target.path} does not accept: remove it in ${where}.`
  }
  return `The gateway profile's extra JSON fields set ${field} to ${show(from.value)}, which ${target.path} does not accept: ${issue.message} Change or remove it in ${where}.`
}
