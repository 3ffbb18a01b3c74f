import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TeamWork } from '@shared/schemas/locations'
import { bridgeQueue } from '@renderer/features/queue/bridge'
import { QueueScreen } from '@renderer/features/queue/QueueScreen'
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
    expect(bar).toHaveAttribute('value', '120')
    expect(bar).toHaveAttribute('max', '1000')

    act(() => emit('team.work', { ...idle, doing: 'sync', step: 'receiving', done: 640, total: 1_000 }))
    expect(await within(band).findByText('640 of 1,000 images received')).toBeInTheDocument()

    act(() => emit('team.work', { ...idle, lastSyncedAt: 2_000 }))
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Syncing with Studio bucket' })).toBeNull()
    )
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
