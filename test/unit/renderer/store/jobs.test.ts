import { beforeEach, describe, expect, it } from 'vitest'
import { useJobsStore } from '@renderer/store/jobs'
import { job } from '../../../helpers/jobViews'

beforeEach(() => useJobsStore.setState({ byId: {}, order: [] }))

describe('jobs mirror order (issue 17)', () => {
  it('puts each job announced by an event at its place, newest first, whatever order the events come in', () => {
    const created = [5, 1, 9, 3, 7, 3, 10, 0]
    created.forEach((at, i) => useJobsStore.getState().upsert(job({ id: `j${i}`, createdAt: at })))
    const order = useJobsStore.getState().order
    expect(order.map((id) => useJobsStore.getState().byId[id]?.createdAt)).toEqual([10, 9, 7, 5, 3, 3, 1, 0])
    // Two jobs of the same millisecond: the later announced comes first, as a sort of [new, ...old] gave.
    expect(order.indexOf('j5')).toBeLessThan(order.indexOf('j3'))
  })

  it('keeps the place of a job already listed when it is updated', () => {
    useJobsStore.getState().upsert(job({ id: 'a', createdAt: 2 }))
    useJobsStore.getState().upsert(job({ id: 'b', createdAt: 1 }))
    useJobsStore.getState().upsert(job({ id: 'b', createdAt: 1, status: 'failed' }))
    expect(useJobsStore.getState().order).toEqual(['a', 'b'])
    expect(useJobsStore.getState().byId.b?.status).toBe('failed')
  })
})
