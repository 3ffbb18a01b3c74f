import type { BatchSheet, SheetJob, SheetResult, Verdict } from '../../shared/schemas/batches'
import type { JobGroupView } from '../../shared/schemas/jobGroups'
import type { JobStatus } from '../../shared/schemas/jobs'
import { STORED_LIMITS, parseJson } from '../../shared/json'
import type { Db } from '../db/connection'
import { parseError } from '../jobs/views'
import { seedOf } from './store'

/** The prompt a sheet carries per job: enough for a group heading and a tile's name, not a 32k essay. */
export const SHEET_PROMPT_CHARS = 500

interface JobRow {
  id: string
  prompt: string
  model: string
  endpoint: string
  status: JobStatus
  error: string | null
  params: string
}

interface ResultRow {
  id: string
  jobId: string
  kind: SheetResult['kind']
  mediaId: string | null
  status: SheetResult['status']
  width: number | null
  height: number | null
  verdict: Verdict | null
}

interface CostRow {
  jobId: string
  currency: string
  micros: number
}

const sizeOf = (params: unknown): string | null => {
  const size = (params as { body?: { size?: unknown } } | null)?.body?.size
  return typeof size === 'string' && size !== '' ? size : null
}

/**
 * A batch's contact sheet: its jobs in the batch's order, each with its results (and their verdicts) and
 * what it cost. Three queries over the group's index, whatever the batch's size, so opening a sheet of
 * 10,000 jobs reads those rows once rather than a job at a time. An export asks for whole prompts.
 */
export function batchSheet(
  db: Db,
  group: JobGroupView,
  options: { wholePrompts?: boolean } = {}
): BatchSheet {
  const prompt = options.wholePrompts ? 'prompt' : `substr(prompt, 1, ${SHEET_PROMPT_CHARS}) AS prompt`
  const jobs = db
    .prepare(
      `SELECT id, ${prompt}, model, endpoint, status, error, params
         FROM jobs WHERE group_id = ? ORDER BY created_at, rowid`
    )
    .all(group.id) as JobRow[]
  const results = db
    .prepare(
      `SELECT r.id AS id, r.job_id AS jobId, r.kind AS kind, r.media_id AS mediaId, r.status AS status,
              m.width AS width, m.height AS height, r.verdict AS verdict
         FROM jobs j JOIN results r ON r.job_id = j.id LEFT JOIN media m ON m.id = r.media_id
        WHERE j.group_id = ?
        ORDER BY r.job_id, r.task_id, r.idx`
    )
    .all(group.id) as ResultRow[]
  // What the caps count (settled at their cost, else their estimate), released sends left out.
  const costs = db
    .prepare(
      `SELECT job_id AS jobId, currency,
              SUM(CASE WHEN state = 'settled' THEN COALESCE(actual_micros, estimate_micros) ELSE estimate_micros END)
                AS micros
         FROM spend WHERE group_id = ? AND state <> 'released' GROUP BY job_id, currency`
    )
    .all(group.id) as CostRow[]

  const resultsOf = new Map<string, SheetResult[]>()
  for (const { jobId, ...result } of results) {
    const list = resultsOf.get(jobId)
    if (list) list.push(result)
    else resultsOf.set(jobId, [result])
  }
  const costOf = new Map(costs.map((row) => [row.jobId, row]))
  return {
    group,
    jobs: jobs.map((job): SheetJob => {
      let params: unknown = null
      try {
        params = parseJson(job.params, STORED_LIMITS)
      } catch {
        params = null
      }
      const cost = costOf.get(job.id)
      return {
        id: job.id,
        prompt: job.prompt,
        model: job.model,
        endpoint: job.endpoint,
        status: job.status,
        error: parseError(job.error),
        seed: seedOf(params),
        size: sizeOf(params),
        costMicros: cost ? cost.micros : null,
        currency: cost ? cost.currency : null,
        results: resultsOf.get(job.id) ?? []
      }
    })
  }
}
