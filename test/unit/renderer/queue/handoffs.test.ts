import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { receiveTasksHandoffs } from '@renderer/features/queue/handoffs'
import { useQueueStore } from '@renderer/features/queue/store'
import { useAppStore } from '@renderer/store/app'
import { showJobInQueue } from '@renderer/store/handoff'
import { resetStores } from './fixtures'

describe('hand-offs to the Queue screen', () => {
  let off = (): void => undefined
  beforeEach(() => {
    resetStores()
    useAppStore.setState({ screen: 'gallery' })
    off = receiveTasksHandoffs()
  })
  afterEach(() => off())

  it('opens the Queue screen with the job’s result dialog, again for the same job', () => {
    showJobInQueue('job-1')
    expect(useAppStore.getState().screen).toBe('queue')
    expect(useQueueStore.getState().dialog).toEqual({ type: 'view', jobId: 'job-1' })
    useQueueStore.getState().openDialog(null)
    showJobInQueue('job-1')
    expect(useQueueStore.getState().dialog).toEqual({ type: 'view', jobId: 'job-1' })
  })
})
