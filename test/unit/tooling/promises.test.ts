import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
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
  tagsIn,
  type TestCase
} from '../../../scripts/promises/report'

const root = join(__dirname, '..', '..', '..')

const doc = [
  '# Promises',
  '',
  'Intro text. - **Not testable here:** this line is before any promise and belongs to none.',
  '',
  '### P1 First promise',
  '',
  '- **Promise:** something.',
  '- **Not testable here:** needs a real window,',
  '  which we cannot start.',
  '- **Proof:** none.',
  '',
  '### P2 Second **promise**',
  '',
  '- **Promise:** tested.',
  '',
  '## Other section',
  '',
  '- **Not testable here:** not about any promise.',
  '',
  '### P3 Third',
  'Not testable here:',
  '### P2 Again'
].join('\n')

describe('the promise list', () => {
  it('reads ids, names and the "not testable here" reason with its continuation line', () => {
    const { promises } = parsePromises(doc)
    expect(promises.map((p) => [p.id, p.name])).toEqual([
      ['P1', 'First promise'],
      ['P2', 'Second promise'],
      ['P3', 'Third'],
      ['P2', 'Again']
    ])
    expect(promises[0]?.notTestable).toBe('needs a real window, which we cannot start.')
    // A marker under a heading that is not a promise, or before the first promise, belongs to no promise.
    expect(promises[1]?.notTestable).toBeUndefined()
  })

  it('reports a promise listed twice and a marker without a reason', () => {
    expect(parsePromises(doc).problems).toEqual([
      'P2 is listed twice',
      'P3 says "not testable here" without a reason'
    ])
  })

  it('docs/RELIABILITY.md lists its promises in order, each with a name, and parses without problems', () => {
    const { promises, problems } = parsePromises(readFileSync(join(root, 'docs', 'RELIABILITY.md'), 'utf8'))
    expect(problems).toEqual([])
    const numbers = promises.map((p) => Number(p.id.slice(1)))
    // P1–P36 and each one added since, in order; the numbers of batch three's (P37–P43, batches, money,
    // files that leave, the team library) are kept for them, so the faults of the machine start at P44.
    expect(numbers.slice(0, 36)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1))
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    for (const promise of promises) expect(promise.name.length, promise.id).toBeGreaterThan(3)
    // Every reason is a sentence, not a stub.
    for (const promise of promises.filter((p) => p.notTestable !== undefined)) {
      expect(promise.notTestable?.length, promise.id).toBeGreaterThan(40)
    }
  })
})

describe('docs/RELIABILITY.md points only at files that exist', () => {
  it('every test, source and script path it names is in the repository', () => {
    const text = readFileSync(join(root, 'docs', 'RELIABILITY.md'), 'utf8')
    const paths = [...text.matchAll(/`((?:test|src|scripts)\/[^`\s]+)`/g)].map((m) => m[1] as string)
    expect(paths.length).toBeGreaterThan(50)
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([])
  })
})

describe('tags in titles', () => {
  it('finds [Pn] tags in order without duplicates, across describe and test titles', () => {
    expect(tagsIn(['crash [P19][P24]', 'keeps rows [P24] and files [P28]'])).toEqual(['P19', 'P24', 'P28'])
    expect(tagsIn(['no tag here', 'P17 written loosely', '(P19, P24)'])).toEqual([])
  })

  it('points out promise numbers written without brackets, which do not count', () => {
    expect(looseMentions('kill -9 (P19, P24) [P28]')).toEqual(['P19', 'P24'])
    expect(looseMentions('PNG files and P256 curves are no promises; [P3] is a tag')).toEqual([])
    expect(looseMentions('plain words [P3]')).toEqual([])
  })
})

describe('reading test sources', () => {
  it('gives every test with the describes around it, whatever form the call takes', () => {
    const source = `
      import { describe, expect, it, test } from 'vitest'
      describe('outer [P1]', () => {
        it('plain', () => expect(1).toBe(1))
        describe.skip("inner [P2]", () => {
          it.each([1, 2])('row %s [P3]', async (n) => expect(n).toBeTruthy())
          it.skipIf(process.env.CI)(\`template \${'x'} [P4]\`, () => undefined)
        })
        const name = 'dynamic'
        it(name, () => undefined)
        it.todo('no body yet [P5]')
      })
      test.describe('playwright [P6]', () => {
        test('a spec', async () => {
          await test.step('a step [P7]', async () => undefined)
        })
        test.beforeAll('setup [P8]', async () => undefined)
      })
    `
    const found = scanTestSource('test/x.test.ts', source)
    expect(found.map((t) => t.titles)).toEqual([
      ['outer [P1]', 'plain'],
      ['outer [P1]', 'inner [P2]', 'row %s [P3]'],
      ['outer [P1]', 'inner [P2]', 'template ${…} [P4]'],
      ['playwright [P6]', 'a spec']
    ])
    expect(found[0]).toMatchObject({ file: 'test/x.test.ts', line: 4 })
  })

  it('reads TSX', () => {
    const found = scanTestSource('test/x.test.tsx', "it('renders [P34]', () => { render(<A b={1} />) })")
    expect(found.map((t) => t.titles)).toEqual([['renders [P34]']])
  })
})

describe('reading the last results', () => {
  it('vitest: repository paths, every status, and files that failed as a whole', () => {
    const json = {
      testResults: [
        {
          name: '/repo/test/unit/a.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { ancestorTitles: ['suite [P1]'], title: 'ok', status: 'passed' },
            { ancestorTitles: ['suite [P1]'], title: 'bad [P2]', status: 'failed' },
            { ancestorTitles: [], title: 'later [P3]', status: 'todo' },
            { ancestorTitles: [], title: 'off [P3]', status: 'skipped' }
          ]
        },
        { name: '/repo/test/unit/b.test.ts', status: 'failed', message: 'SyntaxError', assertionResults: [] }
      ]
    }
    const set = readVitestResults(json, '/repo/')
    expect(set.tests.map((t) => [t.file, t.tags, t.status])).toEqual([
      ['test/unit/a.test.ts', ['P1'], 'passed'],
      ['test/unit/a.test.ts', ['P1', 'P2'], 'failed'],
      ['test/unit/a.test.ts', ['P3'], 'skipped'],
      ['test/unit/a.test.ts', ['P3'], 'skipped']
    ])
    expect([...set.files]).toEqual(['test/unit/a.test.ts', 'test/unit/b.test.ts'])
    expect([...set.brokenFiles]).toEqual(['test/unit/b.test.ts'])
  })

  it('vitest: anything that is not a report reads as no tests, not as a crash', () => {
    expect(readVitestResults(null, '/repo').tests).toEqual([])
    expect(readVitestResults({ testResults: 'x' }, '/repo').tests).toEqual([])
  })

  it('playwright: spec files relative to the test folder, describe titles, and outcomes', () => {
    const json = {
      config: { rootDir: '/repo/test/e2e' },
      suites: [
        {
          title: 'chat.spec.ts',
          file: 'chat.spec.ts',
          specs: [{ title: 'xss [P34]', file: 'chat.spec.ts', tests: [{ status: 'expected' }] }],
          suites: [
            {
              title: 'styles [P4]',
              file: 'chat.spec.ts',
              specs: [
                { title: 'broken', file: 'chat.spec.ts', tests: [{ status: 'unexpected' }] },
                { title: 'shaky', file: 'chat.spec.ts', tests: [{ status: 'flaky' }] },
                { title: 'off', file: 'chat.spec.ts', tests: [{ status: 'skipped' }] }
              ]
            }
          ]
        }
      ]
    }
    const set = readPlaywrightResults(json, '/repo')
    expect(set.tests.map((t) => [t.file, t.titles.join(' › '), t.status])).toEqual([
      ['test/e2e/chat.spec.ts', 'xss [P34]', 'passed'],
      ['test/e2e/chat.spec.ts', 'styles [P4] › broken', 'failed'],
      ['test/e2e/chat.spec.ts', 'styles [P4] › shaky', 'passed'],
      ['test/e2e/chat.spec.ts', 'styles [P4] › off', 'skipped']
    ])
    expect([...set.files]).toEqual(['test/e2e/chat.spec.ts'])
  })
})

describe('matching tests to promises', () => {
  const source = (file: string, ...titles: string[]) => ({ file, titles, line: 1 })
  const result = (file: string, status: TestCase['status'], ...titles: string[]): TestCase => ({
    file,
    titles,
    tags: tagsIn(titles),
    status
  })

  it('takes results for files that ran, the source for files that did not, and flags tags added since', () => {
    const run = {
      tests: [
        result('test/a.test.ts', 'passed', 'row 1 [P1]'),
        result('test/a.test.ts', 'passed', 'row 2 [P1]'),
        result('test/a.test.ts', 'passed', 'untagged')
      ],
      files: new Set(['test/a.test.ts', 'test/broken.test.ts']),
      brokenFiles: new Set(['test/broken.test.ts'])
    }
    const merged = mergeTests(
      [
        source('test/a.test.ts', 'row %s [P1]'),
        source('test/a.test.ts', 'added after the run [P2]'),
        source('test/e2e/b.spec.ts', 'e2e [P1][P3]'),
        source('test/broken.test.ts', 'cannot load [P4]'),
        source('test/c.test.ts', 'untagged')
      ],
      [run]
    )
    expect(merged.map((t) => [t.file, t.titles[0], t.tags, t.status])).toEqual([
      ['test/a.test.ts', 'row 1 [P1]', ['P1'], 'passed'],
      ['test/a.test.ts', 'row 2 [P1]', ['P1'], 'passed'],
      ['test/a.test.ts', 'added after the run [P2]', ['P2'], 'not run'],
      ['test/e2e/b.spec.ts', 'e2e [P1][P3]', ['P1', 'P3'], 'not run'],
      ['test/broken.test.ts', 'cannot load [P4]', ['P4'], 'failed']
    ])
  })

  it('fails for an untested promise unless it is marked, for a failed test, and for a tag of no promise', () => {
    const promises = [
      { id: 'P1', name: 'Tested' },
      { id: 'P2', name: 'Untested' },
      { id: 'P3', name: 'Electron only', notTestable: 'needs the Electron binary' },
      { id: 'P4', name: 'Broken' }
    ]
    const tests = [
      result('test/a.test.ts', 'passed', 'works [P1]'),
      result('test/a.test.ts', 'skipped', 'later [P1]'),
      result('test/a.test.ts', 'not run', 'e2e [P1]'),
      result('test/b.test.ts', 'failed', 'breaks [P4]'),
      result('test/b.test.ts', 'passed', 'typo [P44]')
    ]
    const report = buildReport(promises, tests)
    expect(report.promises.map((p) => [p.promise.id, p.counts])).toEqual([
      ['P1', { passed: 1, failed: 0, skipped: 1, 'not run': 1 }],
      ['P2', { passed: 0, failed: 0, skipped: 0, 'not run': 0 }],
      ['P3', { passed: 0, failed: 0, skipped: 0, 'not run': 0 }],
      ['P4', { passed: 0, failed: 1, skipped: 0, 'not run': 0 }]
    ])
    expect(problemsOf(report)).toEqual([
      'P2 Untested: no test names it, and it is not marked "not testable here"',
      'P4 Broken: 1 tagged test(s) failed',
      'test/b.test.ts: "typo [P44]" is tagged [P44], which docs/RELIABILITY.md does not list'
    ])
    const keptOrMarked = promises.filter((p) => p.id === 'P1' || p.id === 'P3')
    expect(problemsOf(buildReport(keptOrMarked, tests.slice(0, 3)))).toEqual([])
    expect(formatReport(report)).toEqual([
      'P1   Tested — 3 tests: 1 passed, 1 skipped, 1 not run',
      '       ✓ test/a.test.ts › works [P1]',
      '       ○ test/a.test.ts › later [P1]',
      '       · test/a.test.ts › e2e [P1]',
      'P2   Untested — 0 tests',
      'P3   Electron only — 0 tests',
      '       not testable here: needs the Electron binary',
      'P4   Broken — 1 test: 1 failed',
      '       ✗ test/b.test.ts › breaks [P4]'
    ])
    expect(formatReport(report, { brief: true })).toEqual([
      'P1   Tested — 3 tests: 1 passed, 1 skipped, 1 not run',
      'P2   Untested — 0 tests',
      'P3   Electron only — 0 tests',
      '       not testable here: needs the Electron binary',
      'P4   Broken — 1 test: 1 failed',
      '       ✗ test/b.test.ts › breaks [P4]'
    ])
  })
})
