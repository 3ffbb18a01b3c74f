import { describe, expect, it } from 'vitest'
import {
  cancelEffect,
  endpointLabel,
  matchesFilter,
  pollFacts,
  isUnderWay,
  retryRequest,
  toJobQuery,
  type TaskFilter
} from '@renderer/features/queue/model'
import { job, profile, runningVideo, task } from './fixtures'

const all: TaskFilter = { status: 'all', kind: 'all', profileId: 'all' }

describe('filters', () => {
  it('match by status group, kind and gateway, the same way the backend query does', () => {
    const video = runningVideo()
    const failed = job({ id: 'f', status: 'expired', profileId: 'team' })
    expect(matchesFilter(video, { ...all, status: 'active' })).toBe(true)
    expect(matchesFilter(failed, { ...all, status: 'active' })).toBe(false)
    expect(matchesFilter(failed, { ...all, status: 'failed' })).toBe(true)
    expect(matchesFilter(video, { ...all, kind: 'image' })).toBe(false)
    expect(matchesFilter(failed, { ...all, profileId: 'team' })).toBe(true)
    expect(matchesFilter(video, { ...all, profileId: 'team' })).toBe(false)
    expect(
      toJobQuery({ status: 'failed', kind: 'video', profileId: 'team' }, { createdAt: 123, id: 'j9' })
    ).toEqual({
      status: ['failed', 'expired', 'incomplete'],
      kind: ['video'],
      profileId: 'team',
      limit: 50,
      before: 123,
      beforeId: 'j9'
    })
    expect(toJobQuery(all)).toEqual({ limit: 50 })
  })
})

describe('badge counts', () => {
  it('counts as running only what is under way: not what waits to be sent, for the user, nor the rest', () => {
    const jobs = [
      runningVideo(),
      job({ id: 'p', status: 'pending', tasks: [task({ status: 'submitting' })] }),
      job({ id: 'w', status: 'pending', tasks: [task({ status: 'pending' })] }),
      job({ id: 'a', status: 'needs_attention' }),
      job({ id: 'a2', status: 'needs_attention' }),
      job({ id: 'd' }),
      job({ id: 'x', status: 'failed' })
    ]
    expect(jobs.filter(isUnderWay).map((j) => j.id)).toEqual([jobs[0]?.id, 'p'])
  })
})

describe('polling facts and labels', () => {
  it('sums polls, takes the latest poll and the earliest next one; none for synchronous jobs', () => {
    const group = runningVideo({
      tasks: [
        task({
          status: 'running',
          remoteId: 'a',
          pollCount: 2,
          lastPolledAt: 100,
          nextPollAt: 900,
          remoteStatus: 'queued'
        }),
        task({
          id: 't2',
          status: 'running',
          remoteId: 'b',
          pollCount: 3,
          lastPolledAt: 300,
          nextPollAt: 700,
          remoteStatus: 'running'
        })
      ]
    })
    expect(pollFacts(group)).toEqual({
      polls: 5,
      lastPolledAt: 300,
      nextPollAt: 700,
      remoteStatus: 'running'
    })
    expect(pollFacts(job())).toBeNull()
  })

  it('labels endpoints, streams and groups', () => {
    expect(endpointLabel(runningVideo())).toBe('Video')
    expect(
      endpointLabel(job({ endpoint: '/v2/images/generations', tasks: [task(), task({ id: 't2', seq: 1 })] }))
    ).toBe('Async task ×2')
    expect(
      endpointLabel(job({ endpoint: '/partner-a/v3/images/generations', request: { stream: true } }))
    ).toBe('Streaming groups, streamed')
  })
})

describe('actions', () => {
  it('retries only finished-without-success jobs whose stored request still reads', () => {
    expect(retryRequest(job({ status: 'failed' }))).toMatchObject({ endpoint: 'imagesV3' })
    expect(retryRequest(job())).toBeNull()
    expect(retryRequest(runningVideo())).toBeNull()
    expect(retryRequest(job({ status: 'failed', request: { endpoint: 'nope' } }))).toBeNull()
  })

  it('tells the truth about what Cancel does at the gateway', () => {
    expect(cancelEffect(runningVideo(), profile())).toMatch(/may still run the task and bill it/)
    const withCancel = profile({
      fieldMap: {
        ...profile().fieldMap,
        video: { ...profile().fieldMap.video, cancel: { method: 'DELETE', path: '/v1/videos/{id}' } }
      }
    })
    expect(cancelEffect(runningVideo(), withCancel)).toBe(
      'Stops it here and asks the gateway to cancel it (DELETE /v1/videos/{id}).'
    )
    expect(cancelEffect(job({ status: 'pending', tasks: [task({ status: 'pending' })] }), profile())).toBe(
      'Stops it here; nothing more is sent.'
    )
  })
})
