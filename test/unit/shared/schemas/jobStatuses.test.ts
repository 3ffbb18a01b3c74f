import { describe, expect, it } from 'vitest'
import { JOB_STATUSES, TASK_LOCAL_STATUSES, type TaskLocalStatus } from '../../../../src/shared/schemas/jobs'
import {
  ACTIVE_TASK_STATUSES,
  CANCELLABLE_TASK_STATUSES,
  FINISHED_JOB_STATUSES,
  FINISHED_TASK_STATUSES,
  IN_FLIGHT_TASK_STATUSES,
  OPEN_JOB_STATUSES,
  POLLABLE_TASK_STATUSES,
  RESENDABLE_TASK_STATUSES,
  SENDABLE_TASK_STATUSES,
  SENDING_TASK_STATUSES,
  UNFINISHED_JOB_STATUSES
} from '../../../../src/shared/schemas/jobStatuses'

describe('status sets', () => {
  it('put every task status in exactly one lane set', () => {
    const lanes = [
      SENDABLE_TASK_STATUSES,
      SENDING_TASK_STATUSES,
      POLLABLE_TASK_STATUSES,
      RESENDABLE_TASK_STATUSES,
      FINISHED_TASK_STATUSES
    ]
    for (const status of TASK_LOCAL_STATUSES) {
      expect(
        lanes.filter((set) => set.includes(status)),
        status
      ).toHaveLength(1)
    }
    expect(lanes.flat()).toHaveLength(TASK_LOCAL_STATUSES.length)
  })

  it('compose: in flight = sending + pollable; active adds sendable; cancellable adds resendable', () => {
    const same = (a: readonly TaskLocalStatus[], b: readonly TaskLocalStatus[]) =>
      expect([...a].sort()).toEqual([...b].sort())
    same(IN_FLIGHT_TASK_STATUSES, ['submitting', 'queued', 'running'])
    same(ACTIVE_TASK_STATUSES, ['pending', 'submitting', 'queued', 'running'])
    same(CANCELLABLE_TASK_STATUSES, ['pending', 'submitting', 'queued', 'running', 'needs_attention'])
  })

  it('split job statuses into unfinished and finished', () => {
    expect([...UNFINISHED_JOB_STATUSES, ...FINISHED_JOB_STATUSES].sort()).toEqual([...JOB_STATUSES].sort())
    expect(UNFINISHED_JOB_STATUSES).toEqual(['pending', 'running'])
    expect(OPEN_JOB_STATUSES).toEqual(['pending', 'running', 'needs_attention'])
  })
})
