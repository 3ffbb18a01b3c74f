import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { csvDialectOf } from '../../../../src/shared/batches/csvDialect'
import { random } from './randomBatches'

/** papaparse told the dialect reads a text exactly as papaparse left to guess it. */
function readsAlike(text: string): void {
  const guessed = Papa.parse<string[]>(text, { skipEmptyLines: true })
  const told = Papa.parse<string[]>(text, { skipEmptyLines: true, ...csvDialectOf(text) })
  expect(told).toStrictEqual(guessed)
}

const pick = <T>(next: () => number, values: readonly T[]): T =>
  values[Math.floor(next() * values.length)] as T

// Every candidate delimiter, every line break, quotes (good and malformed), spaces after a closing quote.
const PIECES = [',', '\t', '|', ';', '\x1e', '\x1f', '"', '""', '\n', '\r', '\r\n', ' ', 'a', 'bc', '1', 'é']

/** A table in one dialect, its cells sometimes quoted, sometimes holding the other candidates. */
function table(next: () => number, rows: number): string {
  const delimiter = pick(next, [',', '\t', '|', ';', '\x1e', '\x1f'])
  const newline = pick(next, ['\n', '\r\n', '\r'])
  const columns = 1 + Math.floor(next() * 4)
  const cell = (): string => {
    const text = Array.from({ length: Math.floor(next() * 4) }, () => pick(next, PIECES)).join('')
    return next() < 0.4 ? `"${text.replace(/"/g, '""')}"` : text.replace(/["\r\n]/g, '')
  }
  return Array.from({ length: rows }, () => Array.from({ length: columns }, cell).join(delimiter)).join(
    newline
  )
}

describe('the dialect papaparse is told', () => {
  it('is what papaparse guesses, for random texts and tables', () => {
    const next = random(20_260_402)
    for (let i = 0; i < 400; i++) {
      readsAlike(Array.from({ length: Math.floor(next() * 120) }, () => pick(next, PIECES)).join(''))
      readsAlike(table(next, Math.floor(next() * 30)))
    }
  })

  it('leaves out only the delimiters the text does not hold', () => {
    expect(csvDialectOf('prompt,size\n"a; b",1K\n')).toEqual({ newline: '\n', delimitersToGuess: [',', ';'] })
    expect(csvDialectOf('one prompt')).toEqual({ newline: '\n', delimitersToGuess: [] })
  })

  it('leaves the line break to papaparse when its first megabyte holds a carriage return', () => {
    expect(csvDialectOf('a,b\r\nc,d\r\n').newline).toBeUndefined()
    const late = `${'prompt,seed\n'.repeat(90_000)}x\r\n`
    expect(late.indexOf('\r')).toBeGreaterThan(1024 * 1024)
    expect(csvDialectOf(late).newline).toBe('\n')
    readsAlike(late)
  })

  it('is what papaparse guesses for a large file of quoted prompts, with a candidate far down', () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => `"Product ${i}: a lamp, on white",seedream,${i},2K`)
    rows[4_000] = `"a {red|blue} lamp; on white",seedream,1,2K`
    readsAlike(`prompt,model,seed,size\n${rows.join('\n')}\n`)
    readsAlike(`prompt;model\r\n${rows.map((row) => row.replace(/,/g, ';')).join('\r\n')}`)
  })
})
