import ts from 'typescript'

/**
 * `npm run promises`: which test proves which promise of docs/RELIABILITY.md, and how that test did in the
 * last run. Everything here is pure (text in, data out) so the unit test can feed it small inputs; the
 * file reading and printing live in cli.ts.
 *
 * The link is the tag `[Pn]` in an `it`/`test` title or in the title of an enclosing `describe`. Titles
 * are read twice: from the source (so a test that has not run yet still counts, as "not run"), and from
 * the last vitest and Playwright JSON reports (so each test shows its last result).
 */

export interface PromiseEntry {
  /** `P17` */
  id: string
  name: string
  /** Why (part of) the promise cannot be proved by a test on these machines; absent when it can. */
  notTestable?: string
}

export type TestStatus = 'passed' | 'failed' | 'skipped' | 'not run'

export interface TestCase {
  /** Repository-relative, with `/` separators. */
  file: string
  /** Enclosing describe titles, then the test's own title. */
  titles: string[]
  /** Promise ids the titles name, without duplicates, in order of appearance. */
  tags: string[]
  status: TestStatus
}

const TAG = /\[(P\d{1,3})\]/g
/** A promise number written some other way, e.g. "(P19, P24)" or "follows P25:". */
const LOOSE_MENTION = /\bP\d{1,2}\b/g

export function tagsIn(titles: readonly string[]): string[] {
  const tags: string[] = []
  for (const title of titles) {
    for (const match of title.matchAll(TAG)) {
      const id = match[1] as string
      if (!tags.includes(id)) tags.push(id)
    }
  }
  return tags
}

/** Promise numbers a title mentions outside a `[Pn]` tag; these do not count, so the report warns about them. */
export function looseMentions(title: string): string[] {
  return [...title.replace(TAG, '').matchAll(LOOSE_MENTION)].map((match) => match[0])
}

// ---- docs/RELIABILITY.md ----

const HEADING = /^#{2,4}\s+(P\d{1,3})\b[\s:.—–-]*(.*?)\s*$/
const ANY_HEADING = /^#{1,4}\s/
const NOT_TESTABLE = /^\s*(?:[-*]\s+)?\*{0,2}not testable here(?::\*{0,2}|\*{0,2}:)\s*(.*)$/i

export interface ParsedPromises {
  promises: PromiseEntry[]
  problems: string[]
}

/**
 * Reads the promise list: every `### Pn Name` heading starts a promise, which runs to the next heading.
 * A line `- **Not testable here:** <reason>` inside it (continued on indented lines) gives the reason.
 */
export function parsePromises(markdown: string): ParsedPromises {
  const promises: PromiseEntry[] = []
  const problems: string[] = []
  let current: PromiseEntry | undefined
  let reason: string[] | undefined
  const close = (): void => {
    if (current && reason) current.notTestable = reason.join(' ').trim()
    reason = undefined
  }
  for (const line of markdown.split(/\r?\n/)) {
    const heading = HEADING.exec(line)
    if (heading) {
      close()
      const id = heading[1] as string
      if (promises.some((p) => p.id === id)) problems.push(`${id} is listed twice`)
      current = { id, name: (heading[2] ?? '').replace(/\*+/g, '').trim() }
      promises.push(current)
      continue
    }
    if (ANY_HEADING.test(line)) {
      close()
      current = undefined
      continue
    }
    if (!current) continue
    const marker = NOT_TESTABLE.exec(line)
    if (marker) {
      close()
      reason = [(marker[1] ?? '').trim()]
    } else if (reason && /^\s+\S/.test(line) && !/^\s*[-*]\s/.test(line)) {
      reason.push(line.trim())
    } else if (reason) {
      close()
    }
  }
  close()
  for (const promise of promises) {
    if (promise.notTestable === '') problems.push(`${promise.id} says "not testable here" without a reason`)
  }
  return { promises, problems }
}

// ---- test sources ----

export interface SourceTest {
  file: string
  titles: string[]
  line: number
}

/** Members of `test.`/`it.` that take a title and a function but are not tests. */
const NOT_A_TEST = new Set([
  'step',
  'beforeAll',
  'afterAll',
  'beforeEach',
  'afterEach',
  'use',
  'extend',
  'info',
  'setTimeout'
])

/** `it.each(rows)('title', fn)` → ['it', 'each']; `test.describe.serial` → ['test', 'describe', 'serial']. */
function calleeChain(expression: ts.Expression): string[] | null {
  if (ts.isIdentifier(expression)) return [expression.text]
  if (ts.isPropertyAccessExpression(expression)) {
    const left = calleeChain(expression.expression)
    return left ? [...left, expression.name.text] : null
  }
  // `it.each(rows)` / `it.skipIf(cond)` / `it.for(rows)`: the call that returns the test function.
  if (ts.isCallExpression(expression)) return calleeChain(expression.expression)
  return null
}

/** The title as written; `${…}` parts stay as placeholders (tags are always literal text). */
function titleText(node: ts.Expression | undefined): string | null {
  if (!node) return null
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => '${…}' + span.literal.text).join('')
  }
  return null
}

function kindOf(chain: string[]): 'describe' | 'test' | null {
  const [root, ...members] = chain
  if (members.some((member) => NOT_A_TEST.has(member))) return null
  if (root === 'describe' || root === 'suite' || members.includes('describe')) return 'describe'
  if (root === 'it' || root === 'test') return 'test'
  return null
}

/** Every `describe`/`it`/`test` with a literal title, with the titles of the describes around it. */
export function scanTestSource(file: string, text: string): SourceTest[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const found: SourceTest[] = []
  const visit = (node: ts.Node, describes: string[]): void => {
    if (ts.isCallExpression(node)) {
      const chain = calleeChain(node.expression)
      const what = chain ? kindOf(chain) : null
      const title = titleText(node.arguments[0])
      const hasBody = node.arguments
        .slice(1)
        .some((arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg))
      if (what && title !== null && hasBody) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
        if (what === 'test') {
          found.push({ file, titles: [...describes, title], line })
          return
        }
        for (const arg of node.arguments.slice(1)) visit(arg, [...describes, title])
        return
      }
    }
    ts.forEachChild(node, (child) => visit(child, describes))
  }
  visit(source, [])
  return found
}

// ---- last results ----

export interface ResultSet {
  tests: TestCase[]
  /** Files the run covered; a tagged test in a file not listed here has simply not run. */
  files: Set<string>
  /** Files whose suite failed as a whole (e.g. an import error), so their tests have no result of their own. */
  brokenFiles: Set<string>
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : [])
const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}
const asString = (value: unknown): string => (typeof value === 'string' ? value : '')

/** `/abs/repo/test/x.test.ts` or `test\x.test.ts` → `test/x.test.ts`. */
export function repoPath(path: string, root: string): string {
  const unix = path.replace(/\\/g, '/')
  const base = root.replace(/\\/g, '/').replace(/\/+$/, '') + '/'
  return unix.startsWith(base) ? unix.slice(base.length) : unix.replace(/^\.\//, '')
}

function vitestStatus(status: string): TestStatus {
  if (status === 'passed') return 'passed'
  if (status === 'failed') return 'failed'
  // skipped, pending, todo, disabled
  return 'skipped'
}

/** vitest's `json` reporter (the jest-compatible shape). */
export function readVitestResults(json: unknown, root: string): ResultSet {
  const set: ResultSet = { tests: [], files: new Set(), brokenFiles: new Set() }
  for (const fileResult of asArray(asRecord(json).testResults)) {
    const record = asRecord(fileResult)
    const file = repoPath(asString(record.name), root)
    set.files.add(file)
    if (record.status === 'failed' && asString(record.message) !== '') set.brokenFiles.add(file)
    for (const assertion of asArray(record.assertionResults)) {
      const a = asRecord(assertion)
      const titles = [...asArray(a.ancestorTitles).map(asString), asString(a.title)]
      set.tests.push({ file, titles, tags: tagsIn(titles), status: vitestStatus(asString(a.status)) })
    }
  }
  return set
}

function playwrightStatus(test: Record<string, unknown>): TestStatus {
  switch (test.status) {
    case 'expected':
    case 'flaky':
      return 'passed'
    case 'unexpected':
      return 'failed'
    default:
      return 'skipped'
  }
}

/** Playwright's `json` reporter: suites (one per file, then describes) hold specs, each with its runs. */
export function readPlaywrightResults(json: unknown, root: string): ResultSet {
  const set: ResultSet = { tests: [], files: new Set(), brokenFiles: new Set() }
  const report = asRecord(json)
  // Spec files are named relative to the test directory, which is the config's rootDir.
  const testDir = asString(asRecord(report.config).rootDir)
  const fileOf = (name: string): string =>
    repoPath(name.startsWith('/') || /^[A-Za-z]:/.test(name) || !testDir ? name : `${testDir}/${name}`, root)
  const walk = (suite: Record<string, unknown>, describes: string[], isFile: boolean): void => {
    const here = isFile ? describes : [...describes, asString(suite.title)]
    if (isFile) set.files.add(fileOf(asString(suite.file)))
    for (const specValue of asArray(suite.specs)) {
      const spec = asRecord(specValue)
      const file = fileOf(asString(spec.file) || asString(suite.file))
      const titles = [...here, asString(spec.title)]
      for (const testValue of asArray(spec.tests)) {
        set.tests.push({ file, titles, tags: tagsIn(titles), status: playwrightStatus(asRecord(testValue)) })
      }
    }
    for (const child of asArray(suite.suites)) walk(asRecord(child), here, false)
  }
  for (const suite of asArray(report.suites)) walk(asRecord(suite), [], true)
  return set
}

// ---- putting it together ----

/**
 * One list of tagged tests: a file the last run covered contributes its results (their titles are the
 * real ones, `it.each` rows included); any other file contributes its tests from the source as "not run".
 * A tag that appears in a covered file's source but in none of its results (a test added since the run)
 * is listed from the source as "not run" too, or "failed" when the whole file failed to run.
 */
export function mergeTests(sources: SourceTest[], runs: ResultSet[]): TestCase[] {
  const covered = new Map<string, ResultSet>()
  for (const run of runs) for (const file of run.files) covered.set(file, run)
  const out: TestCase[] = runs.flatMap((run) => run.tests.filter((test) => test.tags.length > 0))
  for (const source of sources) {
    const tags = tagsIn(source.titles)
    if (tags.length === 0) continue
    const run = covered.get(source.file)
    if (!run) {
      out.push({ file: source.file, titles: source.titles, tags, status: 'not run' })
      continue
    }
    const seen = new Set(run.tests.filter((t) => t.file === source.file).flatMap((t) => t.tags))
    const missing = tags.filter((tag) => !seen.has(tag))
    if (missing.length === 0) continue
    const status: TestStatus = run.brokenFiles.has(source.file) ? 'failed' : 'not run'
    out.push({ file: source.file, titles: source.titles, tags: missing, status })
  }
  return out
}

export interface PromiseReport {
  promise: PromiseEntry
  tests: TestCase[]
  counts: Record<TestStatus, number>
}

export interface Report {
  promises: PromiseReport[]
  /** Tags naming a promise the document does not list, with where they were found. */
  unknownTags: { tag: string; test: TestCase }[]
}

export function buildReport(promises: PromiseEntry[], tests: TestCase[]): Report {
  const known = new Set(promises.map((p) => p.id))
  const reports = promises.map((promise): PromiseReport => {
    const mine = tests.filter((test) => test.tags.includes(promise.id))
    const counts: Record<TestStatus, number> = { passed: 0, failed: 0, skipped: 0, 'not run': 0 }
    for (const test of mine) counts[test.status] += 1
    return { promise, tests: mine, counts }
  })
  const unknownTags = tests.flatMap((test) =>
    test.tags.filter((tag) => !known.has(tag)).map((tag) => ({ tag, test }))
  )
  return { promises: reports, unknownTags }
}

/** Why `npm run promises` fails, if it does: an untested promise, a failed test, a tag for no promise. */
export function problemsOf(report: Report): string[] {
  const problems: string[] = []
  for (const { promise, tests, counts } of report.promises) {
    if (tests.length === 0 && !promise.notTestable) {
      problems.push(
        `${promise.id} ${promise.name}: no test names it, and it is not marked "not testable here"`
      )
    }
    if (counts.failed > 0)
      problems.push(`${promise.id} ${promise.name}: ${counts.failed} tagged test(s) failed`)
  }
  for (const { tag, test } of report.unknownTags) {
    problems.push(
      `${test.file}: "${test.titles.join(' › ')}" is tagged [${tag}], which docs/RELIABILITY.md does not list`
    )
  }
  return problems
}

const MARK: Record<TestStatus, string> = { passed: '✓', failed: '✗', skipped: '○', 'not run': '·' }

export function summaryOf(counts: Record<TestStatus, number>): string {
  const total = counts.passed + counts.failed + counts.skipped + counts['not run']
  const parts = (['passed', 'failed', 'skipped', 'not run'] as const)
    .filter((status) => counts[status] > 0)
    .map((status) => `${counts[status]} ${status}`)
  return `${total} test${total === 1 ? '' : 's'}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`
}

/** The printed report; `brief` names only the failed tests (what a CI log needs to point at). */
export function formatReport(report: Report, options: { brief?: boolean } = {}): string[] {
  const lines: string[] = []
  for (const { promise, tests, counts } of report.promises) {
    lines.push(`${promise.id.padEnd(4)} ${promise.name} — ${summaryOf(counts)}`)
    for (const test of tests) {
      if (options.brief && test.status !== 'failed') continue
      lines.push(`       ${MARK[test.status]} ${test.file} › ${test.titles.join(' › ')}`)
    }
    if (promise.notTestable) lines.push(`       not testable here: ${promise.notTestable}`)
  }
  return lines
}
