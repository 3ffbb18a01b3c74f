import type { DescriptorKey } from '../gateway/endpoints'
import type { PreflightIssue, ProfileExtras } from '../gateway/preflight'
import { preflightJob } from '../schemas/jobPreflight'
import { JobRequest } from '../schemas/jobs'
import { setField } from './fields'

/**
 * A batch row's request checked as the backend will check it on submit: the base with the row's prompt and
 * settings, through the job schema, then `preflightJob`. The schema and the pre-flight cost far more than
 * the rest of a row, and a batch's rows mostly differ only in their prompt and seed, so the answer is
 * worked out once per shape and reused: a shape is the base and every setting the row makes, value and all,
 * except two values no check tells apart.
 *
 * - The prompt, but whether it is blank: every job schema takes it as any string, and every pre-flight reads
 *   it only to refuse a blank one (`requireModelAndPrompt`); an extra never replaces it, as it is never
 *   absent.
 * - The body's `seed` when it is a safe integer, on the endpoints whose schema takes any number there and
 *   whose pre-flight asks only for a whole number (`WHOLE_SEED_ONLY`); an extra never replaces it either.
 *
 * A reused answer is the first row's, with the row's own prompt and seed put back in place, in fresh objects,
 * so no two rows share one. test/unit/shared/batches/jobCheck.test.ts holds this to checking every row on
 * its own (`checkEachRow`), over random batches of every endpoint, setting and value the checks refuse.
 */

/** What a row sets on its base's body, in order (a later setting of a field wins, as on the form). */
export interface Setting {
  place: 'body' | 'extra'
  field: string
  value: string | number | boolean
}

/** The base a row is made from, and its model as the listing has it (for the endpoint check). */
export interface CheckBase {
  request: JobRequest
  listed: { readonly id: string; readonly supported_endpoints?: readonly string[] } | undefined
}

export type JobCheck =
  /** The job schema refuses the request: the first field it refuses, as the pre-flight names fields. */
  | { ok: false; field: string }
  /** `request` is null when it has issues, or when the caller said it would not send it. */
  | { ok: true; issues: readonly PreflightIssue[]; request: JobRequest | null }

/**
 * The check of one base's rows, a row at a time: `set` each of the row's settings in order, then `check`
 * its prompt, which ends the row. (Settings are handed over one by one rather than as a list, as a list
 * and its entries would be made for every row.)
 */
export interface RowCheck {
  set(place: Setting['place'], field: string, value: Setting['value']): void
  /** `wanted`: whether the row can still be sent (it has no issue of its own), so a request is worth building. */
  check(prompt: string, wanted: boolean): JobCheck
}

/** The row check of each base of one expansion. */
export type RowChecks = (base: CheckBase) => RowCheck

/**
 * Endpoints whose job schema takes `body.seed` as any number (or any value) and whose pre-flight refuses a
 * seed only when it is not a whole number (`seedAndWatermark`), or never: every safe integer passes both.
 * An endpoint not listed has its seeds checked one by one.
 */
const WHOLE_SEED_ONLY: ReadonlySet<DescriptorKey> = new Set(['imagesV1', 'partnerA', 'partnerB'])

/** The path of the first field the job schema refuses, as the pre-flight names fields (`a.b`, `a[0]`). */
function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${String(key)}`))
    .join('')
}

function checkOne(
  base: CheckBase,
  prompt: string,
  settings: readonly Setting[],
  profile: ProfileExtras | undefined
): { ok: false; field: string } | { ok: true; issues: PreflightIssue[]; request: JobRequest } {
  const body: Record<string, unknown> = { ...base.request.body, prompt }
  for (const { place, field, value } of settings) setField(body, place, field, value)
  const parsed = JobRequest.safeParse({ ...base.request, body })
  if (!parsed.success) return { ok: false, field: pathOf(parsed.error.issues[0]?.path ?? []) }
  return { ok: true, issues: preflightJob(parsed.data, base.listed, profile), request: parsed.data }
}

/** The settings of the row being made, in lists kept from row to row: most rows never need them as a list. */
class RowSettings {
  private readonly places: Setting['place'][] = []
  private readonly fields: string[] = []
  private readonly values: Setting['value'][] = []
  private count = 0

  set(place: Setting['place'], field: string, value: Setting['value']): void {
    this.places[this.count] = place
    this.fields[this.count] = field
    this.values[this.count] = value
    this.count++
  }

  /** The row's settings as a list, when it is needed. */
  list(): Setting[] {
    return Array.from({ length: this.count }, (_, i) => ({
      place: this.places[i] as Setting['place'],
      field: this.fields[i] as string,
      value: this.values[i] as Setting['value']
    }))
  }

  /** Ends the row: the next one starts with no settings. */
  clear(): void {
    this.count = 0
  }
}

/** Every row through the schema and the pre-flight: what the shared answers must always equal. */
export function checkEachRow(profile: ProfileExtras | undefined): RowChecks {
  return (base) => {
    const settings = new RowSettings()
    return {
      set: (place, field, value) => settings.set(place, field, value),
      check: (prompt) => {
        const list = settings.list()
        settings.clear()
        return checkOne(base, prompt, list, profile)
      }
    }
  }
}

/**
 * Plain data all the way down (arrays, and objects of Object.prototype with only ordinary own fields), so a
 * copy made field by field is equal to it in every way. Anything else is never reused.
 */
function isPlain(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null) return typeof value !== 'function'
  if (depth > 32) return false
  if (Array.isArray(value)) {
    if (Reflect.ownKeys(value).length !== value.length + 1) return false
    return value.every((item) => isPlain(item, depth + 1))
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false
  const keys = Object.keys(value)
  if (keys.includes('__proto__') || Reflect.ownKeys(value).length !== keys.length) return false
  return keys.every((key) => {
    const field = Object.getOwnPropertyDescriptor(value, key)
    return field !== undefined && 'value' in field && isPlain(field.value, depth + 1)
  })
}

/** A fresh copy of plain data (see isPlain), with its fields in the same order. */
function copyPlain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(copyPlain) as T
  const copy: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) copy[key] = copyPlain(field)
  return copy as T
}

/** The fields of an object that hold objects: the ones a copy must copy in turn. */
const nestedKeys = (value: Readonly<Record<string, unknown>>): string[] =>
  Object.keys(value).filter((key) => typeof value[key] === 'object' && value[key] !== null)

type Answer =
  | { ok: false; field: string }
  /** The first row's request and issues, and which of the request's fields hold objects. */
  | { ok: true; issues: PreflightIssue[]; request: JobRequest; nested: string[]; bodyNested: string[] }
  /** A shape whose answer cannot be reused as it is (see `remember`): its rows are checked one by one. */
  | { ok: 'each' }

/**
 * What a shape's answer keeps, or `each` when it cannot stand for other rows: the schema changed the prompt
 * or seed it was given (so they cannot simply be put back), or the answer holds something other than plain
 * data.
 */
function remember(result: ReturnType<typeof checkOne>, prompt: string, seed: number | undefined): Answer {
  if (!result.ok) return result
  const { request, issues } = result
  const body = request.body as Readonly<Record<string, unknown>>
  const kept = Object.is(body['prompt'], prompt) && (seed === undefined || Object.is(body['seed'], seed))
  if (!kept || !isPlain(request) || !isPlain(issues)) return { ok: 'each' }
  const nested = nestedKeys(request).filter((key) => key !== 'body')
  return { ok: true, issues, request, nested, bodyNested: nestedKeys(body) }
}

/** The shape's request with this row's prompt and seed, in fresh objects. */
function requestOf(
  answer: Extract<Answer, { ok: true }>,
  prompt: string,
  seed: number | undefined
): JobRequest {
  const request: Record<string, unknown> = { ...answer.request }
  for (const key of answer.nested) request[key] = copyPlain(request[key])
  const body: Record<string, unknown> = { ...answer.request.body }
  for (const key of answer.bodyNested) body[key] = copyPlain(body[key])
  body['prompt'] = prompt
  if (seed !== undefined) body['seed'] = seed
  request['body'] = body
  return request as JobRequest
}

const NO_ISSUES: readonly PreflightIssue[] = []

/** A shape's answer for another of its rows: its own prompt and seed in the request, and its own issues. */
function reused(
  answer: Extract<Answer, { ok: true }>,
  prompt: string,
  seed: number | undefined,
  wanted: boolean
): JobCheck {
  const issues = answer.issues.length > 0 ? answer.issues.map(copyPlain) : NO_ISSUES
  const request = wanted && issues.length === 0 ? requestOf(answer, prompt, seed) : null
  return { ok: true, issues, request }
}

/** Where a row's shape leads: its answer, by whether its prompt is blank, and the shapes it begins. */
interface Shape {
  answers: [Answer | undefined, Answer | undefined]
  /** By the next setting's place and field, then its value (see `SameShapesOnce.set`). */
  next: { body: Map<string, Map<unknown, Shape>>; extra: Map<string, Map<unknown, Shape>> } | undefined
}

/** The key of every free seed, and of -0 (which a Map takes for 0). */
const FREE_SEED = Symbol('free seed')
const NEGATIVE_ZERO = Symbol('-0')

const newShape = (): Shape => ({ answers: [undefined, undefined], next: undefined })
const newNext = (): NonNullable<Shape['next']> => ({ body: new Map(), extra: new Map() })

/**
 * The checks of one base's rows, each shape's answer kept until the expansion ends. A row's shape is
 * walked setting by setting as they come.
 */
class SameShapesOnce implements RowCheck {
  private readonly root = newShape()
  private readonly wholeSeedOnly: boolean
  /** Where the row's settings so far lead, and its free seed so far. */
  private shape: Shape
  private seed: number | undefined
  /** The row's settings, for a row whose shape has no answer yet. */
  private readonly settings = new RowSettings()
  private readonly base: CheckBase
  private readonly profile: ProfileExtras | undefined

  constructor(base: CheckBase, profile: ProfileExtras | undefined) {
    this.base = base
    this.profile = profile
    this.wholeSeedOnly = WHOLE_SEED_ONLY.has(base.request.endpoint)
    this.shape = this.root
  }

  set(place: Setting['place'], field: string, value: Setting['value']): void {
    let key: unknown = value
    if (place === 'body' && field === 'seed') {
      // A seed no check tells apart from another (see the top of this file).
      const free = this.wholeSeedOnly && typeof value === 'number' && Number.isSafeInteger(value)
      this.seed = free ? value : undefined
      if (free) key = FREE_SEED
    }
    // Maps hold 0 and -0 as one key; a body keeps them apart.
    if (Object.is(key, -0)) key = NEGATIVE_ZERO
    const next = (this.shape.next ??= newNext())[place]
    let values = next.get(field)
    if (!values) next.set(field, (values = new Map<unknown, Shape>()))
    let after = values.get(key)
    if (!after) values.set(key, (after = newShape()))
    this.shape = after
    this.settings.set(place, field, value)
  }

  check(prompt: string, wanted: boolean): JobCheck {
    const { shape, seed } = this
    this.shape = this.root
    this.seed = undefined
    const blank = prompt.trim() === '' ? 1 : 0
    const answer = shape.answers[blank]
    if (answer && answer.ok !== 'each') {
      this.settings.clear()
      return answer.ok ? reused(answer, prompt, seed, wanted) : answer
    }
    const settings = this.settings.list()
    this.settings.clear()
    const result = checkOne(this.base, prompt, settings, this.profile)
    if (!answer) shape.answers[blank] = remember(result, prompt, seed)
    return result
  }
}

/** The checks of one expansion: each base keeps the answers of its shapes until the expansion ends. */
export function checkSameShapesOnce(profile: ProfileExtras | undefined): RowChecks {
  return (base) => new SameShapesOnce(base, profile)
}
