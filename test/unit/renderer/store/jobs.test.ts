import { beforeEach, describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { mirrorSum, useJobsMirror, useJobsStore } from '@renderer/store/jobs'
import { job } from '../../../helpers/jobViews'

beforeEach(() => useJobsStore.setState({ byId: {}, order: [], change: null }))

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

describe('jobs mirror: lists merged in (issue 25)', () => {
  const createdOrder = (): number[] =>
    useJobsStore.getState().order.map((id) => useJobsStore.getState().byId[id]?.createdAt ?? -1)

  it('merges a page older than everything, and one that falls between, each at its place', () => {
    useJobsStore.getState().upsertMany([40, 50, 30].map((at) => job({ id: `n${at}`, createdAt: at })))
    expect(createdOrder()).toEqual([50, 40, 30])
    // The next page of the Queue: older than all listed, in any order.
    useJobsStore.getState().upsertMany([10, 20].map((at) => job({ id: `o${at}`, createdAt: at })))
    expect(createdOrder()).toEqual([50, 40, 30, 20, 10])
    // The open jobs at start: some between, one newest, one listed already (updated, not doubled).
    useJobsStore
      .getState()
      .upsertMany([
        job({ id: 'm35', createdAt: 35 }),
        job({ id: 'm60', createdAt: 60 }),
        job({ id: 'n40', createdAt: 40, status: 'failed' }),
        job({ id: 'm15', createdAt: 15 }),
        job({ id: 'm15', createdAt: 15 })
      ])
    expect(createdOrder()).toEqual([60, 50, 40, 35, 30, 20, 15, 10])
    expect(useJobsStore.getState().byId.n40?.status).toBe('failed')
    expect(new Set(useJobsStore.getState().order).size).toBe(8)
  })

  it('keeps the same order when a list brings nothing new', () => {
    useJobsStore.getState().upsertMany([job({ id: 'a', createdAt: 2 }), job({ id: 'b', createdAt: 1 })])
    const before = useJobsStore.getState().order
    useJobsStore.getState().upsertMany([job({ id: 'b', createdAt: 1, status: 'failed' })])
    expect(useJobsStore.getState().order).toBe(before)
  })
})

describe('jobs mirror: changed in place, followed by its version', () => {
  it('keeps one mirror object through updates, new objects for the jobs that changed, and says what they were', () => {
    const store = useJobsStore.getState
    store().upsertMany([job({ id: 'a', createdAt: 2 }), job({ id: 'b', createdAt: 1 })])
    const mirror = store().byId
    const a = store().byId.a
    const version = store().version
    store().upsert(job({ id: 'b', createdAt: 1, status: 'failed' }))
    // Ten thousand jobs copied on every event was the cost: the object stays, the job is new.
    expect(store().byId).toBe(mirror)
    expect(store().byId.a).toBe(a)
    expect(store().version).toBe(version + 1)
    expect(store().change?.ids).toEqual(['b'])
    expect(store().change?.before.get('b')?.status).not.toBe('failed')
    store().remove('a')
    expect(store().byId).toBe(mirror)
    expect(store().byId.a).toBeUndefined()
    expect(store().change?.before.get('a')).toBe(a)
    expect(store().version).toBe(version + 2)
  })

  it('renders what reads the whole mirror again on each change', () => {
    const seen: number[] = []
    const { result } = renderHook(() => {
      const mirror = useJobsMirror()
      seen.push(Object.keys(mirror.byId).length)
      return mirror
    })
    act(() => useJobsStore.getState().upsert(job({ id: 'a', createdAt: 1 })))
    act(() => useJobsStore.getState().upsert(job({ id: 'b', createdAt: 2 })))
    expect(seen.slice(-1)[0]).toBe(2)
    expect(result.current.version).toBe(useJobsStore.getState().version)
  })

  it('counts over every job again after a change it did not see, and after a reset', () => {
    const failed = mirrorSum((j) => (j.status === 'failed' ? 1 : 0))
    const store = useJobsStore.getState
    store().upsertMany([job({ id: 'a', status: 'failed' }), job({ id: 'b' })])
    expect(failed(store(), null)).toBe(1)
    store().upsert(job({ id: 'b', status: 'failed' }))
    store().upsert(job({ id: 'c', status: 'failed' }))
    expect(failed(store(), null)).toBe(3)
    store().upsert(job({ id: 'a' }))
    expect(failed(store(), null)).toBe(2)
    useJobsStore.setState({ byId: { z: job({ id: 'z', status: 'failed' }) }, order: ['z'], change: null })
    expect(failed(store(), null)).toBe(1)
  })
})
