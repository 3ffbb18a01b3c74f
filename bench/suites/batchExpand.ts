import Papa from 'papaparse'
import { BatchSpec, expandBatch, type BatchContext } from '../../src/shared/batches'
import { DESCRIPTORS } from '../../src/shared/gateway/endpoints'
import { bench, timeIt, times, type BenchContext } from '../harness'

interface State {
  text: string
  rows: number
  spec: BatchSpec
  context: BatchContext
  /** Each side runs this many times per run, so a quick (1,000-row) run still measures milliseconds. */
  repeat: number
}

/** Two models on two endpoints, each with its own seed and size fields (partner-b's under hidden names). */
const MODELS = [
  { model: 'bench-seedream', endpoint: 'partnerA', size: '2048x2048' },
  { model: 'bench-wan', endpoint: 'partnerB', size: '2K' }
] as const

const COLOURS = ['red', 'teal', 'ochre', 'slate', 'ivory']
const ITEMS = ['sneaker', 'teapot', 'backpack', 'lamp', 'watch', 'chair']

/** A product shoot as a designer would export it: quoted prompts with commas, a model, a seed and a size. */
function csvOf(rows: number): string {
  const lines = ['prompt,model,seed,size']
  for (let i = 0; i < rows; i++) {
    const { model, size } = MODELS[i % MODELS.length] as (typeof MODELS)[number]
    const prompt = `Product ${i}: a ${COLOURS[i % COLOURS.length]} ${ITEMS[i % ITEMS.length]}, studio light, on white`
    lines.push(`"${prompt}",${model},${1000 + i},${size}`)
  }
  return `${lines.join('\n')}\n`
}

/**
 * What reading a batch file costs beyond reading the CSV: papaparse, then per row the wildcards, the base
 * request with the row's fields, the job schema and the same pre-flight the backend runs on submit,
 * against papaparse parsing the same text alone. The renderer runs this for the live preview, so it has
 * to stay a small multiple of the parse.
 */
export const batchExpand = bench<State>({
  name: 'batch expansion (CSV file vs papaparse alone)',
  setup(ctx: BenchContext) {
    const rows = ctx.quick ? 1_000 : 10_000
    const text = csvOf(rows)
    const spec = BatchSpec.parse({
      bases: MODELS.map(({ model, endpoint }) => ({ endpoint, body: { model, prompt: '' } })),
      prompts: { kind: 'csv', text }
    })
    const listing = new Map<string, readonly string[]>(
      MODELS.map(({ model, endpoint }) => [model, [DESCRIPTORS[endpoint].path]])
    )
    const context: BatchContext = {
      lookupModel: (id) => {
        const endpoints = listing.get(id)
        return endpoints ? { id, supported_endpoints: endpoints } : undefined
      }
    }
    // A bench of a path that refuses its rows would measure the wrong thing: every row must be sent.
    const check = expandBatch(spec, context)
    if (check.summary.valid !== rows || check.issues.length > 0) {
      const issue = check.rows.find((row) => row.issues.length > 0)?.issues[0]
      throw new Error(`the bench batch is not all valid: ${JSON.stringify(check.issues[0] ?? issue)}`)
    }
    // Warm both paths, so the first run is not the JIT's.
    for (let i = 0; i < 3; i++) {
      Papa.parse(text, { skipEmptyLines: true })
      expandBatch(spec, context)
    }
    ctx.log(`${rows.toLocaleString('en')} rows, ${(text.length / 1024).toFixed(0)} KiB`)
    return Promise.resolve({ text, rows, spec, context, repeat: ctx.quick ? 40 : 12 })
  },
  async run({ text, rows, spec, context, repeat }) {
    let valid = 0
    let baseline = 0
    let subject = 0
    // Side by side, each first every other time: a collection of the 10,000 rows' garbage lands wherever
    // it falls, and with three passes a side one such pause moved a run's ratio from 1.2× to 2.4×.
    const parse = (): Promise<number> => timeIt(() => void Papa.parse(text, { skipEmptyLines: true }))
    const expand = (): Promise<number> =>
      timeIt(() => void (valid = expandBatch(spec, context).summary.valid))
    for (let i = 0; i < repeat; i++) {
      if (i % 2 === 0) {
        baseline += await parse()
        subject += await expand()
      } else {
        subject += await expand()
        baseline += await parse()
      }
    }
    return [
      {
        key: 'batches.expandCsv',
        label: `a ${rows.toLocaleString('en')}-row CSV batch on two endpoints, read and checked`,
        subjectIs: 'expandBatch: papaparse, then each row’s request, job schema and pre-flight',
        baselineIs: 'papaparse parsing the same text alone',
        unit: 'ms',
        subject: subject / repeat,
        baseline: baseline / repeat,
        ratio: times(subject, baseline),
        goal: '≤ 2× papaparse alone',
        judge: ({ ratio }) => ratio <= 2,
        details: { rows, 'valid rows': valid }
      }
    ]
  }
})
