import { describe, expect, it } from 'vitest'
import { createEventBus } from '../../../../src/main/contract/events'
import { isLongJob, isSettled, noticeFor, promptLine } from '../../../../src/main/notices/notices'
import { watchJobFinishes } from '../../../../src/main/notices/watcher'
import { desktopNotice } from '../../../../src/main/notices/words'
import { spokenLanguage } from '../../../../src/main/settings/language'
import { wordsOf } from '../../../../src/shared/i18n/words'
import type { DesktopNotice as Notice } from '../../../../src/main/notices/words'
import { JobNotice, NoticeWords } from '../../../../src/shared/schemas/notices'
import type { JobView } from '../../../../src/shared/schemas/jobs'
import { groupView, job, result, task } from '../../../helpers/jobViews'

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

describe('what a notice says, as codes and values', () => {
  it('says what is ready, what failed and what waits for the user', () => {
    const v = { kind: 'video' as const, endpoint: '/v1/videos/generations' }
    expect(noticeFor(job({ ...v, prompt: 'waves' }), 5)).toMatchObject({
      words: { code: 'ready', model: 'studio-image-v3' },
      prompt: 'waves',
      count: 1,
      tone: 'ok',
      hasResult: true,
      at: 5
    })
    const error = { code: 'x', message: 'Too spicy.' }
    expect(noticeFor(job({ ...v, status: 'failed', results: [], error }), 0)).toMatchObject({
      words: { code: 'failed', error },
      tone: 'error',
      hasResult: false
    })
    expect(noticeFor(job({ ...v, status: 'needs_attention', results: [] }), 0)).toMatchObject({
      tone: 'attention',
      words: { code: 'needs_attention' }
    })
    expect(noticeFor(job({ status: 'expired', results: [] }), 0)?.words.code).toBe('expired')
  })

  it('counts a group and says when only part of it arrived', () => {
    const two = [task(), task({ id: 't2', seq: 1, status: 'failed' })]
    expect(noticeFor(job({ tasks: two, status: 'incomplete' }), 0)).toMatchObject({
      count: 2,
      words: { code: 'partly_done', arrived: 1, expected: 2 }
    })
    const gone = { code: 'e', message: 'Gone.' }
    const lost = [result(), result({ id: 'r2', index: 1, status: 'expired', error: gone })]
    expect(noticeFor(job({ results: lost }), 0)).toMatchObject({
      count: 2,
      words: { code: 'partly_saved', saved: 1, total: 2, error: gone }
    })
    const none = [result({ status: 'failed', error: gone })]
    expect(noticeFor(job({ results: none }), 0)?.words.code).toBe('unsaved')
  })

  it('keeps long prompts to one short line', () => {
    const line = noticeFor(job({ prompt: `line one\n${'x'.repeat(200)}` }), 0)?.prompt ?? ''
    expect(line).not.toContain('\n')
    expect(line).toHaveLength(80)
    expect(promptLine('  a\n\tb  ')).toBe('a b')
  })

  it('is silent for the user’s own cancel and for states that are not an end', () => {
    expect(noticeFor(job({ status: 'cancelled', error: null }), 0)).toBeNull()
    expect(noticeFor(job({ status: 'running' }), 0)).toBeNull()
    expect(
      noticeFor(job({ status: 'cancelled', error: { code: 'cancelled', message: 'x' } }), 0)?.words.code
    ).toBe('cancelled_by_gateway')
  })

  it('every notice passes the contract’s schema', () => {
    const notice = noticeFor(job({ status: 'failed', error: { code: 'x', message: 'y' } }), 0)
    expect(JobNotice.safeParse(notice).success).toBe(true)
  })
})

describe('the desktop notification’s words', () => {
  const said = {
    code: 'invalid_request',
    message: 'Model does not stream',
    view: {
      kind: 'invalid' as const,
      action: 'fix_input' as const,
      title: 'The request needs a fix',
      message: 'Model does not stream',
      said: 'Model does not stream'
    }
  }

  it('are English and 简体中文, with the gateway’s own text and the prompt as they came', () => {
    const failed = noticeFor(job({ kind: 'video', status: 'failed', error: said, prompt: '雨夜' }), 0)
    if (!failed) throw new Error('no notice')
    expect(desktopNotice(failed, 'en')).toEqual({
      title: 'Video failed',
      body: 'The gateway said: “Model does not stream” “雨夜”'
    })
    expect(desktopNotice(failed, 'zh-CN')).toEqual({
      title: '视频未能完成',
      body: '“雨夜”：网关返回：“Model does not stream”'
    })
    const ready = noticeFor(job({ tasks: [task(), task({ id: 't2', seq: 1 })], prompt: 'fox' }), 0)
    if (!ready) throw new Error('no notice')
    expect(desktopNotice(ready, 'en')).toEqual({ title: '2 images ready', body: '“fox” · studio-image-v3' })
    expect(desktopNotice(ready, 'zh-CN')).toEqual({
      title: '2 张图片已完成',
      body: '“fox”，模型：studio-image-v3'
    })
  })

  it('have a title for every code in both languages, from the shared catalog', () => {
    for (const language of ['en', 'zh-CN'] as const)
      expect(Object.keys(wordsOf(language).queue.notice.titles).sort()).toEqual(
        NoticeWords.options.map((option) => option.shape.code.value).sort()
      )
  })

  it('show only the prompt, as the page’s toast names it, when there is no model or gateway text to add', () => {
    const images = { tasks: [task(), task({ id: 't2', seq: 1 }), task({ id: 't3', seq: 2 })] }
    const cancelled = noticeFor(
      job({ ...images, status: 'cancelled', error: { code: 'cancelled', message: 'x' }, prompt: '雨夜' }),
      0
    )
    if (!cancelled) throw new Error('no notice')
    expect(desktopNotice(cancelled, 'en')).toEqual({
      title: '3 images cancelled by the gateway',
      body: '“雨夜”'
    })
    expect(desktopNotice(cancelled, 'zh-CN')).toEqual({
      title: '3 张图片已被网关取消',
      body: '提示词：“雨夜”'
    })
    const edit = noticeFor(job({ kind: 'edit', status: 'failed', error: null, prompt: 'fox' }), 0)
    if (!edit) throw new Error('no notice')
    expect(desktopNotice(edit, 'en')).toEqual({ title: 'Edit failed', body: '“fox”' })
    expect(desktopNotice(edit, 'zh-CN')).toEqual({ title: '编辑任务未能完成', body: '提示词：“fox”' })
  })

  it('follow the language setting, and “system” the system’s language', () => {
    expect(spokenLanguage('zh-CN', ['en-US'])).toBe('zh-CN')
    expect(spokenLanguage('system', ['zh_CN.UTF-8'])).toBe('zh-CN')
    expect(spokenLanguage('system', ['fr-FR', 'en-GB'])).toBe('en')
    expect(spokenLanguage('system', ['de'])).toBe('en')
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

  it('tells a batch once, when its last job ends, and none of its jobs on their own', () => {
    const w = setup()
    const ofBatch = (id: string): JobView => job({ id, groupId: 'g1', endpoint: '/v2/images/generations' })
    const [b1, b2, b3] = [ofBatch('b1'), ofBatch('b2'), ofBatch('b3')]
    const jobs = [b1, b2, b3]
    for (const each of jobs) w.bus.emit('jobs.updated', { ...each, status: 'running', finishedAt: null })
    const batch = groupView({ id: 'g1', name: 'Spring posters', jobIds: ['b1', 'b2', 'b3'], createdAt: 0 })
    w.at(60_000)
    w.bus.emit('jobs.updated', b1)
    w.bus.emit('groups.updated', { ...batch, counts: { succeeded: 1, running: 2 } })
    w.bus.emit('jobs.updated', { ...b2, status: 'failed' })
    w.bus.emit('jobs.updated', b3)
    expect(w.notices).toEqual([])
    w.bus.emit('groups.updated', { ...batch, counts: { succeeded: 2, failed: 1 } })
    w.bus.emit('groups.updated', { ...batch, counts: { succeeded: 2, failed: 1 } })
    expect(w.notices).toEqual([
      expect.objectContaining({
        groupId: 'g1',
        tone: 'attention',
        words: { code: 'batch_done', name: 'Spring posters', done: 2, failed: 1, total: 3 },
        hasResult: true
      })
    ])
    expect(() => JobNotice.parse(w.notices[0])).not.toThrow()
    expect(w.desktop).toEqual([{ title: 'Batch finished', body: '“Spring posters”: 2 of 3 done, 1 failed' }])
  })

  it('keeps quiet about a quick compare the user watched fill, and about batches never seen running', () => {
    const w = setup()
    w.bus.emit('jobs.updated', job({ id: 'c1', groupId: 'quick', status: 'running', finishedAt: null }))
    w.at(4_000)
    w.bus.emit('jobs.updated', job({ id: 'c1', groupId: 'quick' }))
    w.bus.emit(
      'groups.updated',
      groupView({ id: 'quick', jobIds: ['c1'], createdAt: 0, counts: { succeeded: 1 } })
    )
    w.bus.emit(
      'groups.updated',
      groupView({ id: 'old', jobIds: ['x'], createdAt: 0, counts: { succeeded: 1 } })
    )
    expect(w.notices).toEqual([])
  })

  it('says nothing of a batch cancelled whole, but tells at once of its job that waits for the user', () => {
    const w = setup()
    const ofBatch = (id: string, status: JobView['status']): JobView =>
      job({ id, groupId: 'g2', status, endpoint: '/v2/images/generations' })
    w.bus.emit('jobs.updated', { ...ofBatch('a', 'running'), finishedAt: null })
    w.bus.emit('jobs.updated', { ...ofBatch('b', 'running'), finishedAt: null })
    w.at(60_000)
    w.bus.emit('jobs.updated', ofBatch('a', 'needs_attention'))
    expect(w.notices.map((n) => [n.jobId, n.words.code])).toEqual([['a', 'needs_attention']])
    w.bus.emit('jobs.updated', ofBatch('b', 'cancelled'))
    w.bus.emit(
      'groups.updated',
      groupView({ id: 'g2', jobIds: ['a', 'b'], createdAt: 0, counts: { needs_attention: 1, cancelled: 1 } })
    )
    expect(w.notices).toHaveLength(1)
  })

  it('stops listening when asked', () => {
    const w = setup({ activeAtStart: ['j1'] })
    w.stop()
    w.bus.emit('jobs.updated', job({ endpoint: '/v2/images/generations' }))
    expect(w.notices).toEqual([])
  })
})
