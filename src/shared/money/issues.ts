/**
 * What can be wrong with a price file, as data: a code and the values its words need. The words live in the
 * catalogs (`money.issues.<code>`, src/shared/i18n/locales/<language>/money.ts), so the renderer says them
 * in the user's language. `line` is the line a designer sees in an editor: for a CSV file the record's first
 * line, for a JSON file the line of the model's entry (or of the field in it) as found in the text. `model`
 * is the model id as the file writes it, `field` a JSON key (`inputPerMillion`) or a CSV column
 * (`input_per_million`), `value` what the file holds there, cut short.
 */
export interface PriceFileIssueValues {
  file_empty: Record<string, never>
  file_too_large: { maxMegabytes: number }
  /** Something no rule foresaw stopped the reading: the English `message` of what went wrong. */
  file_unreadable: { message: string }
  json_syntax: Record<string, never>
  /** Nested deeper, or with more values, than any price table within the bounds. */
  json_too_complex: Record<string, never>
  /** The JSON is no object with `version`, `currency` and `models`. */
  not_a_price_table: Record<string, never>
  /** `version` is not 1: as the file has it (empty when absent). */
  version_unsupported: { version: string }
  currency_invalid: { value: string }
  table_unknown_field: { line: number; field: string }
  too_many_models: { max: number; count: number }
  /** A CSV row with no model. */
  model_missing: { line: number }
  model_id_invalid: { line: number; model: string; max: number }
  model_duplicate: { line: number; model: string; firstLine: number }
  /** A JSON model entry that is not an object. */
  model_entry_invalid: { line: number; model: string }
  /** `units`: the units there are, joined by ", ". */
  unit_missing: { line: number; model: string; units: string }
  unit_invalid: { line: number; model: string; value: string; units: string }
  /** CSV rows of one model with different units. */
  unit_conflict: { line: number; model: string; unit: string; firstUnit: string; firstLine: number }
  unknown_field: { line: number; model: string; field: string }
  /** A field (or a filled CSV cell) that another unit has: a token price on a per-image row. */
  field_not_for_unit: { line: number; model: string; field: string; unit: string }
  amount_missing: { line: number; model: string; field: string }
  /** A JSON number where the file keeps amounts as text. */
  amount_not_text: { line: number; model: string; field: string; value: string }
  amount_invalid: { line: number; model: string; field: string; value: string }
  /** `suggestion`: the value with a dot for its comma. */
  amount_uses_comma: { line: number; model: string; field: string; value: string; suggestion: string }
  amount_negative: { line: number; model: string; field: string; value: string }
  /** `max`: the largest amount, as decimal text. */
  amount_too_large: { line: number; model: string; field: string; value: string; max: string }
  amount_too_precise: { line: number; model: string; field: string; value: string; places: number }
  sizes_not_list: { line: number; model: string }
  size_invalid: { line: number; model: string; value: string }
  size_duplicate: { line: number; model: string; size: string }
  too_many_sizes: { line: number; model: string; max: number; count: number }
  /** CSV: a per-image model with size rows only, none with an empty size for the other sizes. */
  image_base_missing: { line: number; model: string }
  /** The CSV library's complaint about one record: its `code` and English `message`, `row` counted from 1. */
  csv_parse: { line: number; row: number; code: string; message: string }
  /** `columns`: the columns there are, joined by ", ". */
  csv_missing_column: { column: string; columns: string }
  csv_unknown_column: { column: string; columns: string }
  csv_duplicate_column: { column: string }
  /** A value no other rule words (a list where an object belongs): where it is, and its field. */
  value_invalid: { line: number; field: string }
  /** Only the first problems are listed: how many more there are. */
  more_problems: { count: number }
}

export type PriceFileIssueCode = keyof PriceFileIssueValues

// Values stay flat strings and numbers, so they cross the contract and fill the words as they are.
type Flat<T extends Readonly<Record<string, string | number>>> = T
type _FlatValues = Flat<PriceFileIssueValues[PriceFileIssueCode]>

/** Every code, in the order the catalogs list them. */
export const PRICE_FILE_ISSUE_CODES = Object.keys({
  file_empty: true,
  file_too_large: true,
  file_unreadable: true,
  json_syntax: true,
  json_too_complex: true,
  not_a_price_table: true,
  version_unsupported: true,
  currency_invalid: true,
  table_unknown_field: true,
  too_many_models: true,
  model_missing: true,
  model_id_invalid: true,
  model_duplicate: true,
  model_entry_invalid: true,
  unit_missing: true,
  unit_invalid: true,
  unit_conflict: true,
  unknown_field: true,
  field_not_for_unit: true,
  amount_missing: true,
  amount_not_text: true,
  amount_invalid: true,
  amount_uses_comma: true,
  amount_negative: true,
  amount_too_large: true,
  amount_too_precise: true,
  sizes_not_list: true,
  size_invalid: true,
  size_duplicate: true,
  too_many_sizes: true,
  image_base_missing: true,
  csv_parse: true,
  csv_missing_column: true,
  csv_unknown_column: true,
  csv_duplicate_column: true,
  value_invalid: true,
  more_problems: true
} satisfies Record<PriceFileIssueCode, true>) as PriceFileIssueCode[]

export type PriceFileIssue = {
  [C in PriceFileIssueCode]: { code: C; values: PriceFileIssueValues[C] }
}[PriceFileIssueCode]

export const priceFileIssue = <C extends PriceFileIssueCode>(
  code: C,
  values: PriceFileIssueValues[C]
): PriceFileIssue => ({ code, values }) as PriceFileIssue

/** Where an issue is in the file, for ordering (issues of the whole file first). */
export const lineOf = (issue: PriceFileIssue): number =>
  'line' in issue.values ? (issue.values as { line: number }).line : 0

/** A value as an issue shows it: text as it is (cut at 40), anything else by what it is. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 40)}…` : value
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  if (Array.isArray(value)) return '[…]'
  return value === undefined ? '' : '{…}'
}
