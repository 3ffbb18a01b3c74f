import Papa, { type ParseError, type ParseStepResult } from 'papaparse'
import { fromMicros } from './amounts'
import { priceFileIssue, shownValue, type PriceFileIssue } from './issues'
import {
  Currency,
  MAX_MODEL_ID_CHARS,
  MAX_MODELS,
  PRICE_TABLE_VERSION,
  PRICE_UNITS,
  PriceTable,
  type ModelPrice,
  type PriceUnit
} from './prices'
import {
  finish,
  MAX_ISSUES,
  schemaIssues,
  textIssue,
  withoutBom,
  type Place,
  type PriceImport
} from './problems'
import { normalizeSize } from './sizes'

/**
 * A price table as a CSV file, for a spreadsheet: one row per model, and for a per-image model with prices
 * by size one more row per size (the row with an empty size is the price of every other size). The file has
 * no currency: the caller gives the table's (the profile's). Read with papaparse as batches read prompts
 * (src/shared/batches/csv.ts): quoted cells, `,` `;` or tab between cells, CRLF or LF, each record's line
 * kept. Reading never throws: what is wrong is a list of issues, each at the line of its row.
 */

export const PRICE_CSV_COLUMNS = [
  'model',
  'unit',
  'price',
  'size',
  'input_per_million',
  'output_per_million',
  'cached_input_per_million'
] as const
type Column = (typeof PRICE_CSV_COLUMNS)[number]
const REQUIRED_COLUMNS: readonly Column[] = ['model', 'unit']

/** The table's field each column fills (`size` is a tier's, not a field of the model). */
const FIELD_OF_COLUMN: Readonly<Record<Column, string>> = {
  model: 'model',
  unit: 'unit',
  price: 'price',
  size: 'bySize',
  input_per_million: 'inputPerMillion',
  output_per_million: 'outputPerMillion',
  cached_input_per_million: 'cachedInputPerMillion'
}
const COLUMN_OF_FIELD: Readonly<Record<string, string>> = {
  ...Object.fromEntries(PRICE_CSV_COLUMNS.map((column) => [FIELD_OF_COLUMN[column], column])),
  size: 'size'
}
/** The columns a row of each unit may fill. */
const COLUMNS_OF_UNIT: Readonly<Record<PriceUnit, readonly Column[]>> = {
  image: ['model', 'unit', 'price', 'size'],
  tokens: ['model', 'unit', 'input_per_million', 'output_per_million', 'cached_input_per_million'],
  video: ['model', 'unit', 'price'],
  second: ['model', 'unit', 'price']
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) is written with a `'` before it,
 * papaparse's `escapeFormulae`, and so is one that already starts with `'`s and such a character; reading
 * takes one `'` off again, so every model id comes back as it was.
 */
const FORMULA = /^'*[=+\-@\t\r]/
const FORMULA_ESCAPED = /^'+[=+\-@\t\r]/
const unescaped = (cell: string): string => (FORMULA_ESCAPED.test(cell) ? cell.slice(1) : cell)

/** Counts lines as the text is walked once, front to back, whatever its line breaks. */
function lineCounter(text: string): (offset: number) => number {
  let scanned = 0
  let line = 1
  return (offset) => {
    for (; scanned < offset && scanned < text.length; scanned++) {
      const code = text.charCodeAt(scanned)
      if (code === 10 || (code === 13 && text.charCodeAt(scanned + 1) !== 10)) line++
    }
    return line
  }
}

/** Where the record after `offset` starts: past the empty lines papaparse skipped. */
function recordStart(text: string, offset: number): number {
  let at = offset
  while (at < text.length && /\s/.test(text[at] as string)) at++
  return at
}

interface Row {
  line: number
  cells: Partial<Record<Column, string>>
}

/** One model as its rows give it, with the line of each part for the issues. */
interface ModelRows {
  unit: PriceUnit
  line: number
  /** Per image: the row with no size. Other units: the model's one row. */
  main?: Row
  sizes: { row: Row; size: string }[]
}

interface Header {
  columns: Map<number, Column>
  issues: PriceFileIssue[]
}

const COLUMN_LIST = PRICE_CSV_COLUMNS.join(', ')

function readHeader(cells: readonly string[], rows: readonly string[][]): Header {
  const columns = new Map<number, Column>()
  const issues: PriceFileIssue[] = []
  const seen = new Set<string>()
  cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase()
    const known = (PRICE_CSV_COLUMNS as readonly string[]).includes(name)
    if (name === '') {
      // Spreadsheets add empty columns at the right; only one with something in it is a problem.
      if (rows.some((row) => (row[index] ?? '').trim() !== '')) {
        issues.push(priceFileIssue('csv_unknown_column', { column: `#${index + 1}`, columns: COLUMN_LIST }))
      }
    } else if (!known) {
      issues.push(
        priceFileIssue('csv_unknown_column', { column: shownValue(cell.trim()), columns: COLUMN_LIST })
      )
    } else if (seen.has(name)) {
      issues.push(priceFileIssue('csv_duplicate_column', { column: name }))
    } else {
      columns.set(index, name as Column)
    }
    seen.add(name)
  })
  for (const column of REQUIRED_COLUMNS) {
    if (!seen.has(column)) issues.push(priceFileIssue('csv_missing_column', { column, columns: COLUMN_LIST }))
  }
  return { columns, issues }
}

interface Records {
  header?: { line: number; cells: string[] }
  rows: { line: number; row: number; cells: string[] }[]
  issues: PriceFileIssue[]
}

function readRecords(body: string): Records {
  const lineAt = lineCounter(body)
  const records: Records = { rows: [], issues: [] }
  let record = 0
  let from = 0
  const parseIssues = (errors: readonly ParseError[], line: number): PriceFileIssue[] =>
    errors
      // A file of one column is no CSV a table can be, but papaparse only says it fell back to commas.
      .filter((error) => error.code !== 'UndetectableDelimiter')
      .map((error) =>
        priceFileIssue('csv_parse', { line, row: record, code: error.code, message: error.message })
      )
  const step = (result: ParseStepResult<string[]>): void => {
    const line = lineAt(recordStart(body, from))
    from = result.meta.cursor
    record++
    records.issues.push(...parseIssues(result.errors, line))
    const cells = result.data.map(unescaped)
    if (cells.every((cell) => cell.trim() === '')) return
    if (!records.header) records.header = { line, cells }
    else records.rows.push({ line, row: record, cells })
  }
  try {
    Papa.parse<string[]>(body, { skipEmptyLines: true, step })
  } catch (error) {
    // papaparse reports what it cannot read as errors; this is only so that no text ever throws here.
    const message = error instanceof Error ? error.message : String(error)
    records.issues.push(
      priceFileIssue('csv_parse', { line: lineAt(from), row: record, code: 'Exception', message })
    )
  }
  return records
}

const isUnit = (value: string): value is PriceUnit => (PRICE_UNITS as readonly string[]).includes(value)

/** The rows grouped by model, with what is wrong in how they are grouped. */
function groupRows(rows: readonly Row[]): { models: Map<string, ModelRows>; issues: PriceFileIssue[] } {
  const models = new Map<string, ModelRows>()
  const issues: PriceFileIssue[] = []
  for (const row of rows) {
    const { line, cells } = row
    const id = cells.model ?? ''
    const model = shownValue(id)
    const unit = (cells.unit ?? '').toLowerCase()
    if (id === '') {
      issues.push(priceFileIssue('model_missing', { line }))
      continue
    }
    // A record drops this key as it reads, so the schema never sees it: said here.
    if (id === '__proto__') {
      issues.push(priceFileIssue('model_id_invalid', { line, model, max: MAX_MODEL_ID_CHARS }))
      continue
    }
    if (unit === '' || !isUnit(unit)) {
      const units = PRICE_UNITS.join(', ')
      issues.push(
        unit === ''
          ? priceFileIssue('unit_missing', { line, model, units })
          : priceFileIssue('unit_invalid', { line, model, value: shownValue(cells.unit), units })
      )
      continue
    }
    const allowed = COLUMNS_OF_UNIT[unit]
    for (const column of PRICE_CSV_COLUMNS) {
      if ((cells[column] ?? '') !== '' && !allowed.includes(column)) {
        issues.push(priceFileIssue('field_not_for_unit', { line, model, field: column, unit }))
      }
    }
    const known = models.get(id)
    if (known && known.unit !== unit) {
      const first = { firstUnit: known.unit, firstLine: known.line }
      issues.push(priceFileIssue('unit_conflict', { line, model, unit, ...first }))
      continue
    }
    const entry = known ?? { unit, line, sizes: [] }
    models.set(id, entry)
    const size = cells.size ?? ''
    if (unit === 'image' && size !== '') {
      // Said here rather than by the schema: a model whose rows are all sizes never reaches it.
      const normal = normalizeSize(size)
      if (normal === undefined)
        issues.push(priceFileIssue('size_invalid', { line, model, value: shownValue(size) }))
      else if (entry.sizes.some((tier) => tier.size === normal)) {
        issues.push(priceFileIssue('size_duplicate', { line, model, size: shownValue(size) }))
      } else entry.sizes.push({ row, size: normal })
    } else if (entry.main) {
      issues.push(priceFileIssue('model_duplicate', { line, model, firstLine: entry.main.line }))
    } else {
      entry.main = row
    }
  }
  for (const [id, entry] of models) {
    const first = entry.sizes[0]
    if (entry.unit === 'image' && !entry.main && first) {
      issues.push(priceFileIssue('image_base_missing', { line: first.row.line, model: shownValue(id) }))
    }
  }
  return { models, issues }
}

/** An amount cell as the schema reads it: an empty cell is a missing amount. */
const amount = (cell: string | undefined): string | undefined => (cell === '' ? undefined : cell)

/** A model's rows in the table's file form, for the schema to read. */
function fileForm(entry: ModelRows): Record<string, unknown> | undefined {
  const cells = entry.main?.cells ?? {}
  switch (entry.unit) {
    case 'image':
      if (!entry.main) return undefined
      return {
        unit: 'image',
        price: amount(cells.price),
        bySize: entry.sizes.map(({ row }) => ({ size: row.cells.size, price: amount(row.cells.price) }))
      }
    case 'tokens':
      return {
        unit: 'tokens',
        inputPerMillion: amount(cells.input_per_million),
        outputPerMillion: amount(cells.output_per_million),
        ...(amount(cells.cached_input_per_million) !== undefined
          ? { cachedInputPerMillion: cells.cached_input_per_million }
          : {})
      }
    case 'video':
    case 'second':
      return { unit: entry.unit, price: amount(cells.price) }
  }
}

/** Where the schema's paths are in the file: a model's row, a size's row, and the columns of the fields. */
function csvPlace(models: ReadonlyMap<string, ModelRows>, table: unknown): Place {
  return {
    lineOf: (path) => {
      const [, id, key, index] = path
      const entry = typeof id === 'string' ? models.get(id) : undefined
      if (!entry) return 1
      if (key === 'bySize' && typeof index === 'number') return entry.sizes[index]?.row.line ?? entry.line
      if (key === 'bySize') return entry.sizes[0]?.row.line ?? entry.line
      return entry.main?.line ?? entry.line
    },
    fieldName: (key) => COLUMN_OF_FIELD[key] ?? key,
    valueAt: (path) => {
      let at: unknown = table
      for (const segment of path) {
        if (typeof at !== 'object' || at === null) return undefined
        at = (at as Record<PropertyKey, unknown>)[segment]
      }
      return at
    }
  }
}

/** A price table from a CSV file's text, in `currency` (ISO 4217: the file has none of its own). */
export function readPriceCsv(text: string, currency: string): PriceImport {
  const body = withoutBom(text)
  const first = textIssue(body)
  if (first) return finish(undefined, [first])
  const issues: PriceFileIssue[] = []
  if (!Currency.safeParse(currency).success) {
    issues.push(priceFileIssue('currency_invalid', { value: shownValue(currency) }))
  }
  const records = readRecords(body)
  issues.push(...records.issues)
  if (!records.header) return finish(undefined, [...issues, priceFileIssue('file_empty', {})])
  const header = readHeader(
    records.header.cells,
    records.rows.map((row) => row.cells)
  )
  issues.push(...header.issues)
  if (issues.some((issue) => issue.code === 'csv_missing_column')) return finish(undefined, issues)
  const rows: Row[] = records.rows.map(({ line, cells }) => {
    const named: Partial<Record<Column, string>> = {}
    header.columns.forEach((column, index) => {
      named[column] = (cells[index] ?? '').trim()
    })
    return { line, cells: named }
  })
  const grouped = groupRows(rows)
  issues.push(...grouped.issues)
  if (grouped.models.size > MAX_MODELS) {
    return finish(undefined, [
      ...issues,
      priceFileIssue('too_many_models', { max: MAX_MODELS, count: grouped.models.size })
    ])
  }
  const models = Object.fromEntries(
    [...grouped.models].flatMap(([id, entry]) => {
      const form = fileForm(entry)
      return form ? [[id, form] as const] : []
    })
  )
  const raw = { version: PRICE_TABLE_VERSION, currency, models }
  const parsed = PriceTable.safeParse(raw)
  if (parsed.success) return finish(parsed.data, issues)
  // The currency was said above, in the caller's terms; the schema's words for it would say it twice.
  const found = parsed.error.issues.filter((issue) => issue.path[0] !== 'currency')
  const shown = found.slice(0, MAX_ISSUES)
  issues.push(...schemaIssues(shown, csvPlace(grouped.models, raw)))
  return finish(undefined, issues, found.length - shown.length)
}

function rowsOf(id: string, price: ModelPrice): string[][] {
  const row = (cells: Partial<Record<Column, string>>): string[] =>
    PRICE_CSV_COLUMNS.map((column) =>
      column === 'model' ? id : column === 'unit' ? price.unit : (cells[column] ?? '')
    )
  switch (price.unit) {
    case 'image':
      return [
        row({ price: fromMicros(price.price) }),
        ...price.bySize.map((tier) => row({ price: fromMicros(tier.price), size: tier.size }))
      ]
    case 'tokens':
      return [
        row({
          input_per_million: fromMicros(price.inputPerMillion),
          output_per_million: fromMicros(price.outputPerMillion),
          ...(price.cachedInputPerMillion !== undefined
            ? { cached_input_per_million: fromMicros(price.cachedInputPerMillion) }
            : {})
        })
      ]
    case 'video':
    case 'second':
      return [row({ price: fromMicros(price.price) })]
  }
}

/** The table as CSV text with a header row, CRLF line ends as spreadsheets write them. */
export function writePriceCsv(table: PriceTable): string {
  const data = Object.entries(table.models).flatMap(([id, price]) => rowsOf(id, price))
  const text = Papa.unparse(
    { fields: [...PRICE_CSV_COLUMNS], data },
    { escapeFormulae: FORMULA, newline: '\r\n' }
  )
  return `${text}\r\n`
}
