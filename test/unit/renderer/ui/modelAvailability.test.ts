import { describe, expect, it } from 'vitest'
import type { JobView } from '@shared/schemas/jobs'
import { attemptOfJob, refusedModels, UNAVAILABLE_FOR_MS } from '@renderer/ui/modelAvailability'

const T0 = 1_700_000_000_000

describe('which models the gateway refused lately (issue 14)', () => {
  it('takes the newest answer per model: a later success clears a refusal, an old 503 expires', () => {
    const refused = refusedModels(
      [
        { model: 'a', at: T0, failure: 'unavailable' },
        { model: 'b', at: T0, failure: 'unavailable' },
        { model: 'b', at: T0 + 1, failure: null },
        { model: 'c', at: T0 - UNAVAILABLE_FOR_MS, failure: 'unavailable' },
        { model: 'd', at: T0 - UNAVAILABLE_FOR_MS, failure: 'permission' },
        { model: 'e', at: T0, failure: 'invalid' }
      ],
      T0 + 1_000
    )
    expect([...refused]).toEqual([
      ['a', { kind: 'unavailable', at: T0 }],
      ['d', { kind: 'permission' }]
    ])
  })

  it('reads a job: failed with its error kind, done as a success, running as nothing yet', () => {
    const job = {
      model: 'm',
      status: 'failed',
      updatedAt: T0,
      finishedAt: T0 + 5,
      error: { code: 'gateway.unavailable', message: 'x' }
    } as JobView
    expect(attemptOfJob(job)).toEqual({ model: 'm', at: T0 + 5, failure: 'unavailable' })
    expect(attemptOfJob({ ...job, status: 'succeeded', error: null })?.failure).toBeNull()
    expect(attemptOfJob({ ...job, status: 'running', error: null })).toBeNull()
  })
})
