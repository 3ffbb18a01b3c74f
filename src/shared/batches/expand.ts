import { descriptorOf, type DescriptorKey } from '../gateway/endpoints'
import type { ProfileExtras } from '../gateway/preflight'
import type { JobRequest } from '../schemas/jobs'
import { readCsvRows } from './csv'
import { cellValue, hasField, planField, type FieldPlan } from './fields'
import { batchIssue, type BatchAxis, type BatchIssue, type RowIssue } from './issues'
import { checkEachRow, checkSameShapesOnce, type RowCheck, type RowChecks } from './jobCheck'
import { readLines } from './lines'
import type { Source, SourceRow } from './source'
import { MAX_BATCH_JOBS, type BatchSpec } from './spec'
import { styledPrompt } from '../text'
import {
  createListTable,
  isPlainPrompt,
  parsePrompt,
  promptAt,
  type ListTable,
  type Template
} from './wildcards'

/**
 * A batch spec expanded into the job requests it makes, each checked as the backend will check it on
 * submit: the job schema, then `preflightJob` against its own model's endpoint and the profile's extras.
 * The renderer runs this for the live preview, the backend again on submit. It never throws on what a user
 * typed or loaded: every problem is an issue, of the batch or of a row, and a row with one is never sent.
 *
 * The combination is walked in order and built only up to MAX_BATCH_JOBS rows; past that it is only
 * counted (a prompt's combinations are a product, known without building them), so a spec that would make
 * billions of jobs costs what 10,000 do, and says how many it would have made.
 *
 * The live preview runs this on every change, so a 10,000-row file has to cost a small multiple of reading
 * it (bench/suites/batchExpand.ts): rows of one shape share one check (jobCheck.ts), and each record of
 * a file is made into its rows as soon as it is read, so no record outlives its rows.
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
  /** The job schema and pre-flight of its rows. */
  check: RowCheck
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

const NO_BASE: readonly Base[] = []
const NO_SEED: readonly SeedPick[] = [null]
const NO_SIZE: readonly (string | undefined)[] = [undefined]

/** Reads the prompts, handing each row to `visit` in order; returns what the source says besides its rows. */
function readSource(spec: BatchSpec, visit: (row: SourceRow) => void): Omit<Source, 'rows'> {
  if (spec.prompts.kind === 'csv') {
    return readCsvRows(spec.prompts.text, spec.prompts.mapping, spec.bases, visit)
  }
  const { rows, issues, modelColumn } = readLines(spec.prompts.text)
  for (const row of rows) visit(row)
  return { issues, modelColumn }
}

function basesOf(spec: BatchSpec, context: BatchContext, check: RowChecks): Base[] {
  return spec.bases.map((request) => {
    const seed = (request.body as Readonly<Record<string, unknown>>)['seed']
    const listed = context.lookupModel(request.body.model)
    return {
      request,
      model: request.body.model,
      endpoint: request.endpoint,
      takesSeed: hasField(request, 'seed'),
      takesSize: hasField(request, 'size'),
      seed: typeof seed === 'number' ? seed : undefined,
      listed,
      plans: new Map(),
      check: check({ request, listed })
    }
  })
}

/**
 * A record that names its model goes to that model's bases; a record without one goes to `fallback`. Each
 * model's bases are gathered once, then found by comparing ids: each record's model cell is a new string,
 * which a Map would hash every time.
 */
function ownBases(bases: readonly Base[]): (row: SourceRow, fallback: readonly Base[]) => readonly Base[] {
  const models: string[] = []
  const lists: Base[][] = []
  for (const base of bases) {
    const at = models.indexOf(base.model)
    if (at >= 0) lists[at]?.push(base)
    else {
      models.push(base.model)
      lists.push([base])
    }
  }
  return (row, fallback) => {
    if (row.model === undefined) return fallback
    for (let i = 0; i < models.length; i++) if (models[i] === row.model) return lists[i] as Base[]
    return NO_BASE
  }
}

interface Seeds {
  list?: readonly number[]
  variations?: { variations: number }
}

/** The seeds a unit combines with: the list's, n variations, or none. */
function seedsOf(spec: BatchSpec): Seeds {
  if (spec.seeds?.kind === 'list') return { list: spec.seeds.seeds }
  if (spec.seeds?.kind === 'variations') return { variations: { variations: spec.seeds.count } }
  return {}
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

/** Row by row: the i-th unit pairs the i-th prompt with the i-th model, seed and size, once all are read. */
function unitsInRows(
  spec: BatchSpec,
  rows: readonly SourceRow[],
  modelColumn: boolean,
  bases: readonly Base[]
): { ok: true; length: number; unitAt: (i: number) => Unit } | { ok: false; issue: BatchIssue } {
  const seeds = seedsOf(spec)
  const sizes = spec.sizes ?? NO_SIZE
  const own = ownBases(bases)
  const aligned = rowsLength([
    ['prompts', rows.length],
    ['models', modelColumn ? 1 : bases.length],
    ['seeds', seeds.list?.length ?? 1],
    ['sizes', sizes.length]
  ])
  if (!aligned.ok) return aligned
  // An axis of one value goes with every row.
  const at = <T>(values: readonly T[], i: number): T => values[values.length === 1 ? 0 : i] as T
  return {
    ok: true,
    length: aligned.length,
    unitAt: (i) => {
      const row = at(rows, i)
      return {
        source: row,
        models: own(row, modelColumn ? bases : [at(bases, i)]),
        seeds: seeds.variations ?? (seeds.list ? [{ seed: at(seeds.list, i) }] : NO_SEED),
        sizes: [at(sizes, i)]
      }
    }
  }
}

const seedCount = (seeds: Unit['seeds']): number => ('variations' in seeds ? seeds.variations : seeds.length)
const seedAt = (seeds: Unit['seeds'], k: number): SeedPick =>
  'variations' in seeds ? { variation: k } : (seeds[k] ?? null)

function sourceOf(row: SourceRow): BatchRow['source'] {
  return row.values ? { line: row.line, values: row.values } : { line: row.line }
}

/** One job: the base with the prompt, its seed and size, and the record's mapped cells, then checked. */
function jobRow(
  index: number,
  unit: Unit,
  prompt: string,
  base: Base,
  pick: SeedPick,
  size: string | undefined
): BatchRow {
  const issues: RowIssue[] = []
  const line = unit.source.line
  const cells = unit.source.cells ?? []
  const { check } = base
  if (pick && 'seed' in pick) {
    if (base.takesSeed) check.set('body', 'seed', pick.seed)
    else {
      const values = { line, model: base.model, endpoint: base.endpoint, seed: pick.seed }
      issues.push(batchIssue('seed_not_supported', values))
    }
  } else if (pick && base.seed !== undefined) {
    check.set('body', 'seed', base.seed + pick.variation)
  }
  if (size !== undefined) {
    if (base.takesSize) check.set('body', 'size', size)
    else {
      const values = { line, model: base.model, endpoint: base.endpoint, size }
      issues.push(batchIssue('size_not_supported', values))
    }
  }
  for (let c = 0; c < cells.length; c++) {
    const { field, text } = cells[c] as { field: string; text: string }
    let plan = base.plans.get(field)
    if (plan === undefined) base.plans.set(field, (plan = planField(base.request, field)))
    if (!plan) {
      const values = { line, model: base.model, endpoint: base.endpoint, field }
      issues.push(batchIssue('field_not_supported', values))
      continue
    }
    const value = cellValue(text, plan.kind)
    if (value.ok) check.set(plan.place, field, value.value)
    else issues.push(batchIssue(value.code, { line, field, value: text }))
  }
  const checked = check.check(prompt, issues.length === 0)
  if (!checked.ok) issues.push(batchIssue('request_invalid', { line, field: checked.field }))
  else for (const issue of checked.issues) issues.push(issue)
  return {
    index,
    source: sourceOf(unit.source),
    prompt,
    model: base.model,
    endpoint: base.endpoint,
    request: checked.ok && issues.length === 0 ? checked.request : null,
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
    const valid = row.request !== null
    count(this.all, valid, images)
    if (row.model !== null && row.endpoint !== null) {
      const { model, endpoint } = row
      let byModel = this.models.get(model)
      if (!byModel) this.models.set(model, (byModel = { model, endpoint, jobs: 0, valid: 0, images: 0 }))
      let byEndpoint = this.endpoints.get(endpoint)
      if (!byEndpoint) this.endpoints.set(endpoint, (byEndpoint = { endpoint, jobs: 0, valid: 0, images: 0 }))
      count(byModel, valid, images)
      count(byEndpoint, valid, images)
    }
  }
}

function count(counts: BatchCount, valid: boolean, images: number): void {
  counts.jobs++
  if (valid) {
    counts.valid++
    counts.images += images
  }
}

/**
 * The rows of a batch, made unit by unit in order up to MAX_BATCH_JOBS, their counts, and how many jobs
 * the combination makes in all. The bases and lists are prepared with the first unit.
 */
class Rows {
  readonly rows: BatchRow[] = []
  readonly tally = new Tally()
  total = 0
  private prepared: { bases: Base[]; lists: ListTable } | undefined
  private readonly spec: BatchSpec
  private readonly context: BatchContext
  private readonly check: RowChecks

  constructor(spec: BatchSpec, context: BatchContext, check: RowChecks) {
    this.spec = spec
    this.context = context
    this.check = check
  }

  private setUp(): { bases: Base[]; lists: ListTable } {
    return (this.prepared ??= {
      bases: basesOf(this.spec, this.context, this.check),
      lists: createListTable(this.spec.lists)
    })
  }

  get bases(): Base[] {
    return this.setUp().bases
  }

  /** Every way: each source row with every base (or the one its record names), seed and size. */
  everyWay(): (row: SourceRow) => void {
    const bases = this.bases
    const own = ownBases(bases)
    const { list, variations } = seedsOf(this.spec)
    const seeds = variations ?? list?.map((seed) => ({ seed })) ?? NO_SEED
    const sizes = this.spec.sizes ?? NO_SIZE
    return (row) => this.add({ source: row, models: own(row, bases), seeds, sizes })
  }

  add(unit: Unit): void {
    const prompt = promptOf(unit, this.setUp().lists)
    if (Array.isArray(prompt)) {
      this.total += 1
      if (this.rows.length < MAX_BATCH_JOBS) this.push(failedRow(this.rows.length, unit, prompt))
      return
    }
    const combinations = typeof prompt === 'string' ? 1 : prompt.count
    this.total += combinations * unit.models.length * seedCount(unit.seeds) * unit.sizes.length
    // Past the cap a unit is only counted: its combinations are a product.
    if (this.rows.length < MAX_BATCH_JOBS) this.expand(unit, prompt, MAX_BATCH_JOBS - this.rows.length)
  }

  /** Up to `room` jobs of a unit, in order: each combination of the prompt, then model, seed and size. */
  private expand(unit: Unit, template: Template | string, room: number): void {
    const seeds = seedCount(unit.seeds)
    const combinations = typeof template === 'string' ? 1 : template.count
    let left = room
    for (let combination = 0; combination < combinations; combination++) {
      const written = typeof template === 'string' ? template : promptAt(template, combination)
      // An empty prompt stays empty, so the row is refused for it rather than sent as the style alone.
      const prompt = written.trim() === '' ? written : styledPrompt(written, this.spec.style)
      for (const base of unit.models) {
        for (let k = 0; k < seeds; k++) {
          for (const size of unit.sizes) {
            if (left-- <= 0) return
            const pick = seedAt(unit.seeds, k)
            this.push(jobRow(this.rows.length, unit, prompt, base, pick, size))
          }
        }
      }
    }
  }

  private push(row: BatchRow): void {
    this.rows.push(row)
    this.tally.add(row)
  }

  summary(): BatchSummary {
    const { tally } = this
    return {
      ...tally.all,
      total: Math.min(this.total, Number.MAX_SAFE_INTEGER),
      invalid: tally.all.jobs - tally.all.valid,
      byModel: [...tally.models.values()],
      byEndpoint: [...tally.endpoints.values()]
    }
  }
}

export function expandBatch(spec: BatchSpec, context: BatchContext): BatchExpansion {
  return expandWith(spec, context, checkSameShapesOnce(context.profile))
}

/** The expansion with every row checked on its own: the reference `expandBatch` is tested against. */
export function expandBatchCheckingEachRow(spec: BatchSpec, context: BatchContext): BatchExpansion {
  return expandWith(spec, context, checkEachRow(context.profile))
}

function expandWith(spec: BatchSpec, context: BatchContext, check: RowChecks): BatchExpansion {
  const made = new Rows(spec, context, check)
  let read = 0
  let unequal: BatchIssue | undefined
  let source: Omit<Source, 'rows'>
  if (spec.combine === 'every') {
    // Each record is made into its jobs as soon as it is read, so no record outlives its own rows.
    let add: ((row: SourceRow) => void) | undefined
    source = readSource(spec, (row) => {
      read++
      ;(add ??= made.everyWay())(row)
    })
  } else {
    const rows: SourceRow[] = []
    source = readSource(spec, (row) => rows.push(row))
    read = rows.length
    const planned = read > 0 ? unitsInRows(spec, rows, source.modelColumn, made.bases) : undefined
    if (planned && !planned.ok) unequal = planned.issue
    else if (planned) for (let i = 0; i < planned.length; i++) made.add(planned.unitAt(i))
  }
  const issues: BatchIssue[] = [...source.issues]
  if (read === 0) {
    if (!issues.some((issue) => issue.code === 'csv_no_prompt_column'))
      issues.push(batchIssue('no_prompts', {}))
  } else if (unequal) {
    issues.push(unequal)
  } else if (made.total > MAX_BATCH_JOBS) {
    const total = Math.min(made.total, Number.MAX_SAFE_INTEGER)
    issues.push(batchIssue('too_many_jobs', { max: MAX_BATCH_JOBS, total }))
  }
  return { rows: made.rows, summary: made.summary(), issues }
}

/**
 * A unit's prompt: as written when it has no wildcard (no template to build), else as a template; or, when
 * its record, its model or its prompt is wrong, the issues of the one row it makes instead of its jobs.
 */
function promptOf(unit: Unit, lists: ListTable): string | Template | RowIssue[] {
  const row = unit.source
  const unknownModel = row.model !== undefined && unit.models.length === 0
  if ((row.issues === undefined || row.issues.length === 0) && !unknownModel) {
    if (isPlainPrompt(row.prompt)) return row.prompt
    const parsed = parsePrompt(row.prompt, lists, row.line)
    return parsed.ok ? parsed.template : parsed.issues
  }
  const issues: RowIssue[] = [...(row.issues ?? [])]
  if (row.model !== undefined && unknownModel) {
    issues.push(batchIssue('unknown_model', { line: row.line, model: row.model }))
  }
  return issues
}

/** The one row of a unit that makes no jobs, with its issues. */
function failedRow(index: number, unit: Unit, issues: RowIssue[]): BatchRow {
  const row = unit.source
  const base = unit.models.length === 1 ? unit.models[0] : undefined
  return {
    index,
    source: sourceOf(row),
    prompt: row.prompt,
    model: base?.model ?? row.model ?? null,
    endpoint: base?.endpoint ?? null,
    request: null,
    issues
  }
}
