import { describe, expect, it } from 'vitest'
import { BatchSpec, expandBatch, type BatchExpansion } from '../../../../src/shared/batches'
import { expandBatchCheckingEachRow } from '../../../../src/shared/batches/expand'
import { defaultFieldMap } from '../../../../src/shared/gateway/fieldMap'
import { JobRequest } from '../../../../src/shared/schemas/jobs'
import { codes, context, PARTNER_A, V3 } from './fixtures'
import { random, randomBatch } from './randomBatches'

/**
 * `expandBatch` checks each shape of row once and reuses the answer (src/shared/batches/jobCheck.ts); here
 * it is held to checking every row on its own, which is what it did before.
 */
function sameAsEachRow(spec: BatchSpec, batchContext: Parameters<typeof expandBatch>[1]): BatchExpansion {
  const shared = expandBatch(spec, batchContext)
  const each = expandBatchCheckingEachRow(spec, batchContext)
  expect(shared).toStrictEqual(each)
  // Field order too: requests are stored and sent as JSON.
  expect(JSON.stringify(shared)).toBe(JSON.stringify(each))
  return shared
}

/**
 * No two rows share a request, a body, an issue list or a pre-flight issue: each is the row's own to change.
 * (The rows a CSV record makes all carry that record's own issues, as they always have.)
 */
function nothingShared(result: BatchExpansion): void {
  const seen = new Set<object>()
  const own = (value: object | null): void => {
    if (value === null) return
    expect(seen.has(value)).toBe(false)
    seen.add(value)
  }
  for (const row of result.rows) {
    own(row.request)
    own(row.request?.body ?? null)
    own(row.issues)
    for (const issue of row.issues) if ('rule' in issue) own(issue)
  }
}

const csvSpec = (bases: JobRequest[], text: string): BatchSpec =>
  BatchSpec.parse({ bases, prompts: { kind: 'csv', text } })

const fieldsOf = (value: object | null | undefined): Readonly<Record<string, unknown>> =>
  (value ?? {}) as Readonly<Record<string, unknown>>

describe('checking each shape of row once', () => {
  it('answers as checking every row on its own, over random batches of every endpoint', () => {
    const next = random(20_260_401)
    let rows = 0
    let valid = 0
    for (let i = 0; i < 250; i++) {
      const batch = randomBatch(next, next() < 0.1 ? 300 : 1 + Math.floor(next() * 40))
      if (!batch) continue
      const result = sameAsEachRow(batch.spec, batch.context)
      nothingShared(result)
      rows += result.rows.length
      valid += result.summary.valid
    }
    // The batches are made to be mostly refused; enough rows of both kinds for the comparison to mean something.
    expect(rows).toBeGreaterThan(10_000)
    expect(valid).toBeGreaterThan(1_000)
    expect(rows - valid).toBeGreaterThan(1_000)
  })

  it('puts each row’s own seed in its request, and refuses a seed no whole number', () => {
    const seeds = ['1', '-7', '0', '-0', '9007199254740991', '9007199254740993', '1.5', '1e21', '12']
    const text = `prompt,seed\n${seeds.map((seed, i) => `p${i},"${seed}"`).join('\n')}\n`
    const wan = JobRequest.parse({ endpoint: 'partnerB', body: { model: 'wan', prompt: '', seed: 1 } })
    const result = sameAsEachRow(csvSpec([PARTNER_A, wan], text), context)
    const bodySeeds = result.rows.map((row) => fieldsOf(row.request?.body)['seed'])
    expect(bodySeeds.slice(0, 2 * 4)).toEqual([1, 1, -7, -7, 0, 0, -0, -0])
    expect(Object.is(bodySeeds[6], -0)).toBe(true)
    const fraction = result.rows.filter((row) => row.prompt === 'p6')
    expect(fraction.map((row) => codes(row.issues))).toEqual([['whole_number'], ['whole_number']])
  })

  it('lets a seed column win over the seeds axis, whatever seed it holds', () => {
    const spec = BatchSpec.parse({
      bases: [PARTNER_A],
      prompts: { kind: 'csv', text: 'prompt,seed\na,1e21\nb,1e21\nc,7\n' },
      seeds: { kind: 'list', seeds: [1, 2, 3] }
    })
    const result = sameAsEachRow(spec, context)
    const seeds = result.rows.map((row) => fieldsOf(row.request?.body)['seed'])
    expect(seeds).toEqual([1e21, 1e21, 1e21, 1e21, 1e21, 1e21, 7, 7, 7])
  })

  it('refuses a blank prompt a wildcard makes, and only that row', () => {
    const spec = BatchSpec.parse({ bases: [PARTNER_A], prompts: { kind: 'lines', text: '{ |x} cat\n{ |y}' } })
    const result = sameAsEachRow(spec, context)
    expect(result.rows.map((row) => [row.prompt, codes(row.issues)])).toEqual([
      ['cat', []],
      ['x cat', []],
      ['', ['required']],
      ['y', []]
    ])
  })

  it('names the refused field on every row of a shape the job schema refuses, each with its line', () => {
    const text = 'prompt,tools\na,web\nb,web\nc,\n'
    const mapping = { prompt: 0, fields: [{ column: 1, field: 'tools' }] }
    const spec = BatchSpec.parse({ bases: [PARTNER_A], prompts: { kind: 'csv', text, mapping } })
    const result = sameAsEachRow(spec, context)
    expect(result.rows.map((row) => row.issues)).toEqual([
      [{ code: 'request_invalid', values: { line: 2, field: 'body.tools' } }],
      [{ code: 'request_invalid', values: { line: 3, field: 'body.tools' } }],
      []
    ])
  })

  it('gives every row its own copy of the pre-flight’s issues', () => {
    const profile = { name: 'Acme', extraFields: { partnerA: { n: 3 } }, fieldMap: defaultFieldMap() }
    const spec = BatchSpec.parse({ bases: [PARTNER_A, V3], prompts: { kind: 'lines', text: 'a\nb\nc' } })
    const result = sameAsEachRow(spec, { ...context, profile })
    nothingShared(result)
    const [first, second] = result.rows.filter((row) => row.model === 'seedream')
    expect(first?.issues).toEqual(second?.issues)
    expect(codes(first?.issues ?? [])).toEqual(['no_count_use_group'])
  })

  it('keeps a base’s nested settings out of the rows’ hands', () => {
    const group = JobRequest.parse({
      endpoint: 'partnerA',
      body: {
        model: 'seedream',
        prompt: '',
        sequential_image_generation: 'auto',
        sequential_image_generation_options: { max_images: 2 },
        tools: [{ type: 'web_search' }]
      },
      references: [{ url: 'https://example.com/a.png' }]
    })
    const spec = BatchSpec.parse({ bases: [group], prompts: { kind: 'lines', text: 'a\nb' } })
    const [a, b] = sameAsEachRow(spec, context).rows.map((row) => row.request)
    const [aBody, bBody] = [fieldsOf(a?.body), fieldsOf(b?.body)]
    expect(aBody['tools']).toEqual(bBody['tools'])
    expect(aBody['tools']).not.toBe(bBody['tools'])
    expect(aBody['sequential_image_generation_options']).not.toBe(
      bBody['sequential_image_generation_options']
    )
    expect(fieldsOf(a)['references']).toEqual(fieldsOf(b)['references'])
    expect(fieldsOf(a)['references']).not.toBe(fieldsOf(b)['references'])
  })
})
