import { describe, expect, it } from 'vitest'
import { createEventBus } from '../../../../src/main/contract/events'
import { isLongJob, isSettled, noticeFor } from '../../../../src/main/notices/notices'
import { watchJobFinishes } from '../../../../src/main/notices/watcher'
import type { Notice } from '../../../../src/main/services/context'
import type { JobNotice } from '../../../../src/shared/schemas/notices'
import { job, result, task } from '../../../helpers/jobViews'

describe('what counts as a long job and as settled', () => {
  it('videos and v2 groups are long at once; other jobs after ten seconds', () => {
    expect(isLongJob(job({ kind: 'video', endpoint: '/v1/videos/generations' }), 0)).toBe(true)
    expect(isLongJob(job({ endpoint: '/v2/images/generations' }), 0)).toBe(true)
    expect(isLongJob(job({ createdAt: 0, finishedAt: 9_999 }), 0)).toBe(false)
    expect(isLongJob(job({ createdAt: 0, finishedAt: 10_000 }), 0)).toBe(true)
    expect(isLongJob(job({ createdAt: 0, finishedAt: null }), 12_000)).toBe(true)
  })

  it('a succeeded job whose file is still downloading is not settled yet', () => {
    expect(isSettled(job({ results: [result({ status: 'pending' })] }))).toBe(false)
    expect(isSettled(job({ status: 'running' }))).toBe(false)
    expect(isSettled(job())).toBe(true)
    expect(isSettled(job({ status: 'needs_attention', results: [] }))).toBe(true)
  })
})

describe('the words of a notice', () => {
  it('says what is ready, what failed and what waits for the user', () => {
    const v = { kind: 'video' as const, endpoint: '/v1/videos/generations' }
    expect(noticeFor(job({ ...v, prompt: 'waves' }), 5)).toMatchObject({
      title: 'Video ready',
      body: '“waves” · studio-image-v3',
      tone: 'ok',
      hasResult: true,
      at: 5
    })
    expect(
      noticeFor(job({ ...v, status: 'failed', results: [], error: { code: 'x', message: 'Too spicy.' } }), 0)
    ).toMatchObject({
      title: 'Video failed',
      tone: 'error',
      hasResult: false,
      body: expect.stringContaining('Too spicy.') as string
    })
    expect(noticeFor(job({ ...v, status: 'needs_attention', results: [] }), 0)?.tone).toBe('attention')
    expect(noticeFor(job({ status: 'expired', results: [] }), 0)?.title).toBe('Image expired')
  })

  it('counts a group and says when only part of it arrived', () => {
    const two = [task(), task({ id: 't2', seq: 1, status: 'failed' })]
    expect(noticeFor(job({ tasks: two, status: 'incomplete' }), 0)).toMatchObject({
      title: '2 images partly done',
      body: expect.stringContaining('1 of 2 arrived') as string
    })
    const lost = [
      result(),
      result({ id: 'r2', index: 1, status: 'expired', error: { code: 'e', message: 'Gone.' } })
    ]
    expect(noticeFor(job({ results: lost }), 0)).toMatchObject({
      title: '2 images finished with problems',
      body: expect.stringContaining('1 of 2 saved: Gone.') as string
    })
  })

  it('keeps long prompts to one short line', () => {
    const body = noticeFor(job({ prompt: `line one\n${'x'.repeat(200)}` }), 0)?.body ?? ''
    expect(body).not.toContain('\n')
    expect(body.length).toBeLessThan(120)
  })

  it('is silent for the user’s own cancel and for states that are not an end', () => {
    expect(noticeFor(job({ status: 'cancelled', error: null }), 0)).toBeNull()
    expect(noticeFor(job({ status: 'running' }), 0)).toBeNull()
    expect(
      noticeFor(job({ status: 'cancelled', error: { code: 'cancelled', message: 'x' } }), 0)?.title
    ).toBe('Image cancelled by the gateway')
  })
})

describe('watching transitions', () => {
  const setup = (options: { enabled?: boolean; activeAtStart?: string[]; notifyThrows?: boolean } = {}) => {
    const bus = createEventBus()
    const notices: JobNotice[] = []
    const desktop: Notice[] = []
    const errors: string[] = []
    let now = 0
    bus.subscribe((name, payload) => {
      if (name === 'jobs.notice') notices.push(payload as JobNotice)
    })
    const stop = watchJobFinishes({
      bus,
      notifyOnJobFinish: () => options.enabled ?? true,
      notify: (notice) => {
        if (options.notifyThrows) throw new Error('no notification daemon')
        desktop.push(notice)
      },
      activeAtStart: options.activeAtStart ?? [],
      now: () => now,
      onError: (message) => errors.push(message)
    })
    return {
      bus,
      notices,
      desktop,
      errors,
      stop,
      at: (ms: number) => {
        now = ms
      }
    }
  }

  it('announces a plain image job only when it ran ten seconds or more', () => {
    const w = setup()
    w.bus.emit('jobs.updated', job({ id: 'quick', status: 'running', createdAt: 0, finishedAt: null }))
    w.at(9_000)
    w.bus.emit('jobs.updated', job({ id: 'quick', createdAt: 0, finishedAt: 9_000 }))
    w.bus.emit('jobs.updated', job({ id: 'slow', status: 'running', createdAt: 0, finishedAt: null }))
    w.at(14_000)
    w.bus.emit('jobs.updated', job({ id: 'slow', createdAt: 0, finishedAt: 14_000 }))
    expect(w.notices.map((n) => [n.jobId, n.at])).toEqual([['slow', 14_000]])
    expect(w.desktop).toHaveLength(1)
  })

  it('announces once, however many updates follow', () => {
    const w = setup({ activeAtStart: ['j1'] })
    const done = job({ kind: 'video', endpoint: '/v1/videos/generations' })
    w.bus.emit('jobs.updated', done)
    w.bus.emit('jobs.updated', { ...done, results: [result({ favorite: true })] })
    expect(w.notices).toHaveLength(1)
  })

  it('ignores jobs that were over before it started, and removed jobs', () => {
    const w = setup({ activeAtStart: ['gone'] })
    w.bus.emit('jobs.updated', job({ endpoint: '/v2/images/generations' }))
    w.bus.emit('jobs.removed', { id: 'gone' })
    w.bus.emit('jobs.updated', job({ id: 'gone', endpoint: '/v2/images/generations', status: 'failed' }))
    expect(w.notices).toEqual([])
  })

  it('respects the setting, and still tells the page when the desktop notification fails', () => {
    const off = setup({ enabled: false, activeAtStart: ['j1'] })
    off.bus.emit('jobs.updated', job({ endpoint: '/v2/images/generations' }))
    expect(off.notices).toEqual([])
    expect(off.desktop).toEqual([])

    const broken = setup({ notifyThrows: true, activeAtStart: ['j1'] })
    broken.bus.emit('jobs.updated', job({ endpoint: '/v2/images/generations' }))
    expect(broken.notices).toHaveLength(1)
    expect(broken.errors).toEqual(['desktop notification failed'])
  })

  it('stops listening when asked', () => {
    const w = setup({ activeAtStart: ['j1'] })
    w.stop()
    w.bus.emit('jobs.updated', job({ endpoint: '/v2/images/generations' }))
    expect(w.notices).toEqual([])
  })
})
