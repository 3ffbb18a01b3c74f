import type { z } from 'zod'
import { fromMicros, MAX_AMOUNT_MICROS, MAX_AMOUNT_PLACES } from './amounts'
import { lineOf, priceFileIssue, shownValue, type PriceFileIssue } from './issues'
import {
  MAX_MODEL_ID_CHARS,
  MAX_MODELS,
  MAX_SIZES,
  PRICE_FIELDS,
  PRICE_UNITS,
  type MoneyParams,
  type PriceTable,
  type PriceUnit
} from './prices'

/**
 * What reading a price file in any format shares: its bounds, what is said of a file too large or empty,
 * how the table schema's refusals become issues a designer can act on, and the end of it all (the first
 * issues, in the order of the file). The JSON and CSV readers say only where things are (`Place`).
 */

/**
 * The most characters a price file may have: a table at every bound (2,000 models with 50 sizes each,
 * pretty-printed) is under 10 MB, so this leaves room and still refuses what no table is.
 */
export const MAX_PRICE_FILE_CHARS = 16 * 1024 * 1024
/** A designer fixes a file from the top; past this many issues the rest is a count. */
export const MAX_ISSUES = 100

export type PriceImport = { ok: true; table: PriceTable } | { ok: false; issues: PriceFileIssue[] }

/** Where the file has what the table schema read: the reader's own lines and field names. */
export interface Place {
  /** The line of a path into the table (`['models', id, 'bySize', 2, 'price']`), counted from 1. */
  lineOf(path: readonly PropertyKey[]): number
  /** A field of the table (`inputPerMillion`) as the file names it. */
  fieldName(key: string): string
  /** What the file holds at a path, as the schema was given it. */
  valueAt(path: readonly PropertyKey[]): unknown
}

export { withoutBom } from '../text'

/** The issue of a text that cannot be a price table whatever its format, or undefined. */
export function textIssue(text: string): PriceFileIssue | undefined {
  if (text.length > MAX_PRICE_FILE_CHARS) {
    return priceFileIssue('file_too_large', { maxMegabytes: MAX_PRICE_FILE_CHARS / 1024 / 1024 })
  }
  return text.trim() === '' ? priceFileIssue('file_empty', {}) : undefined
}

const UNITS = PRICE_UNITS.join(', ')
const isUnit = (value: unknown): value is PriceUnit => (PRICE_UNITS as readonly unknown[]).includes(value)
const moneyCode = (issue: z.core.$ZodIssue): string | undefined =>
  issue.code === 'custom' ? (issue.params as Partial<MoneyParams> | undefined)?.money : undefined

function amountIssue(
  issue: z.core.$ZodIssue,
  at: { line: number; model: string; field: string },
  raw: unknown
): PriceFileIssue {
  const value = shownValue(raw)
  if (issue.code === 'invalid_type') {
    if (raw === undefined) return priceFileIssue('amount_missing', at)
    return typeof raw === 'number'
      ? priceFileIssue('amount_not_text', { ...at, value })
      : priceFileIssue('amount_invalid', { ...at, value })
  }
  switch (moneyCode(issue)) {
    case 'amount_missing':
      return priceFileIssue('amount_missing', at)
    case 'amount_uses_comma':
      return priceFileIssue('amount_uses_comma', {
        ...at,
        value,
        suggestion: shownValue(String(raw).trim().replace(',', '.'))
      })
    case 'amount_negative':
      return priceFileIssue('amount_negative', { ...at, value })
    case 'amount_too_large':
      return priceFileIssue('amount_too_large', { ...at, value, max: fromMicros(MAX_AMOUNT_MICROS) })
    case 'amount_too_precise':
      return priceFileIssue('amount_too_precise', { ...at, value, places: MAX_AMOUNT_PLACES })
    default:
      return priceFileIssue('amount_invalid', { ...at, value })
  }
}

/** Issues of one model's unknown or misplaced fields: misplaced when another unit has that field. */
function fieldIssues(
  keys: readonly string[],
  at: { line: number; model: string },
  unit: unknown,
  place: Place
) {
  return keys.map((key) => {
    const field = place.fieldName(key)
    const elsewhere = PRICE_UNITS.some((other) => PRICE_FIELDS[other].includes(key))
    return isUnit(unit) && elsewhere
      ? priceFileIssue('field_not_for_unit', { ...at, field, unit })
      : priceFileIssue('unknown_field', { ...at, field })
  })
}

function bySizeIssues(issue: z.core.$ZodIssue, model: string, place: Place): PriceFileIssue[] {
  const { path } = issue
  const line = place.lineOf(path)
  const at = { line, model }
  const key = path[4]
  if (path.length === 3) {
    if (issue.code === 'too_big') {
      const sizes = place.valueAt(path)
      const count = Array.isArray(sizes) ? sizes.length : MAX_SIZES + 1
      return [priceFileIssue('too_many_sizes', { ...at, max: MAX_SIZES, count })]
    }
    return [priceFileIssue('sizes_not_list', at)]
  }
  if (path.length === 4) {
    if (issue.code === 'unrecognized_keys') return fieldIssues(issue.keys, at, undefined, place)
    return [priceFileIssue('value_invalid', { line, field: place.fieldName('bySize') })]
  }
  const raw = place.valueAt(path)
  if (key === 'size') {
    return moneyCode(issue) === 'size_duplicate'
      ? [priceFileIssue('size_duplicate', { ...at, size: shownValue(raw) })]
      : [priceFileIssue('size_invalid', { ...at, value: shownValue(raw) })]
  }
  return [amountIssue(issue, { ...at, field: place.fieldName(String(key)) }, raw)]
}

function modelIssues(issue: z.core.$ZodIssue, place: Place): PriceFileIssue[] {
  const { path } = issue
  const [, id, key] = path
  const model = shownValue(String(id))
  const line = place.lineOf(path)
  const at = { line, model }
  if (path.length === 2) {
    if (issue.code === 'invalid_key') {
      return [priceFileIssue('model_id_invalid', { ...at, max: MAX_MODEL_ID_CHARS })]
    }
    if (issue.code === 'unrecognized_keys') {
      return fieldIssues(issue.keys, at, place.valueAt([...path, 'unit']), place)
    }
    return [priceFileIssue('model_entry_invalid', at)]
  }
  if (key === 'unit') {
    const unit = place.valueAt(path)
    return unit === undefined || unit === ''
      ? [priceFileIssue('unit_missing', { ...at, units: UNITS })]
      : [priceFileIssue('unit_invalid', { ...at, value: shownValue(unit), units: UNITS })]
  }
  if (key === 'bySize') return bySizeIssues(issue, model, place)
  const field = place.fieldName(String(key))
  return [amountIssue(issue, { ...at, field }, place.valueAt(path))]
}

/** The issues of the table schema's refusal, said as the file has things. */
export function schemaIssues(issues: readonly z.core.$ZodIssue[], place: Place): PriceFileIssue[] {
  return issues.flatMap((issue): PriceFileIssue[] => {
    const [top] = issue.path
    if (issue.path.length === 0) {
      return issue.code === 'unrecognized_keys'
        ? issue.keys.map((field) =>
            priceFileIssue('table_unknown_field', { line: place.lineOf([field]), field })
          )
        : [priceFileIssue('not_a_price_table', {})]
    }
    if (top === 'version') {
      return [priceFileIssue('version_unsupported', { version: shownValue(place.valueAt(['version'])) })]
    }
    if (top === 'currency') {
      return [priceFileIssue('currency_invalid', { value: shownValue(place.valueAt(['currency'])) })]
    }
    if (top === 'models' && issue.path.length === 1) {
      if (moneyCode(issue) !== 'too_many_models') return [priceFileIssue('not_a_price_table', {})]
      const models = place.valueAt(['models'])
      const count = typeof models === 'object' && models !== null ? Object.keys(models).length : 0
      return [priceFileIssue('too_many_models', { max: MAX_MODELS, count })]
    }
    if (top === 'models') return modelIssues(issue, place)
    return [priceFileIssue('value_invalid', { line: place.lineOf(issue.path), field: issue.path.join('.') })]
  })
}

/**
 * The end of a reading: the table when nothing is wrong, else the issues in the order of the file (those of
 * the whole file first), the first MAX_ISSUES of them and a count of the rest. `more` counts issues already
 * left out before this (a reader that stopped mapping early).
 */
export function finish(
  table: PriceTable | undefined,
  issues: readonly PriceFileIssue[],
  more = 0
): PriceImport {
  if (issues.length === 0 && more === 0 && table) return { ok: true, table }
  const ordered = issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => lineOf(a.issue) - lineOf(b.issue) || a.index - b.index)
    .map(({ issue }) => issue)
  const shown = ordered.slice(0, MAX_ISSUES)
  const rest = ordered.length - shown.length + more
  return {
    ok: false,
    issues: rest > 0 ? [...shown, priceFileIssue('more_problems', { count: rest })] : shown
  }
}
