import { descriptorOf, type DescriptorKey } from '../gateway/endpoints'
import type { ProfileExtras } from '../gateway/preflight'
import { preflightJob } from '../schemas/jobPreflight'
import { JobRequest } from '../schemas/jobs'
import { readCsv } from './csv'
import { cellValue, hasField, planField, setField, type FieldPlan } from './fields'
import { batchIssue, type BatchAxis, type BatchIssue, type RowIssue } from './issues'
import { readLines } from './lines'
import type { Source, SourceRow } from './source'
import { MAX_BATCH_JOBS, type BatchSpec } from './spec'
import { createListTable, parsePrompt, promptAt, type ListTable, type Template } from './wildcards'

/**
 * A batch spec expanded into the job requests it makes, each checked as the backend will check it on
 * submit: the job schema, then `preflightJob` against its own model's endpoint and the profile's extras.
 * The renderer runs this for the live preview, the backend again on submit. It never throws on what a user
 * typed or loaded: every problem is an issue, of the batch or of a row, and a row with one is never sent.
 *
 * The combination is walked in order and built only up to MAX_BATCH_JOBS rows; past that it is only
 * counted (a prompt's combinations are a product, known without building them), so a spec that would make
 * billions of jobs costs what 10,000 do, and says how many it would have made.
 */

/** A model as the listing has it, for the pre-flight's endpoint check; unknown models are left to the gateway. */
export interface BatchModel {
  readonly id: string
  readonly supported_endpoints?: readonly string[]
}

/** What the pure code cannot know: the active profile's model listing and its extras. */
export interface BatchContext {
  lookupModel(modelId: string): BatchModel | undefined
  profile?: ProfileExtras | undefined
}

export interface BatchRow {
  /** Its place among the rows, from 0. */
  index: number
  /** Where its prompt came from: the line, and a CSV record's cells by header name. */
  source: { line?: number; values?: Readonly<Record<string, string>> }
  /** The prompt after wildcards (as written when it could not be expanded). */
  prompt: string
  /** Null when the row has no model: its prompt could not be expanded, or its file names an unknown one. */
  model: string | null
  endpoint: DescriptorKey | null
  /** The request to send, or null when the row has any issue. */
  request: JobRequest | null
  issues: RowIssue[]
}

export interface BatchCount {
  jobs: number
  valid: number
  /** Images the valid jobs ask for (each endpoint's own count: `n`, a v2 job's images, a group's size). */
  images: number
}

export interface BatchSummary extends BatchCount {
  /** Jobs the combination makes; above `jobs` only when it passes MAX_BATCH_JOBS. */
  total: number
  invalid: number
  byModel: ({ model: string; endpoint: DescriptorKey } & BatchCount)[]
  byEndpoint: ({ endpoint: DescriptorKey } & BatchCount)[]
}

export interface BatchExpansion {
  rows: BatchRow[]
  summary: BatchSummary
  /** Issues of the batch as a whole (no prompt column, unequal rows, too many jobs). */
  issues: BatchIssue[]
}

interface Base {
  request: JobRequest
  model: string
  endpoint: DescriptorKey
  takesSeed: boolean
  takesSize: boolean
  /** The base's own seed: variations count up from it. */
  seed: number | undefined
  listed: BatchModel | undefined
  /** Where each mapped column's field goes on this base: worked out once, used on every row. */
  plans: Map<string, FieldPlan | null>
}

/** The seeds of one job of a unit: a seed to set, or the k-th variation (of the base's seed, if any). */
type SeedPick = { seed: number } | { variation: number } | null

/** One prompt with the models, seeds and sizes it goes with. */
interface Unit {
  source: SourceRow
  models: readonly Base[]
  seeds: readonly SeedPick[] | { variations: number }
  sizes: readonly (string | undefined)[]
}

const NO_SEED: readonly SeedPick[] = [null]
const NO_SIZE: readonly (string | undefined)[] = [undefined]

function readSource(spec: BatchSpec): Source {
  return spec.prompts.kind === 'csv'
    ? readCsv(spec.prompts.text, spec.prompts.mapping, spec.bases)
    : readLines(spec.prompts.text)
}

function basesOf(spec: BatchSpec, context: BatchContext): Base[] {
  return spec.bases.map((request) => {
    const seed = (request.body as Readonly<Record<string, unknown>>)['seed']
    return {
      request,
      model: request.body.model,
      endpoint: request.endpoint,
      takesSeed: hasField(request, 'seed'),
      takesSize: hasField(request, 'size'),
      seed: typeof seed === 'number' ? seed : undefined,
      listed: context.lookupModel(request.body.model),
      plans: new Map()
    }
  })
}

/** The length every axis of more than one value must share row by row, or the first two that differ. */
function rowsLength(
  axes: readonly [BatchAxis, number][]
): { ok: true; length: number } | { ok: false; issue: BatchIssue } {
  const long = axes.filter(([, length]) => length > 1)
  const [first] = long
  if (!first) return { ok: true, length: 1 }
  const other = long.find(([, length]) => length !== first[1])
  if (!other) return { ok: true, length: first[1] }
  return {
    ok: false,
    issue: batchIssue('rows_unequal', {
      first: first[0],
      firstLength: first[1],
      second: other[0],
      secondLength: other[1]
    })
  }
}

/** The units of the batch in order: each source row with what it combines with, every way or row by row. */
function unitsOf(
  spec: BatchSpec,
  source: Source,
  bases: readonly Base[]
): { ok: true; units: Iterable<Unit> } | { ok: false; issue: BatchIssue } {
  const seedList = spec.seeds?.kind === 'list' ? spec.seeds.seeds : undefined
  const variations = spec.seeds?.kind === 'variations' ? { variations: spec.seeds.count } : undefined
  const sizes = spec.sizes ?? NO_SIZE
  // A record that names its model goes to it; a record without one goes to every base.
  const own = (row: SourceRow, fallback: readonly Base[]): readonly Base[] =>
    row.model === undefined ? fallback : bases.filter((base) => base.model === row.model)
  if (spec.combine === 'every') {
    const seeds = variations ?? seedList?.map((seed) => ({ seed })) ?? NO_SEED
    return {
      ok: true,
      units: source.rows.map((row) => ({ source: row, models: own(row, bases), seeds, sizes }))
    }
  }
  const lengths: [BatchAxis, number][] = [
    ['prompts', source.rows.length],
    ['models', source.modelColumn ? 1 : bases.length],
    ['seeds', seedList?.length ?? 1],
    ['sizes', sizes.length]
  ]
  const aligned = rowsLength(lengths)
  if (!aligned.ok) return aligned
  const { length } = aligned
  // An axis of one value goes with every row.
  const at = <T>(values: readonly T[], i: number): T => values[values.length === 1 ? 0 : i] as T
  function* units(): Generator<Unit> {
    if (source.rows.length === 0) return
    for (let i = 0; i < length; i++) {
      const row = at(source.rows, i)
      yield {
        source: row,
        models: own(row, source.modelColumn ? bases : [at(bases, i)]),
        seeds: variations ?? (seedList ? [{ seed: at(seedList, i) }] : NO_SEED),
        sizes: [at(sizes, i)]
      }
    }
  }
  return { ok: true, units: units() }
}

const seedCount = (seeds: Unit['seeds']): number => ('variations' in seeds ? seeds.variations : seeds.length)
const seedAt = (seeds: Unit['seeds'], k: number): SeedPick =>
  'variations' in seeds ? { variation: k } : (seeds[k] ?? null)

function sourceOf(row: SourceRow): BatchRow['source'] {
  return { line: row.line, ...(row.values ? { values: row.values } : {}) }
}

/** The path of the first field the job schema refuses, as the pre-flight names fields (`a.b`, `a[0]`). */
function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${String(key)}`))
    .join('')
}

/** One job: the base with the prompt, its seed and size, and the record's mapped cells, then checked. */
function jobRow(
  unit: Unit,
  prompt: string,
  base: Base,
  pick: SeedPick,
  size: string | undefined,
  context: BatchContext
): Omit<BatchRow, 'index'> {
  const issues: RowIssue[] = []
  const line = unit.source.line
  const where = { line, model: base.model, endpoint: base.endpoint }
  const body: Record<string, unknown> = { ...base.request.body, prompt }
  if (pick && 'seed' in pick) {
    if (base.takesSeed) body['seed'] = pick.seed
    else issues.push(batchIssue('seed_not_supported', { ...where, seed: pick.seed }))
  } else if (pick && base.seed !== undefined) {
    body['seed'] = base.seed + pick.variation
  }
  if (size !== undefined) {
    if (base.takesSize) body['size'] = size
    else issues.push(batchIssue('size_not_supported', { ...where, size }))
  }
  for (const { field, text } of unit.source.cells ?? []) {
    let plan = base.plans.get(field)
    if (plan === undefined) base.plans.set(field, (plan = planField(base.request, field)))
    if (!plan) {
      issues.push(batchIssue('field_not_supported', { ...where, field }))
      continue
    }
    const value = cellValue(text, plan.kind)
    if (value.ok) setField(body, plan.place, field, value.value)
    else issues.push(batchIssue(value.code, { line, field, value: text }))
  }
  const parsed = JobRequest.safeParse({ ...base.request, body })
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path ?? []
    issues.push(batchIssue('request_invalid', { line, field: pathOf(path) }))
  } else {
    issues.push(...preflightJob(parsed.data, base.listed, context.profile))
  }
  return {
    source: sourceOf(unit.source),
    prompt,
    model: base.model,
    endpoint: base.endpoint,
    request: parsed.success && issues.length === 0 ? parsed.data : null,
    issues
  }
}

/** Counts by model and endpoint, in the order each first appears. */
class Tally {
  readonly all: BatchCount = { jobs: 0, valid: 0, images: 0 }
  readonly models = new Map<string, { model: string; endpoint: DescriptorKey } & BatchCount>()
  readonly endpoints = new Map<DescriptorKey, { endpoint: DescriptorKey } & BatchCount>()

  add(row: BatchRow): void {
    const images = row.request ? descriptorOf(row.request.endpoint).imagesOf(row.request) : 0
    const counts = [this.all]
    if (row.model !== null && row.endpoint !== null) {
      const { model, endpoint } = row
      const byModel = this.models.get(model) ?? { model, endpoint, jobs: 0, valid: 0, images: 0 }
      const byEndpoint = this.endpoints.get(endpoint) ?? { endpoint, jobs: 0, valid: 0, images: 0 }
      this.models.set(model, byModel)
      this.endpoints.set(endpoint, byEndpoint)
      counts.push(byModel, byEndpoint)
    }
    for (const count of counts) {
      count.jobs++
      if (row.request) {
        count.valid++
        count.images += images
      }
    }
  }
}

export function expandBatch(spec: BatchSpec, context: BatchContext): BatchExpansion {
  const source = readSource(spec)
  const issues: BatchIssue[] = [...source.issues]
  const rows: BatchRow[] = []
  const tally = new Tally()
  let total = 0
  const summary = (): BatchSummary => ({
    ...tally.all,
    total: Math.min(total, Number.MAX_SAFE_INTEGER),
    invalid: tally.all.jobs - tally.all.valid,
    byModel: [...tally.models.values()],
    byEndpoint: [...tally.endpoints.values()]
  })
  if (source.rows.length === 0) {
    if (!issues.some((issue) => issue.code === 'csv_no_prompt_column'))
      issues.push(batchIssue('no_prompts', {}))
    return { rows, summary: summary(), issues }
  }
  const bases = basesOf(spec, context)
  const planned = unitsOf(spec, source, bases)
  if (!planned.ok) {
    issues.push(planned.issue)
    return { rows, summary: summary(), issues }
  }
  const lists = createListTable(spec.lists)
  const push = (row: Omit<BatchRow, 'index'>): void => {
    const indexed = { index: rows.length, ...row }
    rows.push(indexed)
    tally.add(indexed)
  }
  for (const unit of planned.units) {
    const prepared = prepareUnit(unit, lists)
    if (!prepared.ok) {
      total += 1
      if (rows.length < MAX_BATCH_JOBS) push(prepared.row)
      continue
    }
    const { template } = prepared
    total += template.count * unit.models.length * seedCount(unit.seeds) * unit.sizes.length
    // Past the cap a unit is only counted: its combinations are a product.
    if (rows.length < MAX_BATCH_JOBS) expandUnit(unit, template, context, push, MAX_BATCH_JOBS - rows.length)
  }
  if (total > MAX_BATCH_JOBS) {
    issues.push(
      batchIssue('too_many_jobs', { max: MAX_BATCH_JOBS, total: Math.min(total, Number.MAX_SAFE_INTEGER) })
    )
  }
  return { rows, summary: summary(), issues }
}

/** Up to `room` jobs of a unit, in order: each combination of the prompt, then model, seed and size. */
function expandUnit(
  unit: Unit,
  template: Template,
  context: BatchContext,
  push: (row: Omit<BatchRow, 'index'>) => void,
  room: number
): void {
  const seeds = seedCount(unit.seeds)
  let left = room
  for (let combination = 0; combination < template.count; combination++) {
    const prompt = promptAt(template, combination)
    for (const base of unit.models) {
      for (let k = 0; k < seeds; k++) {
        for (const size of unit.sizes) {
          if (left-- <= 0) return
          push(jobRow(unit, prompt, base, seedAt(unit.seeds, k), size, context))
        }
      }
    }
  }
}

/**
 * A unit's prompt as a template, or the one row the unit makes instead of its jobs when its record, its
 * model or its prompt is wrong.
 */
function prepareUnit(
  unit: Unit,
  lists: ListTable
): { ok: true; template: Template } | { ok: false; row: Omit<BatchRow, 'index'> } {
  const row = unit.source
  const issues: RowIssue[] = [...(row.issues ?? [])]
  if (row.model !== undefined && unit.models.length === 0) {
    issues.push(batchIssue('unknown_model', { line: row.line, model: row.model }))
  }
  if (issues.length === 0) {
    const parsed = parsePrompt(row.prompt, lists, row.line)
    if (parsed.ok) return parsed
    issues.push(...parsed.issues)
  }
  const base = unit.models.length === 1 ? unit.models[0] : undefined
  return {
    ok: false,
    row: {
      source: sourceOf(row),
      prompt: row.prompt,
      model: base?.model ?? row.model ?? null,
      endpoint: base?.endpoint ?? null,
      request: null,
      issues
    }
  }
}
