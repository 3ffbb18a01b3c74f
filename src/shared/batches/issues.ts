import type { PreflightIssue } from '../gateway/preflight'

/**
 * What can be wrong with a batch, as data: a code and the values its words need. The words live in the
 * catalogs (`batches.issues.<code>`, src/shared/i18n/locales/<language>/batches.ts), so the renderer says
 * them in the user's language. `line` is the line of the prompt text or file the row came from (a CSV
 * record's first line), `endpoint` an endpoint's key (its name is `images.endpoints.<key>.name`), and
 * `first`/`second` of `rows_unequal` are axes (`batches.axes.<axis>` words them with their length).
 */
export interface BatchIssueValues {
  /** The batch has no prompt at all. */
  no_prompts: Record<string, never>
  /** No column is the prompt: the header's cells, joined by ", ". */
  csv_no_prompt_column: { columns: string }
  /** The CSV library's complaint about one record: its `code` and English `message`, `row` counted from 1. */
  csv_parse: { line: number; row: number; code: string; message: string }
  csv_empty_prompt: { line: number }
  unknown_list: { line: number; name: string }
  empty_list: { line: number; name: string }
  /** `column`: the character of the `{`, counted from 1. */
  unclosed_brace: { line: number; column: number }
  nested_brace: { line: number; column: number }
  empty_alternatives: { line: number; column: number }
  /** The same three inside one of the user's lists: `entry` is the list's line, counted from 1. */
  list_unclosed_brace: { line: number; list: string; entry: number; column: number }
  list_nested_brace: { line: number; list: string; entry: number; column: number }
  list_empty_alternatives: { line: number; list: string; entry: number; column: number }
  /** Row by row with two axes of other lengths (both above one). */
  rows_unequal: { first: BatchAxis; firstLength: number; second: BatchAxis; secondLength: number }
  /** A model column names a model none of the bases is for. */
  unknown_model: { line: number; model: string }
  size_not_supported: { line: number; model: string; endpoint: string; size: string }
  seed_not_supported: { line: number; model: string; endpoint: string; seed: number }
  field_not_supported: { line: number; model: string; endpoint: string; field: string }
  field_not_number: { line: number; field: string; value: string }
  field_not_boolean: { line: number; field: string; value: string }
  /** The request the row makes fails the job schema: the path of the first field it refuses. */
  request_invalid: { line: number; field: string }
  /** `total` is what the combination would make, held to Number.MAX_SAFE_INTEGER. */
  too_many_jobs: { max: number; total: number }
}

export type BatchIssueCode = keyof BatchIssueValues

// Values stay flat strings and numbers, so they cross the contract and fill the words as they are.
type Flat<T extends Readonly<Record<string, string | number>>> = T
type _FlatValues = Flat<BatchIssueValues[BatchIssueCode]>

/** The axes `combine: 'rows'` lines up. */
export type BatchAxis = 'prompts' | 'models' | 'seeds' | 'sizes'
export const BATCH_AXES: readonly BatchAxis[] = ['prompts', 'models', 'seeds', 'sizes']

/** Every code, in the order the catalogs list them. */
export const BATCH_ISSUE_CODES = Object.keys({
  no_prompts: true,
  csv_no_prompt_column: true,
  csv_parse: true,
  csv_empty_prompt: true,
  unknown_list: true,
  empty_list: true,
  unclosed_brace: true,
  nested_brace: true,
  empty_alternatives: true,
  list_unclosed_brace: true,
  list_nested_brace: true,
  list_empty_alternatives: true,
  rows_unequal: true,
  unknown_model: true,
  size_not_supported: true,
  seed_not_supported: true,
  field_not_supported: true,
  field_not_number: true,
  field_not_boolean: true,
  request_invalid: true,
  too_many_jobs: true
} satisfies Record<BatchIssueCode, true>) as BatchIssueCode[]

export type BatchIssue = {
  [C in BatchIssueCode]: { code: C; values: BatchIssueValues[C] }
}[BatchIssueCode]

/** A row's issue: the batch's own, or the pre-flight's as `preflightJob` returns it. */
export type RowIssue = BatchIssue | PreflightIssue

/** A pre-flight issue always has its `rule`; a batch issue never does. */
export const isBatchIssue = (issue: RowIssue): issue is BatchIssue => !('rule' in issue)

export const batchIssue = <C extends BatchIssueCode>(code: C, values: BatchIssueValues[C]): BatchIssue =>
  ({ code, values }) as BatchIssue
