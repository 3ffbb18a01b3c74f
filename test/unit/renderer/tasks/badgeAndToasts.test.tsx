import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bridgeTasks } from '@renderer/features/tasks/bridge'
import { TOAST_MS } from '@renderer/features/tasks/QueueToasts'
import { useTasksStore } from '@renderer/features/tasks/store'
import { Sidebar } from '@renderer/shell/Sidebar'
import { useAppStore } from '@renderer/store/app'
import { useJobsStore } from '@renderer/store/jobs'
import type { JobNotice } from '@shared/schemas/notices'
import { connect, job, resetStores, runningVideo } from './fixtures'

beforeEach(() => resetStores())
afterEach(() => vi.useRealTimers())

const notice = (patch: Partial<JobNotice> = {}): JobNotice => ({
  jobId: 'video',
  kind: 'video',
  status: 'succeeded',
  tone: 'ok',
  title: 'Video ready',
  body: '“waves at night” · seedance-video',
  hasResult: true,
  at: 1,
  ...patch
})

describe('the Tasks badge in the navigation', () => {
  it('shows running and attention counts, says them in words, and follows job events', () => {
    connect()
    render(<Sidebar />)
    const tasks = screen.getByRole('button', { name: 'Tasks' })
    expect(tasks).toHaveAccessibleDescription('Nothing running')
    expect(screen.queryByTestId('queue-badge')).toBeNull()

    act(() =>
      useJobsStore
        .getState()
        .upsertMany([
          runningVideo(),
          job({ id: 'p', status: 'pending' }),
          job({ id: 'a', status: 'needs_attention' })
        ])
    )
    expect(tasks).toHaveAccessibleDescription('2 running, 1 needs attention')
    expect(screen.getByTestId('queue-badge')).toHaveTextContent('21')
    // The button's name stays "Tasks": the numbers are a description, not part of the name.
    expect(screen.getByRole('button', { name: 'Tasks' })).toBe(tasks)

    act(() => useJobsStore.getState().upsert(runningVideo({ status: 'succeeded', finishedAt: 5 })))
    expect(tasks).toHaveAccessibleDescription('1 running, 1 needs attention')
    act(() => useJobsStore.getState().remove('a'))
    expect(tasks).toHaveAccessibleDescription('1 running')
  })

  it('is right from the start: the bridge loads every open job once', async () => {
    const { invoke, connection } = connect({
      'jobs.list': (input) =>
        (input as { status?: string[] }).status
          ? [runningVideo(), job({ id: 'a', status: 'needs_attention', createdAt: 1 })]
          : [runningVideo()]
    })
    const off = bridgeTasks(connection)
    render(<Sidebar />)
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tasks' })).toHaveAccessibleDescription(
        '1 running, 1 needs attention'
      )
    )
    expect(invoke).toHaveBeenCalledWith('jobs.list', {
      status: ['pending', 'running', 'needs_attention'],
      limit: 500
    })
    off()
  })

  it('never lets a slow list reply overwrite a newer event', async () => {
    let reply: (value: unknown) => void = () => undefined
    const slow = new Promise((resolve) => {
      reply = (value) => resolve({ ok: true, value })
    })
    const { connection, invoke } = connect()
    invoke.mockReturnValue(slow)
    const off = bridgeTasks(connection)
    act(() => useJobsStore.getState().upsert(runningVideo({ status: 'succeeded', updatedAt: 10 })))
    act(() => reply([runningVideo({ updatedAt: 5 })]))
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(2))
    expect(useJobsStore.getState().byId.video?.status).toBe('succeeded')
    off()
  })
})

describe('finish toasts', () => {
  it('shows a jobs.notice as a toast whose Play opens the player on the Tasks screen', () => {
    const { connection, emit } = connect({ 'jobs.list': () => [] })
    const off = bridgeTasks(connection)
    useAppStore.setState({ screen: 'video' })
    render(<Sidebar />)
    act(() => emit('jobs.notice', notice()))
    const region = screen.getByRole('region', { name: 'Notifications' })
    const toast = within(region).getByRole('status')
    expect(toast).toHaveTextContent('Video ready')
    expect(toast).toHaveTextContent('waves at night')
    fireEvent.click(within(toast).getByRole('button', { name: 'Play' }))
    expect(useAppStore.getState().screen).toBe('tasks')
    expect(useTasksStore.getState().dialog).toEqual({ type: 'view', jobId: 'video' })
    expect(within(region).queryByRole('status')).toBeNull()
    off()
  })

  it('lets good news fade, keeps failures until dismissed, and keeps at most four', () => {
    vi.useFakeTimers()
    const { connection, emit } = connect({ 'jobs.list': () => [] })
    const off = bridgeTasks(connection)
    render(<Sidebar />)
    act(() => {
      emit('jobs.notice', notice())
      emit('jobs.notice', notice({ jobId: 'x', tone: 'error', title: 'Video failed', hasResult: false }))
    })
    const region = screen.getByRole('region', { name: 'Notifications' })
    act(() => {
      vi.advanceTimersByTime(TOAST_MS + 10)
    })
    expect(region).not.toHaveTextContent('Video ready')
    const alert = within(region).getByRole('alert')
    expect(alert).toHaveTextContent('Video failed')
    expect(within(alert).getByRole('button', { name: 'Show in Tasks' })).toBeInTheDocument()
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    expect(within(region).queryByRole('alert')).toBeNull()

    act(() => {
      for (let i = 0; i < 6; i++) emit('jobs.notice', notice({ jobId: `j${i}`, tone: 'error', at: i }))
    })
    expect(within(region).getAllByRole('alert')).toHaveLength(4)
    off()
  })
})
