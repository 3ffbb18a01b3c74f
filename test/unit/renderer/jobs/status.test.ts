import { describe, expect, it } from 'vitest'
import { i18n, createI18n } from '@renderer/i18n'
import { billingLabel } from '@renderer/jobs/billing'
import { errorLine } from '@renderer/ui/errorWords'
import { CANCELLED_IN_FLIGHT } from '@shared/schemas/jobStatuses'
import {
  formatDuration,
  JOB_STATUS_LABELS,
  jobTone,
  progressOf,
  statusText,
  tallyOf,
  TASK_STATUS_LABELS
} from '@renderer/jobs/status'
import { groupOfImages } from '../../../helpers/jobViews'
import { job, result, runningVideo, task } from '../queue/fixtures'

describe('progress', () => {
  it('is determinate only when the gateway reported progress for every task still going', () => {
    expect(progressOf(runningVideo({ tasks: [task({ status: 'running', progress: 0.4 })] }))).toEqual({
      type: 'determinate',
      value: 0.4,
      label: '40 %'
    })
    const group = runningVideo({
      tasks: [
        task({ status: 'succeeded', progress: 1 }),
        task({ id: 't2', seq: 1, status: 'running', progress: 0.5 })
      ]
    })
    expect(progressOf(group)).toMatchObject({ type: 'determinate', value: 0.75 })
    const oneSilent = runningVideo({
      tasks: [task({ status: 'running', progress: 0.5 }), task({ id: 't2', seq: 1, status: 'queued' })]
    })
    expect(progressOf(oneSilent)).toEqual({ type: 'indeterminate', label: '0 of 2 done' })
  })

  it('says what is known when there is no figure: the phase, or how many of a group are done', () => {
    expect(progressOf(runningVideo())).toEqual({ type: 'indeterminate', label: 'Running at the gateway' })
    const group = job({
      status: 'running',
      finishedAt: null,
      tasks: [task(), task({ id: 't2', seq: 1, status: 'queued' })]
    })
    expect(progressOf(group)).toEqual({ type: 'indeterminate', label: '1 of 2 done' })
    const stream = job({
      endpoint: '/partner-a/v3/images/generations',
      status: 'running',
      finishedAt: null,
      tasks: [task({ status: 'submitting' })],
      results: [result(), result({ id: 'r2', index: 1 })]
    })
    expect(progressOf(stream)).toEqual({ type: 'indeterminate', label: '2 images so far' })
    expect(
      progressOf(job({ status: 'pending', tasks: [task({ status: 'pending' })], results: [] }))
    ).toMatchObject({
      label: 'Waiting to send'
    })
  })

  it('shows nothing once over, except a result still being saved', () => {
    expect(progressOf(job())).toEqual({ type: 'none' })
    expect(progressOf(job({ status: 'failed' }))).toEqual({ type: 'none' })
    const saving = job({ results: [result({ status: 'pending', mediaId: null })] })
    expect(progressOf(saving)).toMatchObject({
      type: 'indeterminate',
      label: 'Saving the result to the library'
    })
    expect(statusText(saving)).toBe('Saving to the library')
  })
})

const groupOf = (patch: Partial<Parameters<typeof job>[0]> = {}) =>
  job({
    endpoint: '/partner-a/v3/images/generations',
    request: groupOfImages(3),
    ...patch
  })

describe('a finished job in true words', () => {
  it('is not "Done" while one of its images is still being saved to the library', () => {
    const saving = groupOf({
      results: [result(), result({ id: 'r2', index: 1 }), result({ id: 'r3', index: 2, status: 'pending' })]
    })
    expect(statusText(saving)).toBe('Saving to the library')
    expect(jobTone(saving)).toBe('active')
  })

  it('says how many of a group are ready and how many failed, in a tone of its own', () => {
    const failedImage = result({
      id: 'r3',
      index: 2,
      status: 'failed',
      mediaId: null,
      error: { code: 'x', message: 'sensitive' }
    })
    const group = groupOf({ results: [result(), result({ id: 'r2', index: 1 }), failedImage] })
    expect(tallyOf(group)).toMatchObject({ total: 3, ready: 2, failed: 1 })
    expect(statusText(group)).toBe('2 of 3 ready, 1 failed')
    expect(jobTone(group)).toBe('partial')

    // A v2 "Images: 4" job with one task refused: 3 of 4, whatever the aggregate calls it.
    const tasks = [0, 1, 2, 3].map((seq) =>
      task({ id: `t${seq}`, seq, status: seq === 3 ? 'failed' : 'succeeded' })
    )
    const v2 = job({
      endpoint: '/v2/images/generations',
      request: { endpoint: 'imagesV2', body: { model: 'm', prompt: 'p' }, count: 4 },
      status: 'incomplete',
      tasks,
      results: [0, 1, 2].map((seq) => result({ id: `r${seq}`, taskId: `t${seq}` }))
    })
    expect(statusText(v2)).toBe('3 of 4 ready, 1 failed')
    expect(jobTone(v2)).toBe('partial')
  })

  it('names what never arrived or was cancelled apart from what failed', () => {
    const cut = groupOf({
      status: 'incomplete',
      tasks: [task({ status: 'incomplete' })],
      results: [result()]
    })
    expect(statusText(cut)).toBe('1 of 3 ready, 2 never arrived')
    expect(jobTone(cut)).toBe('partial')
  })

  it('is "Done" in the tone of success only when every image is in the library', () => {
    const done = groupOf({
      results: [result(), result({ id: 'r2', index: 1 }), result({ id: 'r3', index: 2 })]
    })
    expect(statusText(done)).toBe('Done')
    expect(jobTone(done)).toBe('ok')
    const none = groupOf({
      results: [0, 1, 2].map((index) => result({ id: `r${index}`, index, status: 'failed', mediaId: null }))
    })
    expect(statusText(none)).toBe('Failed')
    expect(jobTone(none)).toBe('error')
  })
})

describe('a job the user stopped tracking', () => {
  it('says the gateway may still finish and bill a task it held, and "Cancelled" only when it had none running', () => {
    const held = job({
      status: 'cancelled',
      tasks: [task({ status: 'cancelled', remoteId: 'task-1', remoteStatus: 'queued' })]
    })
    expect(statusText(held)).toBe('No longer tracked — the gateway may still finish and bill it')
    expect(jobTone(held)).toBe('attention')
    const neverSent = job({ status: 'cancelled', tasks: [task({ status: 'cancelled', remoteId: null })] })
    expect(statusText(neverSent)).toBe('Cancelled')
    const stopped = job({
      status: 'cancelled',
      tasks: [task({ status: 'cancelled', remoteId: 'task-2', remoteStatus: 'cancelled' })]
    })
    expect(statusText(stopped)).toBe('Cancelled')
  })

  it('says the same of a request cut off on its way (no remote id, but it may have arrived)', () => {
    const cutOff = job({
      status: 'cancelled',
      tasks: [task({ status: 'cancelled', remoteId: null, error: { ...CANCELLED_IN_FLIGHT } })]
    })
    expect(statusText(cutOff)).toBe('No longer tracked — the gateway may still finish and bill it')
    expect(jobTone(cutOff)).toBe('attention')
    // Its task line speaks the reader's language, from the catalog, not the backend's English.
    const zh = createI18n('zh-CN')
    expect(errorLine(zh.t, { ...CANCELLED_IN_FLIGHT })).toContain('网关可能已收到')
    expect(errorLine(i18n.t, { ...CANCELLED_IN_FLIGHT })).toBe(CANCELLED_IN_FLIGHT.message)
  })
})

describe('status words', () => {
  it('names the phase of a running job from its tasks', () => {
    expect(statusText(runningVideo({ tasks: [task({ status: 'queued' })] }))).toBe('Queued at the gateway')
    // Sent: the gateway says nothing of queued or running until it answers, and neither do we.
    expect(statusText(runningVideo({ tasks: [task({ status: 'submitting' })] }))).toBe(
      'Sent, waiting for the answer'
    )
    // A stream's images say the gateway is at work.
    const streaming = job({
      endpoint: '/partner-a/v3/images/generations',
      request: groupOfImages(3),
      status: 'running',
      finishedAt: null,
      tasks: [task({ status: 'submitting' })],
      results: [result()]
    })
    expect(statusText(streaming)).toBe('Receiving images')
    expect(
      statusText(runningVideo({ tasks: [task({ status: 'queued' }), task({ id: 't2', status: 'running' })] }))
    ).toBe('Running at the gateway')
    expect(statusText(job({ status: 'incomplete', results: [] }))).toBe('Partly done')
  })

  it('says queued, not running, while every task of a running job waits at the gateway', () => {
    const queued = job({
      endpoint: '/v2/images/generations',
      request: { endpoint: 'imagesV2', body: { model: 'm', prompt: 'p' }, count: 2 },
      status: 'running',
      finishedAt: null,
      tasks: [task({ status: 'queued' }), task({ id: 't2', seq: 1, status: 'queued' })],
      results: []
    })
    expect(statusText(queued)).toBe('Queued at the gateway')
    expect(jobTone(queued)).toBe('active')
    // One task queued, the next not sent yet: still nothing is running.
    const sending = {
      ...queued,
      tasks: [task({ status: 'queued' }), task({ id: 't2', seq: 1, status: 'pending' })]
    }
    expect(statusText(sending)).toBe('Queued at the gateway')
  })

  it('formats durations for people', () => {
    expect(formatDuration(8_400)).toBe('8 s')
    expect(formatDuration(65_000)).toBe('1 min 05 s')
    expect(formatDuration(3_720_000)).toBe('1 h 02 min')
  })
})

describe('a job’s words in 简体中文 (issue 16)', () => {
  const zh = createI18n('zh-CN').t

  it('names states and phases the way Chinese task queues do', () => {
    expect(statusText(runningVideo({ tasks: [task({ status: 'queued' })] }), zh)).toBe('在网关排队中')
    expect(statusText(runningVideo({ tasks: [task({ status: 'submitting' })] }), zh)).toBe('已发送，等待答复')
    expect(statusText(job({ status: 'incomplete', results: [] }), zh)).toBe('部分完成')
    const done = groupOf({
      results: [result(), result({ id: 'r2', index: 1 }), result({ id: 'r3', index: 2 })]
    })
    expect(statusText(done, zh)).toBe('已完成')
    const cut = groupOf({
      status: 'incomplete',
      tasks: [task({ status: 'incomplete' })],
      results: [result()]
    })
    expect(statusText(cut, zh)).toBe('3 张中 1 张已就绪，2 张未送达')
  })

  it('says progress, durations and billing in Chinese units', () => {
    const group = runningVideo({
      tasks: [task({ status: 'running' }), task({ id: 't2', status: 'succeeded' })]
    })
    expect(progressOf(group, zh)).toEqual({ type: 'indeterminate', label: '已完成 1/2' })
    expect(
      progressOf(runningVideo({ tasks: [task({ status: 'running', progress: 0.4 })] }), zh)
    ).toMatchObject({
      label: '40%'
    })
    expect(formatDuration(8_400, zh)).toBe('8 秒')
    expect(formatDuration(65_000, zh)).toBe('1 分 05 秒')
    expect(formatDuration(3_720_000, zh)).toBe('1 小时 02 分')
    expect(formatDuration(3 * 24 * 3_600_000, zh)).toBe('3 天')
    expect(billingLabel('image', zh)).toBe('按张计费')
    expect(billingLabel('second', zh)).toBe('按 second 计费')
    expect(billingLabel(null, zh)).toBe('网关未说明此模型的计费方式')
  })

  it('keeps the status tables readable as tables, in the language in use', async () => {
    expect(TASK_STATUS_LABELS.queued).toBe('Queued at the gateway')
    await i18n.changeLanguage('zh-CN')
    expect(TASK_STATUS_LABELS.queued).toBe('在网关排队中')
    expect(JOB_STATUS_LABELS.needs_attention).toBe('需要处理')
    expect(Object.keys(JOB_STATUS_LABELS)).toContain('incomplete')
  })
})
