import type { BatchIssue } from './issues'

/**
 * The prompts as read from the user's text or file, before any wildcard is expanded: one row per prompt
 * line or CSV record, with where it came from. Reading never throws: what cannot be read is an issue.
 */

export interface SourceRow {
  /** The line of the text the prompt is on (for a CSV record, its first line), counted from 1. */
  line: number
  prompt: string
  /** A CSV record's model cell, when the mapping has a model column and the cell is not empty. */
  model?: string
  /** A CSV record's non-empty cells of mapped fields, in the mapping's order. */
  cells?: readonly { field: string; text: string }[]
  /** A CSV record's cells by the header's names, as the file has them. */
  values?: Readonly<Record<string, string>>
  /** What is wrong with this record itself (it cannot be read, or has no prompt). */
  issues?: readonly BatchIssue[]
}

export interface Source {
  rows: readonly SourceRow[]
  /** What is wrong with the source as a whole (a file without a prompt column). */
  issues: readonly BatchIssue[]
  /** The file names each record's model: records with a model go to that model whatever `combine` says. */
  modelColumn: boolean
}

export { withoutBom } from '../text'

/** How a loaded file's prompts are read, by its name: a table (.csv, .tsv) or one prompt a line (.txt, others). */
export const sourceKindOf = (fileName: string): 'csv' | 'lines' =>
  /\.(csv|tsv)$/i.test(fileName.trim()) ? 'csv' : 'lines'
