import Papa from 'papaparse'

/**
 * What papaparse is told before it reads a file so that its guesses cost less, without changing them.
 * Left alone it guesses the line break from the first megabyte (with a pass that drops quoted text), then the
 * delimiter by reading the first 10 records with each of six candidates; a candidate the file does not hold
 * turns every quote into a malformed one, and that read goes on to the end of the file. For a 10,000-row
 * file of quoted prompts those reads cost three times the parse itself.
 *
 * - The line break: papaparse answers `\n` whenever its megabyte holds no `\r` at all; only then is it given.
 * - The delimiter candidates: those the file holds at all. With one it does not hold, every record papaparse
 *   reads has one field, so that candidate is never its choice (it wants more than 1.99 fields a record) and
 *   the candidates after it are judged as if it were not there.
 *
 * test/unit/shared/batches/csvDialect.test.ts holds both to papaparse's own guesses.
 */

export interface CsvDialect {
  newline?: '\n'
  delimitersToGuess: string[]
}

/** papaparse's `delimitersToGuess` default, in its order. */
const CANDIDATES = [',', '\t', '|', ';', Papa.RECORD_SEP, Papa.UNIT_SEP]
/** papaparse guesses the line break from this much of the text. */
const NEWLINE_WINDOW = 1024 * 1024

export function csvDialectOf(text: string): CsvDialect {
  const cr = text.indexOf('\r')
  return {
    ...(cr === -1 || cr >= NEWLINE_WINDOW ? { newline: '\n' as const } : {}),
    delimitersToGuess: CANDIDATES.filter((candidate) => text.includes(candidate))
  }
}
