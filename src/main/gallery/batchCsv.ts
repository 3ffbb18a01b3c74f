import Papa from 'papaparse'
import { fromMicros } from '../../shared/money/amounts'
import type { SheetJob } from '../../shared/schemas/batches'

/**
 * `batch.csv` of a batch's export: one row per job, in the batch's order, failed jobs and jobs without
 * images included (the batch is the story, not only its images), each naming the files of its images that
 * this export holds and the verdicts they were given. Written by papaparse with formulas escaped, since
 * spreadsheets open it and prompts are the user's own text.
 */
export const BATCH_CSV_COLUMNS = [
  'job',
  'prompt',
  'model',
  'endpoint',
  'size',
  'seed',
  'status',
  'error',
  'cost',
  'currency',
  'files',
  'verdicts',
  'job_id'
] as const

/** Cells starting like a formula (after any quotes already put before them) get a `'` before them. */
const FORMULA = /^'*[=+\-@\t\r]/

export function batchCsv(jobs: readonly SheetJob[], fileOf: ReadonlyMap<string, string>): string {
  const data = jobs.map((job, index) => {
    const exported = job.results.filter((result) => fileOf.has(result.id))
    return [
      String(index + 1),
      job.prompt,
      job.model,
      job.endpoint,
      job.size ?? '',
      job.seed === null ? '' : String(job.seed),
      job.status,
      job.error?.message ?? '',
      job.costMicros === null ? '' : fromMicros(job.costMicros),
      job.currency ?? '',
      exported.map((result) => fileOf.get(result.id)).join('; '),
      exported.map((result) => result.verdict ?? '').join('; '),
      job.id
    ]
  })
  const text = Papa.unparse(
    { fields: [...BATCH_CSV_COLUMNS], data },
    { escapeFormulae: FORMULA, newline: '\r\n', quotes: true }
  )
  // A BOM as manifest.csv has, so spreadsheet apps read the prompts' accents and emoji right.
  return `\uFEFF${text}\r\n`
}
