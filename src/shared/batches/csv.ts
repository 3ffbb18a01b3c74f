import Papa, { type ParseError, type ParseStepResult } from 'papaparse'
import type { JobRequest } from '../schemas/jobs'
import { csvDialectOf } from './csvDialect'
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

/**
 * Counts lines as the text is walked once, front to back, whatever its line breaks: `\n`, `\r\n` or a
 * lone `\r`. It jumps from break to break (indexOf), as a file has far fewer breaks than characters.
 */
function lineCounter(text: string): (offset: number) => number {
  let line = 1
  // The next `\n` and `\r` not counted yet, or -1 when there is none.
  let lf = text.indexOf('\n')
  let cr = text.indexOf('\r')
  return (offset) => {
    const end = Math.min(offset, text.length)
    while (lf !== -1 && lf < end) {
      line++
      lf = text.indexOf('\n', lf + 1)
    }
    while (cr !== -1 && cr < end) {
      if (text.charCodeAt(cr + 1) !== 10) line++
      cr = text.indexOf('\r', cr + 1)
    }
    return line
  }
}

/** Where the record after `offset` starts: past the empty lines papaparse skipped. */
function recordStart(text: string, offset: number): number {
  let at = offset
  while (at < text.length) {
    const code = text.charCodeAt(at)
    // Printable ASCII other than a space is never whitespace: most records start with one.
    if ((code > 32 && code < 127) || !/\s/.test(text[at] as string)) break
    at++
  }
  return at
}

const isBlank = (cells: readonly string[]): boolean => {
  for (const cell of cells) if (cell.trim() !== '') return false
  return true
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
  const rows: SourceRow[] = []
  const { issues, modelColumn } = readCsvRows(text, mapping, bases, (row) => rows.push(row))
  return { rows, issues, modelColumn }
}

/**
 * `readCsv`, handing each row to `visit` as soon as its record is read rather than keeping them all: a
 * caller that keeps only what it makes of a row lets the row go at once. A file without a prompt column
 * hands on no row. What `visit` throws is thrown from here, never taken for a fault of the file.
 */
export function readCsvRows(
  text: string,
  mapping: ColumnMapping | undefined,
  bases: readonly JobRequest[],
  visit: (row: SourceRow) => void
): Omit<Source, 'rows'> {
  const body = withoutBom(text)
  const lineAt = lineCounter(body)
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

  // Every record fills its values under the same names in the same order: a copy of this object already
  // has them, so the per-record work is plain stores rather than building a dictionary key by key.
  const blankValues: Record<string, string> = {}

  let visitFailed: { error: unknown } | undefined

  const step = (result: ParseStepResult<string[]>): void => {
    const line = lineAt(recordStart(body, from))
    from = result.meta.cursor
    record++
    const cells = result.data
    // The header is the first record with something in it; later blank records are no prompt at all.
    if (isBlank(cells)) return
    if (!header) {
      header = cells.map((cell) => cell.trim())
      names = namesOf(header)
      use = mapping ?? guessMapping(header, bases)
      for (const name of names) if (name !== undefined) blankValues[name] = ''
      issues.push(...parseIssues(result.errors, line))
      return
    }
    // Without a prompt column the file has no rows at all (see the end).
    if (!use || use.prompt >= header.length) return
    // Most records have no issue: no list is made for them.
    let rowIssues = result.errors.length > 0 ? parseIssues(result.errors, line) : undefined
    const prompt = (cells[use.prompt] ?? '').trim()
    if (prompt === '') (rowIssues ??= []).push(batchIssue('csv_empty_prompt', { line }))
    const model = use.model === undefined ? '' : (cells[use.model] ?? '').trim()
    // Sized up front, as an array grown by push starts with room for 17: there is one per record.
    const mapped = new Array<{ field: string; text: string }>(use.fields.length)
    let count = 0
    for (const { column, field } of use.fields) {
      const cell = (cells[column] ?? '').trim()
      if (cell !== '') mapped[count++] = { field, text: cell }
    }
    if (count < mapped.length) mapped.length = count
    const values = { ...blankValues }
    for (let column = 0; column < names.length; column++) {
      const name = names[column]
      if (name !== undefined) values[name] = cells[column] ?? ''
    }
    // Whole literals rather than spreads or added fields: the row is made once per record.
    const row: SourceRow =
      model === '' ? { line, prompt, cells: mapped, values } : { line, prompt, model, cells: mapped, values }
    if (rowIssues && rowIssues.length > 0) row.issues = rowIssues
    try {
      visit(row)
    } catch (error) {
      visitFailed = { error }
      throw error
    }
  }

  try {
    // Only empty lines are skipped by papaparse ('greedy' would skip `,,` too, and the line count with it):
    // a record of blank cells arrives, moves the count on, and is skipped here. Told part of what it would
    // guess anyway, papaparse guesses the same for far less (csvDialect.ts).
    Papa.parse<string[]>(body, { skipEmptyLines: true, step, ...csvDialectOf(body) })
  } catch (error) {
    if (visitFailed) throw visitFailed.error
    // papaparse reports what it cannot read as errors; this is only so that no text ever throws here.
    const message = error instanceof Error ? error.message : String(error)
    issues.push(batchIssue('csv_parse', { line: lineAt(from), row: record, code: 'Exception', message }))
  }
  if (header && (!use || use.prompt >= header.length)) {
    issues.push(batchIssue('csv_no_prompt_column', { columns: header.join(', ') }))
    return { issues, modelColumn: false }
  }
  return { issues, modelColumn: use?.model !== undefined && use.model < (header?.length ?? 0) }
}
