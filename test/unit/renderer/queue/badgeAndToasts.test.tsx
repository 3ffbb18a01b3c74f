import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bridgeQueue, noticeOfJob } from '@renderer/features/queue/bridge'
import { useQueueStore } from '@renderer/features/queue/store'
import { Sidebar } from '@renderer/shell/Sidebar'
import { useAppStore } from '@renderer/store/app'
import { useJobsStore } from '@renderer/store/jobs'
import { TOAST_MS, useNotificationsStore } from '@renderer/store/notifications'
import { useHandoffStore } from '@renderer/store/handoff'
import type { JobNotice } from '@shared/schemas/notices'
import { connect, job, resetStores, runningVideo, task } from './fixtures'

beforeEach(() => resetStores())
afterEach(() => vi.useRealTimers())

const notice = (patch: Partial<JobNotice> = {}): JobNotice => ({
  jobId: 'video',
  kind: 'video',
  status: 'succeeded',
  tone: 'ok',
  words: { code: 'ready', model: 'seedance-video' },
  count: 1,
  prompt: 'waves at night',
  hasResult: true,
  at: 1,
  ...patch
})

describe('the Queue badge in the navigation', () => {
  it('shows running and attention counts, says them in words, and follows job events', () => {
    connect()
    render(<Sidebar />)
    const tasks = screen.getByRole('button', { name: 'Queue' })
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
    // The button's name stays "Queue": the numbers are a description, not part of the name.
    expect(screen.getByRole('button', { name: 'Queue' })).toBe(tasks)

    act(() => useJobsStore.getState().upsert(runningVideo({ status: 'succeeded', finishedAt: 5 })))
    expect(tasks).toHaveAccessibleDescription('1 running, 1 needs attention')
    act(() => useJobsStore.getState().remove('a'))
    expect(tasks).toHaveAccessibleDescription('1 running')
  })

  it('counts the waiting from the line, not from the jobs loaded so far (issue 25)', () => {
    connect()
    render(<Sidebar />)
    const tasks = screen.getByRole('button', { name: 'Queue' })
    // A paused batch of 2,000: the mirror holds two of its jobs (one sent and running, one waiting) and
    // the line has every one still waiting.
    const waiting = Array.from({ length: 1_999 }, (_, i) => `w${i}`)
    act(() => {
      useJobsStore
        .getState()
        .upsertMany([
          runningVideo(),
          job({ id: 'w0', status: 'pending', tasks: [task({ status: 'pending' })] })
        ])
      useQueueStore.getState().setLine({ pausedAt: 1, waiting })
    })
    expect(tasks).toHaveAccessibleDescription('1 running, 1,999 waiting')
    expect(screen.getByTestId('queue-badge')).toHaveTextContent('2000')
    // One of the waiting is sent: it leaves the line although the line itself was not said again.
    act(() =>
      useJobsStore
        .getState()
        .upsert(job({ id: 'w0', status: 'running', tasks: [task({ status: 'running', remoteId: 'r' })] }))
    )
    expect(tasks).toHaveAccessibleDescription('2 running, 1,998 waiting')
    // A new batch of three, submitted since the line was last said: its jobs wait too.
    act(() =>
      useJobsStore
        .getState()
        .upsertMany(
          ['n1', 'n2', 'n3'].map((id) => job({ id, status: 'pending', tasks: [task({ status: 'pending' })] }))
        )
    )
    expect(tasks).toHaveAccessibleDescription('2 running, 2,001 waiting')
  })

  it('is right from the start: the bridge loads every open job once', async () => {
    const { invoke, connection } = connect({
      'jobs.list': (input) =>
        (input as { status?: string[] }).status
          ? [runningVideo(), job({ id: 'a', status: 'needs_attention', createdAt: 1 })]
          : [runningVideo()]
    })
    const off = bridgeQueue(connection)
    render(<Sidebar />)
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Queue' })).toHaveAccessibleDescription(
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
    const off = bridgeQueue(connection)
    act(() => useJobsStore.getState().upsert(runningVideo({ status: 'succeeded', updatedAt: 10 })))
    act(() => reply([runningVideo({ updatedAt: 5 })]))
    // Every start-up read (jobs, the line, batches) got the slow reply; it is in before the check.
    await act(() => slow)
    expect(invoke).toHaveBeenCalledWith('jobs.list', expect.anything())
    expect(useJobsStore.getState().byId.video?.status).toBe('succeeded')
    off()
  })
})

describe('finish notices (issue 15: toasts in the sidebar, failures under the bell)', () => {
  it('shows a jobs.notice as a toast whose Play opens the player on the Queue screen', () => {
    const { connection, emit } = connect({ 'jobs.list': () => [] })
    const off = bridgeQueue(connection)
    useAppStore.setState({ screen: 'video' })
    render(<Sidebar />)
    act(() => emit('jobs.notice', notice()))
    const region = screen.getByRole('region', { name: 'Notifications' })
    // In the sidebar's own flow: never laid over a control of the screen or the composer.
    expect(region.closest('aside.sidebar')).not.toBeNull()
    expect(region.closest('nav')).toBeNull()
    const toast = within(region).getByRole('status')
    expect(toast).toHaveTextContent('Video ready')
    expect(toast).toHaveTextContent('waves at night')
    fireEvent.click(within(toast).getByRole('button', { name: 'Play' }))
    expect(useAppStore.getState().screen).toBe('queue')
    expect(useQueueStore.getState().dialog).toEqual({ type: 'view', jobId: 'video' })
    expect(within(region).queryByRole('status')).toBeNull()
    off()
  })

  it('lets every toast go by itself; failures stay in the list behind the bell, counted until seen', () => {
    vi.useFakeTimers()
    const { connection, emit } = connect({ 'jobs.list': () => [] })
    const off = bridgeQueue(connection)
    render(<Sidebar />)
    act(() => {
      emit('jobs.notice', notice())
      emit(
        'jobs.notice',
        notice({
          jobId: 'x',
          tone: 'error',
          status: 'failed',
          words: { code: 'failed', error: null },
          hasResult: false
        })
      )
    })
    const region = screen.getByRole('region', { name: 'Notifications' })
    expect(within(region).getByRole('alert')).toHaveTextContent('Video failed')
    act(() => {
      vi.advanceTimersByTime(TOAST_MS.ok + 10)
    })
    expect(region).not.toHaveTextContent('Video ready')
    act(() => {
      vi.advanceTimersByTime(TOAST_MS.error)
    })
    expect(within(region).queryByRole('alert')).toBeNull()

    const bell = screen.getByRole('button', { name: 'Notifications, 1 unseen' })
    fireEvent.click(bell)
    const list = screen.getByRole('dialog', { name: 'Notification list' })
    expect(list).toHaveTextContent('Video failed')
    expect(list).not.toHaveTextContent('Video ready')
    expect(screen.getByRole('button', { name: 'Notifications' })).toBe(bell)
    fireEvent.click(within(list).getByRole('button', { name: 'Show in Queue' }))
    expect(useAppStore.getState().screen).toBe('queue')
    expect(screen.queryByRole('dialog', { name: 'Notification list' })).toBeNull()

    fireEvent.click(bell)
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Video failed' }))
    expect(screen.getByRole('dialog', { name: 'Notification list' })).toHaveTextContent('Nothing here')

    act(() => {
      for (let i = 0; i < 6; i++) emit('jobs.notice', notice({ jobId: `j${i}`, tone: 'error', at: i }))
    })
    // At most three toasts at a time; every failure is kept in the list.
    expect(within(region).getAllByRole('alert')).toHaveLength(3)
    expect(
      within(screen.getByRole('dialog', { name: 'Notification list' })).getAllByRole('listitem')
    ).toHaveLength(6)
    off()
  })

  it('keeps a toast while the pointer is on it', () => {
    vi.useFakeTimers()
    const { connection, emit } = connect({ 'jobs.list': () => [] })
    const off = bridgeQueue(connection)
    render(<Sidebar />)
    act(() => emit('jobs.notice', notice()))
    const toast = within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status')
    fireEvent.pointerEnter(toast)
    act(() => {
      vi.advanceTimersByTime(TOAST_MS.ok * 3)
    })
    expect(toast).toBeInTheDocument()
    fireEvent.pointerLeave(toast)
    act(() => {
      vi.advanceTimersByTime(TOAST_MS.ok + 10)
    })
    expect(screen.queryByRole('status')).toBeNull()
    off()
  })
})

describe('a batch’s end', () => {
  it('is one notice whose action opens the batch’s contact sheet in the Gallery', () => {
    noticeOfJob(
      notice({
        groupId: 'g1',
        kind: 'image',
        tone: 'attention',
        words: { code: 'batch_done', name: 'Spring posters', done: 280, failed: 20, total: 300 },
        count: 300,
        prompt: 'Spring posters'
      })
    )
    const shown = useNotificationsStore.getState().items.find((item) => item.id === 'group:g1')
    expect(shown).toMatchObject({
      title: 'Batch finished',
      body: '“Spring posters”: 280 of 300 done, 20 failed'
    })
    expect(shown?.action?.label).toBe('Review images')
    act(() => shown?.action?.run())
    expect(useAppStore.getState().screen).toBe('gallery')
    expect(useHandoffStore.getState().reviewedBatch).toEqual({ groupId: 'g1' })
  })
})
