import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import {
  buildReport,
  formatReport,
  looseMentions,
  mergeTests,
  parsePromises,
  problemsOf,
  readPlaywrightResults,
  readVitestResults,
  scanTestSource,
  type ResultSet,
  type SourceTest
} from './report'

/**
 * `npm run promises [-- --brief]` (brief: only failed tests are named): every promise of docs/RELIABILITY.md with the tests tagged `[Pn]` and
 * their last result. Exits 1 when a promise has no test and is not marked "not testable here", when a
 * tagged test failed in the last run, or when a tag names no promise. Results come from the files
 * `npm test` and `npm run test:e2e` write (vitest.config.mts, playwright.config.ts).
 */

const root = resolve(__dirname, '..', '..')
const DOC = 'docs/RELIABILITY.md'
const RESULTS = {
  vitest: { file: '.test-results/vitest.json', command: 'npm test' },
  playwright: { file: '.test-results/playwright.json', command: 'npm run test:e2e' }
} as const

const brief = process.argv.includes('--brief')

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path)
    return /\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const toRepo = (path: string): string => relative(root, path).split('\\').join('/')

function readResults(
  which: keyof typeof RESULTS,
  read: (json: unknown, root: string) => ResultSet
): { set: ResultSet; written: Date } | null {
  const path = join(root, RESULTS[which].file)
  if (!existsSync(path)) return null
  try {
    return { set: read(JSON.parse(readFileSync(path, 'utf8')), root), written: statSync(path).mtime }
  } catch (error) {
    // A half-written or foreign file must not pass as "no results": say so and treat it as absent.
    process.stderr.write(`Cannot read ${RESULTS[which].file}: ${(error as Error).message}\n`)
    return null
  }
}

function main(): number {
  const docPath = join(root, DOC)
  if (!existsSync(docPath)) {
    process.stderr.write(`${DOC} is missing.\n`)
    return 1
  }
  const { promises, problems: docProblems } = parsePromises(readFileSync(docPath, 'utf8'))

  const files = testFiles(join(root, 'test'))
  const testFileNames = files.map(toRepo)
  const sources: SourceTest[] = files.flatMap((file) =>
    scanTestSource(toRepo(file), readFileSync(file, 'utf8'))
  )
  const runs = {
    vitest: readResults('vitest', readVitestResults),
    playwright: readResults('playwright', readPlaywrightResults)
  }

  const out: string[] = [
    `Promises of ${DOC} and the tests tagged with them ([Pn] in a test or describe title)`
  ]
  for (const which of ['vitest', 'playwright'] as const) {
    const run = runs[which]
    const { file, command } = RESULTS[which]
    if (!run) {
      out.push(`  ${which}: no results yet (${file}); run \`${command}\``)
      continue
    }
    out.push(`  ${which}: ${file}, written ${run.written.toISOString()}, ${run.set.tests.length} tests`)
    // Any vitest or Playwright run rewrites its file, also one that ran a single test file: say so, since
    // the tests of the files it left out then show as "not run".
    const suite = testFileNames.filter((f) => (which === 'playwright') === f.startsWith('test/e2e/'))
    const left = suite.filter((f) => !run.set.files.has(f)).length
    if (left > 0)
      out.push(`    a partial run: ${left} of ${suite.length} test files not in it; run \`${command}\``)
    // A test file edited after the run may hold tests (or tags) the results do not know about yet.
    const stale = [...run.set.files].filter((f) => {
      const path = join(root, f)
      return existsSync(path) && statSync(path).mtime > run.written
    })
    if (stale.length > 0) out.push(`    changed since then (re-run \`${command}\`): ${stale.join(', ')}`)
  }
  out.push('  ✓ passed  ✗ failed  ○ skipped  · not run', '')

  const sets = [runs.vitest?.set, runs.playwright?.set].filter((set): set is ResultSet => set !== undefined)
  const report = buildReport(promises, mergeTests(sources, sets))
  out.push(...formatReport(report, { brief }))

  // One line per title: a describe title counts once, however many tests sit under it.
  const loose = new Map<string, string[]>()
  for (const test of sources) {
    for (const title of test.titles) {
      const ids = looseMentions(title)
      if (ids.length > 0) loose.set(`${test.file}: "${title}"`, ids)
    }
  }
  if (loose.size > 0) {
    out.push('', 'Promise numbers written without brackets (not counted; write them as [Pn]):')
    for (const [where, ids] of loose) out.push(`  ${where} (${ids.join(', ')})`)
  }

  const problems = [...docProblems, ...problemsOf(report)]
  const tested = report.promises.filter((p) => p.tests.length > 0).length
  const untestable = report.promises.filter((p) => p.tests.length === 0 && p.promise.notTestable)
  const noted = report.promises.filter((p) => p.tests.length > 0 && p.promise.notTestable)
  out.push(
    '',
    `${report.promises.length} promises: ${tested} with tagged tests` +
      (noted.length > 0
        ? ` (${noted.length} of them only in part: ${noted.map((p) => p.promise.id).join(', ')})`
        : '') +
      `; ${untestable.length} not testable here` +
      (untestable.length > 0 ? ` (${untestable.map((p) => p.promise.id).join(', ')})` : '') +
      `; ${problems.length === 0 ? 'no problems.' : `${problems.length} problem(s):`}`
  )
  out.push(...problems.map((problem) => `  - ${problem}`))
  if (!runs.vitest || !runs.playwright) {
    const missing = (['vitest', 'playwright'] as const).filter((which) => !runs[which])
    out.push(
      `Tests of ${missing.join(' and ')} show as "not run": run ${missing.map((w) => `\`${RESULTS[w].command}\``).join(' and ')} first.`
    )
  }
  process.stdout.write(`${out.join('\n')}\n`)
  return problems.length === 0 ? 0 : 1
}

process.exitCode = main()
