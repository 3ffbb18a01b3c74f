import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { receiveTasksHandoffs } from '@renderer/features/tasks/handoffs'
import { useTasksStore } from '@renderer/features/tasks/store'
import { useAppStore } from '@renderer/store/app'
import { showJobInTasks } from '@renderer/store/handoff'
import { resetStores } from './fixtures'

describe('hand-offs to the Tasks screen', () => {
  let off = (): void => undefined
  beforeEach(() => {
    resetStores()
    useAppStore.setState({ screen: 'gallery' })
    off = receiveTasksHandoffs()
  })
  afterEach(() => off())

  it('opens the Tasks screen with the job’s result dialog, again for the same job', () => {
    showJobInTasks('job-1')
    expect(useAppStore.getState().screen).toBe('tasks')
    expect(useTasksStore.getState().dialog).toEqual({ type: 'view', jobId: 'job-1' })
    useTasksStore.getState().openDialog(null)
    showJobInTasks('job-1')
    expect(useTasksStore.getState().dialog).toEqual({ type: 'view', jobId: 'job-1' })
  })
})
