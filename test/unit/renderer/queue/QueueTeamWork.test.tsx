import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TeamWork } from '@shared/schemas/locations'
import { bridgeQueue } from '@renderer/features/queue/bridge'
import { QueueScreen } from '@renderer/features/queue/QueueScreen'
import { i18n } from '@renderer/i18n'
import { connect, resetStores, stubLayout } from './fixtures'

let restoreLayout: () => void = () => undefined
beforeEach(() => {
  resetStores()
  restoreLayout = stubLayout()
})
afterEach(() => restoreLayout())

const idle: TeamWork = {
  locationId: 'loc1',
  name: 'Studio bucket',
  doing: null,
  step: null,
  done: 0,
  total: 0,
  bytesDone: 0,
  bytesTotal: 0,
  lastSyncedAt: 1_000,
  failure: null,
  failedAt: null
}
const failed: TeamWork = {
  ...idle,
  failure: {
    code: 'location.unreachable',
    message: 'The location could not be reached.',
    words: { code: 'locationUnreachable' }
  },
  failedAt: Date.UTC(2026, 10, 29, 9, 30)
}

describe('team sync in the Queue', () => {
  it('shows a sync under way with its progress as it moves, and nothing once it ended well', async () => {
    const { connection, emit } = connect({
      'jobs.list': () => [],
      'queue.get': () => ({ pausedAt: null, waiting: [] }),
      'groups.list': () => [],
      'team.work': () => [idle]
    })
    const unbridge = bridgeQueue(connection)
    render(<QueueScreen />)
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Team sync' })).toBeNull())

    act(() => emit('team.work', { ...idle, doing: 'sync', step: 'receiving', done: 120, total: 1_000 }))
    const band = await screen.findByRole('listitem', { name: 'Syncing with Studio bucket' })
    expect(within(band).getByText('120 of 1,000 images received')).toBeInTheDocument()
    const bar = within(band).getByRole('progressbar', { name: 'Progress with Studio bucket' })
    // The Queue's own bar (a job row's), by the count where no bytes are counted.
    expect(bar).toHaveClass('tq-progress')
    expect(bar).toHaveAttribute('aria-valuenow', '12')
    expect(bar).toHaveAttribute('aria-valuetext', '120 of 1,000 images received')

    act(() => emit('team.work', { ...idle, doing: 'sync', step: 'receiving', done: 640, total: 1_000 }))
    expect(await within(band).findByText('640 of 1,000 images received')).toBeInTheDocument()
    expect(bar).toHaveAttribute('aria-valuenow', '64')

    act(() => emit('team.work', { ...idle, lastSyncedAt: 2_000 }))
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Syncing with Studio bucket' })).toBeNull()
    )
    unbridge()
  })

  it('fills the bar of images sent by their bytes, said beside their count, in English and in Chinese', async () => {
    const MB = 1024 * 1024
    // 12 small images of 40 are up, but most of the bytes are a video still going: the bar says the bytes.
    const sending: TeamWork = {
      ...idle,
      doing: 'sync',
      step: 'sending',
      done: 12,
      total: 40,
      bytesDone: 310 * MB,
      bytesTotal: 1_240 * MB
    }
    const { connection, emit } = connect({
      'jobs.list': () => [],
      'queue.get': () => ({ pausedAt: null, waiting: [] }),
      'groups.list': () => [],
      'team.work': () => [sending]
    })
    const unbridge = bridgeQueue(connection)
    render(<QueueScreen />)
    const band = await screen.findByRole('listitem', { name: 'Syncing with Studio bucket' })
    const line = '12 of 40 images sent · 310.0 MB of 1.2 GB'
    expect(within(band).getByRole('status')).toHaveTextContent(line)
    const bar = within(band).getByRole('progressbar', { name: 'Progress with Studio bucket' })
    expect(bar).toHaveAttribute('aria-valuenow', '25')
    expect(bar).toHaveAttribute('aria-valuetext', line)

    // A part of the video later: the count is the same, the bar moved.
    act(() => emit('team.work', { ...sending, bytesDone: 930 * MB }))
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '75'))
    expect(within(band).getByRole('status')).toHaveTextContent('12 of 40 images sent · 930.0 MB of 1.2 GB')

    try {
      await act(() => i18n.changeLanguage('zh-CN'))
      const zh = await screen.findByRole('listitem', { name: '正在与 Studio bucket 同步' })
      const zhLine = '已发送 12 / 40 张图片 · 930.0 MB / 1.2 GB'
      expect(within(zh).getByRole('status')).toHaveTextContent(zhLine)
      const zhBar = within(zh).getByRole('progressbar', { name: '与 Studio bucket 同步的进度' })
      expect(zhBar).toHaveAttribute('aria-valuetext', zhLine)
    } finally {
      await act(() => i18n.changeLanguage('en'))
    }
    unbridge()
  })

  it('keeps saying why the last sync failed, in the reader’s words, and syncs again when asked', async () => {
    const { connection, invoke, emit } = connect({
      'jobs.list': () => [],
      'queue.get': () => ({ pausedAt: null, waiting: [] }),
      'groups.list': () => [],
      'team.work': () => [failed],
      'team.sync': () => ({ pushed: 1, pulled: 0, added: 0 })
    })
    const unbridge = bridgeQueue(connection)
    render(<QueueScreen />)
    const band = await screen.findByRole('listitem', { name: 'Could not sync with Studio bucket' })
    // Worded by its code in the reader's language, not by the English it came with.
    expect(within(band).getByRole('status')).toHaveTextContent(/^Nothing answered at the team location\./)
    expect(
      within(band).getByText(/Changes made here wait and go out once it can be reached/)
    ).toBeInTheDocument()

    fireEvent.click(within(band).getByRole('button', { name: 'Sync now' }))
    await waitFor(() => expect(invoke).toHaveBeenCalledWith('team.sync', { id: 'loc1' }))
    act(() => emit('team.work', { ...idle, lastSyncedAt: 3_000 }))
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Could not sync with Studio bucket' })).toBeNull()
    )
    unbridge()
  })
})
