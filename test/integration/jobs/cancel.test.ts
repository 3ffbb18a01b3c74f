import { describe, expect, it, vi } from 'vitest'
import type { JobView } from '../../../src/shared/schemas/jobs'
import { CANCELLED_IN_FLIGHT, mayStillBill } from '../../../src/shared/schemas/jobStatuses'
import { useStudioAgainstEmulator } from '../../helpers/suite'

const CANCEL_PATH = '/v1/videos/generations/tasks/{id}'

/**
 * Issue 15: Cancel looked final but was local. With a cancel call in the profile it is sent and the
 * gateway's answer comes back; without one nothing is sent and the answer says so.
 */
describe('cancelling a video job at the gateway', () => {
  // Long phases: the task stays queued at the gateway while the test cancels it.
  const env = useStudioAgainstEmulator({
    name: 'cancel',
    emulator: { cancelRoute: true, timing: { taskQueuedMs: 600_000, taskRunningMs: 600_000 } }
  })

  const deletes = () => env.emulator.requestLog.filter((entry) => entry.method === 'DELETE')

  const startVideo = async (): Promise<JobView> => {
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'videos', body: { model: 'seedance-video', prompt: 'a long take', duration: 2 } }
    })
    // Sent and held by the gateway: the task has its remote id.
    return vi.waitFor(async () => {
      const now = await env.studio.api.invoke('jobs.get', { id: job.id })
      if (!now.tasks[0]?.remoteId) throw new Error('not sent yet')
      return now
    })
  }

  const useCancelPath = async (): Promise<void> => {
    const active = (await env.studio.api.invoke('profiles.list', {})).find((p) => p.active)
    await env.studio.api.invoke('profiles.update', {
      id: active?.id ?? '',
      fieldMap: {
        ...active?.fieldMap,
        video: { ...active?.fieldMap.video, cancel: { method: 'DELETE', path: CANCEL_PATH } }
      }
    })
  }

  it('without a cancel call: stops following it here, sends nothing, and says the gateway was not asked', async () => {
    const job = await startVideo()
    const cancelled = await env.studio.api.invoke('jobs.cancel', { id: job.id })
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.cancel).toEqual({ remote: true, sent: false, answers: [] })
    expect(deletes()).toHaveLength(0)
  })

  it('with a cancel call in the profile: sends it and hands back what the gateway answered', async () => {
    await useCancelPath()
    const job = await startVideo()
    const remoteId = job.tasks[0]?.remoteId ?? ''
    const cancelled = await env.studio.api.invoke('jobs.cancel', { id: job.id })
    expect(cancelled.cancel).toEqual({
      remote: true,
      sent: true,
      answers: [
        {
          remoteId,
          ok: true,
          status: null,
          message: 'The gateway accepted the cancel; it reports the task as cancelled.'
        }
      ]
    })
    expect(deletes().map((entry) => entry.path)).toEqual([`/v1/videos/generations/tasks/${remoteId}`])
  })

  it("a refusal comes back in the gateway's own words", async () => {
    await useCancelPath()
    // Every time: the client asks again as it does for any idempotent call, and the gateway says the same.
    env.emulator.faults.script('DELETE /v1/videos/generations/tasks/*', [
      {
        status: 409,
        error: {
          type: 'invalid_request_error',
          code: 'task_not_cancellable',
          message: 'Too late: it is rendering.'
        },
        // Every time: the client asks again as it does for any idempotent call; the gateway says the same.
        always: true
      }
    ])
    const job = await startVideo()
    const cancelled = await env.studio.api.invoke('jobs.cancel', { id: job.id })
    expect(cancelled.cancel?.sent).toBe(true)
    expect(cancelled.cancel?.answers[0]).toMatchObject({ ok: false, status: 409 })
    expect(cancelled.cancel?.answers[0]?.message).toContain('Too late: it is rendering.')
  })
})

/**
 * Issue 25's truthful cancel, for a request cut off on its way: no answer came, so there is no remote id,
 * but the gateway may have received it. The task says so (it may still run and bill), as one the gateway
 * had accepted does; a job cancelled before anything went is simply cancelled.
 */
describe('cancelling a job whose request is on its way', () => {
  const env = useStudioAgainstEmulator({ name: 'cancel-in-flight' })
  const posts = () =>
    env.emulator.requestLog.filter(
      (entry) => entry.method === 'POST' && entry.path === '/v3/images/generations'
    )

  it('marks it as possibly received (it may still bill), and sends nothing more [P19]', async () => {
    // The gateway reads the request and holds its answer: the send is in flight when the user cancels.
    env.emulator.faults.script('/v3/images/generations', { delayMs: 600_000 })
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'cut off on its way' } }
    })
    await vi.waitFor(() => {
      if (posts().length === 0) throw new Error('not sent yet')
    })
    const sending = await env.studio.api.invoke('jobs.get', { id: job.id })
    expect(sending.tasks[0]?.status).toBe('submitting')

    const cancelled = await env.studio.api.invoke('jobs.cancel', { id: job.id })
    expect(cancelled.status).toBe('cancelled')
    const task = cancelled.tasks[0]
    expect(task?.remoteId).toBeNull()
    expect(task?.error?.code).toBe(CANCELLED_IN_FLIGHT.code)
    expect(task && mayStillBill(task)).toBe(true)
    // A mark on the task, not a failure of the job: the cancel was the user's own.
    expect(cancelled.error).toBeNull()
    // The cut-off send concludes without changing the mark, and nothing goes out again.
    await env.studio.backend.engine.waitForIdle()
    const after = await env.studio.api.invoke('jobs.get', { id: job.id })
    expect(after.status).toBe('cancelled')
    expect(after.tasks[0]?.error?.code).toBe(CANCELLED_IN_FLIGHT.code)
    expect(posts()).toHaveLength(1)
  })

  it('a job cancelled before anything went is simply cancelled', async () => {
    await env.studio.api.invoke('queue.pause', {})
    const job = await env.studio.api.invoke('jobs.submit', {
      request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'never sent' } }
    })
    const cancelled = await env.studio.api.invoke('jobs.cancel', { id: job.id })
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.tasks[0]?.error).toBeNull()
    expect(cancelled.tasks.some(mayStillBill)).toBe(false)
    expect(posts()).toHaveLength(0)
    await env.studio.api.invoke('queue.resume', {})
  })
})
