import { describe, expect, it } from 'vitest'
import type { JobRow, ResultRow, TaskRow } from '../../../../src/main/jobs/rows'
import {
  aggregateOf,
  aggregateStatus,
  jobView,
  jobViews,
  sameAggregate,
  storedCount,
  sumUsage
} from '../../../../src/main/jobs/views'

// No SQLite here: the status logic and the views are built from rows alone.

const jobRow = (patch: Partial<JobRow> = {}): JobRow => ({
  id: 'j1',
  kind: 'image',
  endpoint: '/v2/images/generations',
  profile_id: 'p',
  model: 'm',
  prompt: 'a fox',
  params: '{"endpoint":"imagesV2"}',
  status: 'running',
  error: null,
  usage: null,
  billing_unit: null,
  created_at: 1_000,
  updated_at: 2_000,
  finished_at: null,
  group_id: null,
  queue_order: null,
  ...patch
})

const taskRow = (patch: Partial<TaskRow> & Pick<TaskRow, 'id' | 'seq'>): TaskRow => ({
  job_id: 'j1',
  idempotency_key: `key-${patch.id}`,
  request: '{}',
  request_hash: 'h',
  status: 'pending',
  remote_id: null,
  remote_status: null,
  attempts: 0,
  poll_count: 0,
  next_poll_at: null,
  last_polled_at: null,
  remote_created_at: null,
  deadline_at: null,
  progress: null,
  error: null,
  usage: null,
  created_at: 1_000,
  updated_at: 1_000,
  ...patch
})

const resultRow = (patch: Partial<ResultRow> & Pick<ResultRow, 'id' | 'task_id' | 'idx'>): ResultRow => ({
  job_id: 'j1',
  kind: 'image',
  status: 'stored',
  partial: 0,
  source_url: null,
  source_expires_at: null,
  media_id: 'a'.repeat(32),
  size_label: null,
  revised_prompt: null,
  error: null,
  favorite: 0,
  download_attempts: 0,
  next_download_at: null,
  created_at: 1_500,
  updated_at: 1_500,
  mime: 'image/png',
  width: 8,
  height: 8,
  bytes: 100,
  duration_ms: null,
  ...patch
})

describe('job aggregate', () => {
  it('a job is as far along as its slowest task', () => {
    const s = (...statuses: string[]) => statuses.map((status) => ({ status }) as never)
    expect(aggregateStatus(s('succeeded', 'running'), 1)).toBe('running')
    expect(aggregateStatus(s('pending', 'pending'), 0)).toBe('pending')
    expect(aggregateStatus(s('pending', 'succeeded'), 1)).toBe('running')
    expect(aggregateStatus(s('succeeded', 'needs_attention'), 1)).toBe('needs_attention')
    expect(aggregateStatus(s('succeeded', 'succeeded'), 2)).toBe('succeeded')
    expect(aggregateStatus(s('succeeded', 'failed'), 1)).toBe('incomplete')
    expect(aggregateStatus(s('failed', 'failed'), 0)).toBe('failed')
    expect(aggregateStatus(s('failed', 'failed'), 1)).toBe('incomplete')
    expect(aggregateStatus(s('expired'), 0)).toBe('expired')
    expect(aggregateStatus(s('cancelled', 'cancelled'), 0)).toBe('cancelled')
    expect(aggregateStatus(s('cancelled', 'expired'), 0)).toBe('cancelled')
    expect(aggregateStatus(s('cancelled', 'failed'), 0)).toBe('failed')
  })

  it('adds up usage field by field', () => {
    expect(sumUsage([null, null])).toBeNull()
    expect(
      sumUsage([
        { total_tokens: 3, d: { a: 1 } },
        { total_tokens: 4, d: { a: 2 }, x: 's' }
      ])
    ).toEqual({
      total_tokens: 7,
      d: { a: 3 },
      x: 's'
    })
  })

  it('stores the first task error, the usage added up, and the finish time once finished', () => {
    const error = { code: 'outcome_unknown', message: 'maybe billed' }
    const tasks = [
      taskRow({ id: 't0', seq: 0, status: 'succeeded', usage: '{"total_tokens":3}' }),
      taskRow({ id: 't1', seq: 1, status: 'needs_attention', error: JSON.stringify(error) })
    ]
    const results = [resultRow({ id: 'r0', task_id: 't0', idx: 0 })]
    const aggregate = aggregateOf(jobRow(), tasks, storedCount(results), 5_000)
    expect(aggregate).toEqual({
      status: 'needs_attention',
      error: JSON.stringify(error),
      usage: '{"total_tokens":3}',
      finished_at: 5_000
    })
    // A finish time, once set, stays; an unfinished job has none.
    expect(aggregateOf(jobRow({ finished_at: 4_000 }), tasks, 1, 5_000).finished_at).toBe(4_000)
    expect(aggregateOf(jobRow({ finished_at: 4_000 }), [taskRow({ id: 't', seq: 0 })], 0, 5_000)).toEqual({
      status: 'pending',
      error: null,
      usage: null,
      finished_at: null
    })
    expect(sameAggregate(jobRow({ ...aggregate }), aggregate)).toBe(true)
    expect(sameAggregate(jobRow(), aggregate)).toBe(false)
  })
})

describe('job views', () => {
  it('show the stored aggregate, tasks in order and results by task then index', () => {
    const tasks = [
      taskRow({ id: 'b', seq: 0, status: 'succeeded', poll_count: 2, usage: '{"total_tokens":7}' }),
      taskRow({ id: 'a', seq: 1, status: 'running', remote_id: 'r-1' })
    ]
    const results = [
      resultRow({ id: 'r-a0', task_id: 'a', idx: 0 }),
      resultRow({ id: 'r-b1', task_id: 'b', idx: 1, favorite: 1 }),
      resultRow({ id: 'r-b0', task_id: 'b', idx: 0, status: 'pending', media_id: null })
    ]
    const view = jobView(jobRow({ error: '{"code":"x","message":"y"}', usage: '{"n":1}' }), tasks, results)
    expect(view).toMatchObject({
      id: 'j1',
      status: 'running',
      error: { code: 'x', message: 'y' },
      usage: { n: 1 },
      request: { endpoint: 'imagesV2' },
      updatedAt: 2_000,
      finishedAt: null
    })
    expect(view.tasks.map((t) => [t.id, t.status, t.pollCount])).toEqual([
      ['b', 'succeeded', 2],
      ['a', 'running', 0]
    ])
    // Each task's own usage, as the gateway reported it for that one request (a v2 task: one image).
    expect(view.tasks.map((t) => t.usage)).toEqual([{ total_tokens: 7 }, null])
    // The latest change of the job, a task or a result.
    expect(jobView(jobRow(), [taskRow({ id: 't', seq: 0, updated_at: 9_000 })], []).updatedAt).toBe(9_000)
    expect(view.results.map((r) => [r.id, r.favorite])).toEqual([
      ['r-b0', false],
      ['r-b1', true],
      ['r-a0', false]
    ])
  })

  it('build a page of views from one batch of tasks and one of results, in the order of the jobs', () => {
    const jobs = [jobRow({ id: 'j2' }), jobRow({ id: 'j1' }), jobRow({ id: 'j3' })]
    const tasks = [
      taskRow({ id: 't1', seq: 0, job_id: 'j1' }),
      taskRow({ id: 't2', seq: 0, job_id: 'j2' }),
      taskRow({ id: 't2b', seq: 1, job_id: 'j2' })
    ]
    const results = [resultRow({ id: 'r2', task_id: 't2b', idx: 0, job_id: 'j2' })]
    const views = jobViews(jobs, tasks, results)
    expect(views.map((v) => [v.id, v.tasks.length, v.results.length])).toEqual([
      ['j2', 2, 1],
      ['j1', 1, 0],
      ['j3', 0, 0]
    ])
  })
})
