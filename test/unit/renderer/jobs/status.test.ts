import { describe, expect, it } from 'vitest'
import { formatDuration, progressOf, statusText } from '@renderer/jobs/status'
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
    expect(statusText(saving)).toBe('Saving result')
  })
})

describe('status words', () => {
  it('names the phase of a running job from its tasks', () => {
    expect(statusText(runningVideo({ tasks: [task({ status: 'queued' })] }))).toBe('Queued at the gateway')
    expect(statusText(runningVideo({ tasks: [task({ status: 'submitting' })] }))).toBe('Sending')
    expect(
      statusText(runningVideo({ tasks: [task({ status: 'queued' }), task({ id: 't2', status: 'running' })] }))
    ).toBe('Running at the gateway')
    expect(statusText(job({ status: 'incomplete' }))).toBe('Partly done')
  })

  it('formats durations for people', () => {
    expect(formatDuration(8_400)).toBe('8 s')
    expect(formatDuration(65_000)).toBe('1 min 05 s')
    expect(formatDuration(3_720_000)).toBe('1 h 02 min')
  })
})
