import Papa, { type ParseError, type ParseStepResult } from 'papaparse'
import type { JobRequest } from '../schemas/jobs'
import { fieldNamesOf } from './fields'
import { batchIssue, type BatchIssue } from './issues'
import { MAX_MAPPED_FIELDS, settableField, type ColumnMapping } from './spec'
import { withoutBom, type Source, type SourceRow } from './source'

/**
 * A .csv file of prompts, read with papaparse: quoted cells with commas, quotes and line breaks in them,
 * `;` or tab between cells (it finds which), CRLF or LF; the first record is the header. Each record keeps
 * the line it starts on, so an issue names the line a designer sees in an editor (and, without line breaks
 * inside cells, the row number a spreadsheet shows).
 */

const PROMPT_HEADERS = new Set(['prompt', 'prompts'])
const MODEL_HEADERS = new Set(['model'])

/**
 * The mapping a header suggests, or undefined without a prompt column: `prompt` (or `prompts`) and `model`
 * by name, and every column named like a body field of one of the bases (`size`, `seed`,
 * `guidance_scale`), in any case. Other columns are kept in each row's values and set nothing.
 */
export function guessMapping(
  header: readonly string[],
  bases: readonly JobRequest[]
): ColumnMapping | undefined {
  const fields = new Map(fieldNamesOf(bases).map((name) => [name.toLowerCase(), name]))
  let prompt: number | undefined
  let model: number | undefined
  const mapped: ColumnMapping['fields'] = []
  header.forEach((cell, column) => {
    const name = cell.trim().toLowerCase()
    if (PROMPT_HEADERS.has(name)) prompt ??= column
    else if (MODEL_HEADERS.has(name)) model ??= column
    else {
      const field = fields.get(name)
      const taken = mapped.some((entry) => entry.field === field)
      if (field && settableField(field) && !taken && mapped.length < MAX_MAPPED_FIELDS) {
        mapped.push({ column, field })
      }
    }
  })
  if (prompt === undefined) return undefined
  return { prompt, ...(model !== undefined ? { model } : {}), fields: mapped }
}

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

/**
 * The header's names for each row's values: a blank header cell is `#<column>`, a repeated name keeps its
 * first, and `__proto__` is renamed too, so a row's values can be filled by plain assignment.
 */
function namesOf(header: readonly string[]): (string | undefined)[] {
  const seen = new Set<string>()
  return header.map((cell, column) => {
    const name = cell === '' || cell === '__proto__' ? `#${column + 1}` : cell
    if (seen.has(name)) return undefined
    seen.add(name)
    return name
  })
}

export function readCsv(
  text: string,
  mapping: ColumnMapping | undefined,
  bases: readonly JobRequest[]
): Source {
  const body = withoutBom(text)
  const lineAt = lineCounter(body)
  const rows: SourceRow[] = []
  const issues: BatchIssue[] = []
  let header: string[] | undefined
  let names: (string | undefined)[] = []
  let use: ColumnMapping | undefined
  let record = 0
  let from = 0
  const parseIssues = (errors: readonly ParseError[], line: number): BatchIssue[] =>
    errors
      // One column is a fine CSV of prompts: papaparse then only says it fell back to commas.
      .filter((error) => error.code !== 'UndetectableDelimiter')
      .map((error) =>
        batchIssue('csv_parse', { line, row: record, code: error.code, message: error.message })
      )

  const step = (result: ParseStepResult<string[]>): void => {
    const line = lineAt(recordStart(body, from))
    from = result.meta.cursor
    record++
    const cells = result.data
    // The header is the first record with something in it; later blank records are no prompt at all.
    if (cells.every((cell) => cell.trim() === '')) return
    if (!header) {
      header = cells.map((cell) => cell.trim())
      names = namesOf(header)
      use = mapping ?? guessMapping(header, bases)
      issues.push(...parseIssues(result.errors, line))
      return
    }
    if (!use) return
    const rowIssues = parseIssues(result.errors, line)
    const prompt = (cells[use.prompt] ?? '').trim()
    if (prompt === '') rowIssues.push(batchIssue('csv_empty_prompt', { line }))
    const model = use.model === undefined ? '' : (cells[use.model] ?? '').trim()
    const mapped: { field: string; text: string }[] = []
    for (const { column, field } of use.fields) {
      const cell = (cells[column] ?? '').trim()
      if (cell !== '') mapped.push({ field, text: cell })
    }
    const values: Record<string, string> = {}
    names.forEach((name, column) => {
      if (name !== undefined) values[name] = cells[column] ?? ''
    })
    rows.push({
      line,
      prompt,
      ...(model !== '' ? { model } : {}),
      cells: mapped,
      values,
      ...(rowIssues.length > 0 ? { issues: rowIssues } : {})
    })
  }

  try {
    // Only empty lines are skipped by papaparse ('greedy' would skip `,,` too, and the line count with it):
    // a record of blank cells arrives, moves the count on, and is skipped here.
    Papa.parse<string[]>(body, { skipEmptyLines: true, step })
  } catch (error) {
    // papaparse reports what it cannot read as errors; this is only so that no text ever throws here.
    const message = error instanceof Error ? error.message : String(error)
    issues.push(batchIssue('csv_parse', { line: lineAt(from), row: record, code: 'Exception', message }))
  }
  if (header && (!use || use.prompt >= header.length)) {
    issues.push(batchIssue('csv_no_prompt_column', { columns: header.join(', ') }))
    return { rows: [], issues, modelColumn: false }
  }
  return { rows, issues, modelColumn: use?.model !== undefined && use.model < (header?.length ?? 0) }
}
