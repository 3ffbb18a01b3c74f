import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(__dirname, '..', '..', '..')
const MAIN = join(root, 'src', 'main')
const TIME = join(MAIN, 'time') + sep

/** Reading time behind the clock's back: the wall clock, a new Date of "now", or the monotonic timer. */
const OWN_TIME = /\bDate\.now\b|\bnew Date\(\s*\)|\bperformance\.now\b/g

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

/** Where `text` reads time itself, by line, comments left out. */
function ownTimeReads(text: string): number[] {
  const lines: number[] = []
  text.split('\n').forEach((line, index) => {
    const code = line
      .replace(/\/\/.*$/, '')
      .replace(/^\s*\*.*$/, '')
      .replace(/\/\*.*?\*\//g, '')
    if (OWN_TIME.test(code)) lines.push(index + 1)
    OWN_TIME.lastIndex = 0
  })
  return lines
}

/**
 * The backend keeps one clock (`src/main/time/clock.ts`), injected by the composition root, so that a
 * test can drive polls, deadlines, backoff and every timestamp from one fake and a stepped wall clock
 * reaches every module the same way (RELIABILITY P44). Nothing else in `src/main` reads the time.
 */
describe('one clock in the backend', () => {
  it('no module of src/main outside src/main/time reads the time itself', () => {
    const found = sources(MAIN)
      .filter((file) => !file.startsWith(TIME))
      .flatMap((file) =>
        ownTimeReads(readFileSync(file, 'utf8')).map((line) => `${relative(root, file)}:${line}`)
      )
    expect(found).toEqual([])
  })

  it('finds each way of reading the time, and not a mention in a comment', () => {
    expect(
      ownTimeReads('const a = Date.now()\nconst b = x ?? Date.now\nconst c = new Date()\nperformance.now()')
    ).toEqual([1, 2, 3, 4])
    expect(ownTimeReads('// Date.now() is not used\n * new Date() in a doc comment\nnew Date(at)')).toEqual(
      []
    )
  })
})
