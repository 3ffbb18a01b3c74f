import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { JobView } from '@shared/schemas/jobs'
import { bridgeQueue } from '@renderer/features/queue/bridge'
import { QueueScreen } from '@renderer/features/queue/QueueScreen'
import { useJobsStore } from '@renderer/store/jobs'
import { useNotificationsStore } from '@renderer/store/notifications'
import { useProfilesStore } from '@renderer/store/profiles'
import {
  connect,
  job,
  profile,
  resetStores,
  result,
  rowOf,
  runningVideo,
  seed,
  stubLayout,
  task
} from './fixtures'

let restoreLayout: () => void = () => undefined

beforeEach(() => {
  resetStores()
  restoreLayout = stubLayout()
})
afterEach(() => restoreLayout())

const attention = job({
  id: 'att',
  kind: 'video',
  endpoint: '/v1/videos/generations',
  prompt: 'maybe billed',
  status: 'needs_attention',
  createdAt: 3_000,
  finishedAt: 3_000,
  error: { code: 'outcome_unknown', message: 'The connection broke after sending.' },
  tasks: [task({ status: 'needs_attention' })],
  results: []
})
const failed = job({ id: 'bad', prompt: 'too spicy', status: 'failed', createdAt: 500, results: [] })

describe('Queue screen', () => {
  it('says what the screen is for when there is nothing yet', async () => {
    connect({ 'jobs.list': () => [] })
    render(<QueueScreen />)
    expect(await screen.findByText('No jobs yet')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Make a video' })).toBeInTheDocument()
  })

  it('shows kind, model, status, elapsed time and polls; a bar fills only where the gateway gave progress', () => {
    connect({ 'jobs.list': () => [] })
    const withProgress = job({
      id: 'v2',
      endpoint: '/v2/images/generations',
      prompt: 'lighthouse',
      status: 'running',
      createdAt: 2_000,
      finishedAt: null,
      tasks: [
        task({ status: 'running', remoteId: 'img_1', progress: 0.4, pollCount: 1, lastPolledAt: 2_500 })
      ],
      results: []
    })
    seed(runningVideo(), withProgress, failed)
    render(<QueueScreen />)
    const video = rowOf('waves at night')
    expect(within(video).getByText('Running at the gateway')).toBeInTheDocument()
    expect(within(video).getByText(/seedance-video/)).toBeInTheDocument()
    expect(within(video).getByText(/2 polls/)).toBeInTheDocument()
    const honest = within(video).getByRole('progressbar')
    expect(honest).not.toHaveAttribute('aria-valuenow')
    expect(honest).toHaveAttribute('aria-valuetext', 'Running at the gateway')
    const figure = within(rowOf('lighthouse')).getByRole('progressbar')
    expect(figure).toHaveAttribute('aria-valuenow', '40')
    // A finished job has no bar, and says how long it took.
    expect(within(rowOf('too spicy')).queryByRole('progressbar')).toBeNull()
    expect(within(rowOf('too spicy')).getByText('1 s')).toBeInTheDocument()
    // Newest first.
    const prompts = within(screen.getByRole('list', { name: 'Jobs' }))
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('tq-row'))
      .map((item) => item.querySelector('.tq-prompt')?.textContent)
    expect(prompts).toEqual(['lighthouse', 'waves at night', 'too spicy'])
  })

  it('filters by status, kind and gateway, and asks the backend for that filter', async () => {
    const { invoke } = connect({ 'jobs.list': () => [] })
    seed(runningVideo(), attention, failed)
    render(<QueueScreen />)
    fireEvent.click(screen.getByRole('radio', { name: /Needs attention/ }))
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledWith('jobs.list', { status: ['needs_attention'], limit: 50 })
    )
    expect(rowOf('maybe billed')).toBeInTheDocument()
    expect(screen.queryByText('waves at night')).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: 'Any status' }))
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'image' } })
    expect(rowOf('too spicy')).toBeInTheDocument()
    expect(screen.queryByText('maybe billed')).toBeNull()
    fireEvent.change(screen.getByLabelText('Gateway'), { target: { value: 'demo' } })
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledWith('jobs.list', { kind: ['image'], profileId: 'demo', limit: 50 })
    )
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement)
    expect(rowOf('waves at night')).toBeInTheDocument()
  })

  it('shows the counts of what is going on right now on the status chips', () => {
    connect({ 'jobs.list': () => [] })
    seed(runningVideo(), attention)
    render(<QueueScreen />)
    expect(screen.getByRole('radio', { name: 'In progress 1' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Needs attention 1' })).toBeInTheDocument()
  })

  it('re-sends a needs-attention job only after the "may charge twice" confirmation [P17]', async () => {
    const resent: unknown[] = []
    connect({
      'jobs.list': () => [],
      'jobs.resend': (input) => {
        resent.push(input)
        return { ...attention, status: 'pending', tasks: [task({ status: 'pending' })] }
      }
    })
    seed(attention)
    render(<QueueScreen />)
    fireEvent.click(within(rowOf('maybe billed')).getByRole('button', { name: 'Send again…' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Send this request again?' })
    expect(dialog).toHaveTextContent('may charge twice')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Don’t send' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(resent).toEqual([])

    fireEvent.click(within(rowOf('maybe billed')).getByRole('button', { name: 'Send again…' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send again, it may charge twice' }))
    await waitFor(() => expect(resent).toEqual([{ id: 'att', confirmMayChargeTwice: true }]))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(useJobsStore.getState().byId.att?.status).toBe('pending')
  })

  it('retries a failed job as a new job with the stored request, on the same gateway', async () => {
    const submitted: unknown[] = []
    connect({
      'jobs.list': () => [],
      'jobs.submit': (input) => {
        submitted.push(input)
        return job({
          id: 'again',
          prompt: 'too spicy',
          status: 'pending',
          createdAt: 9_000,
          finishedAt: null
        })
      }
    })
    seed(failed)
    render(<QueueScreen />)
    fireEvent.click(within(rowOf('too spicy')).getByRole('button', { name: 'Retry' }))
    await waitFor(() =>
      expect(submitted).toEqual([
        {
          profileId: 'demo',
          request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: 'a red fox' } }
        }
      ])
    )
    await waitFor(() => expect(useJobsStore.getState().order).toEqual(['again', 'bad']))
  })

  it('without a cancel call reads "Stop tracking", says the gateway may still bill, and shows why an action fails', async () => {
    connect({
      'jobs.list': () => [],
      'jobs.cancel': () => {
        throw new Error('That job no longer exists.')
      }
    })
    seed(runningVideo())
    render(<QueueScreen />)
    const row = rowOf('waves at night')
    const stop = within(row).getByRole('button', { name: 'Stop tracking' })
    expect(stop).toHaveAccessibleDescription(/the gateway may still run and bill it/)
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull()
    fireEvent.click(stop)
    expect(await within(rowOf('waves at night')).findByRole('alert')).toHaveTextContent(
      'That job no longer exists.'
    )
  })

  it('with a cancel call reads "Cancel" and shows what the gateway answered (issue 15)', async () => {
    const withCancel = profile({
      fieldMap: {
        ...profile().fieldMap,
        video: { ...profile().fieldMap.video, cancel: { method: 'DELETE', path: '/v1/videos/tasks/{id}' } }
      }
    })
    connect({
      'jobs.list': () => [],
      'jobs.cancel': () => ({
        ...runningVideo({ status: 'cancelled' }),
        cancel: {
          remote: true,
          sent: true,
          answers: [
            {
              remoteId: 'r',
              ok: false,
              status: 409,
              message: 'The gateway refused the cancel (HTTP 409): Too late.'
            }
          ]
        }
      })
    })
    useProfilesStore.setState({ profiles: [withCancel] })
    seed(runningVideo())
    render(<QueueScreen />)
    const cancel = within(rowOf('waves at night')).getByRole('button', { name: 'Cancel' })
    expect(cancel).toHaveAttribute(
      'title',
      'Stops it here and asks the gateway to cancel it (DELETE /v1/videos/tasks/{id}).'
    )
    fireEvent.click(cancel)
    await waitFor(() =>
      expect(useNotificationsStore.getState().items[0]).toMatchObject({
        tone: 'error',
        title: 'The gateway did not cancel it',
        body: expect.stringContaining('Too late.') as string
      })
    )
  })

  it('deletes after a confirmation that says what goes with it', async () => {
    const deleted: unknown[] = []
    connect({
      'jobs.list': () => [],
      'jobs.delete': (input) => {
        deleted.push(input)
        return { deleted: true, filesRemoved: 2 }
      }
    })
    seed(job({ id: 'two', prompt: 'two foxes', results: [result(), result({ id: 'r2', index: 1 })] }))
    render(<QueueScreen />)
    fireEvent.click(within(rowOf('two foxes')).getByRole('button', { name: 'Delete…' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this job?' })
    expect(dialog).toHaveTextContent('its 2 saved files will be removed from the library')
    expect(deleted).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(deleted).toEqual([{ id: 'two' }]))
    await waitFor(() => expect(screen.queryByText('two foxes')).toBeNull())
  })

  it('says a job’s usage once, in its details, and a task’s own only where the gateway reported one', () => {
    connect({ 'jobs.list': () => [] })
    const group = job({
      id: 'grp',
      endpoint: '/v2/images/generations',
      request: { endpoint: 'imagesV2', body: { model: 'm', prompt: 'lighthouse pair' }, count: 2 },
      prompt: 'lighthouse pair',
      usage: { total_tokens: 600 },
      billingUnit: 'token',
      tasks: [task({ usage: { total_tokens: 600 } }), task({ id: 't2', seq: 1, usage: null })],
      results: [result(), result({ id: 'r2', taskId: 't2' })]
    })
    seed(group)
    render(<QueueScreen />)
    const row = rowOf('lighthouse pair')
    fireEvent.click(within(row).getByRole('button', { name: 'Show the 2 tasks' }))
    expect(within(row).getByText('Usage of this job: 600 tokens · billed per token')).toBeInTheDocument()
    const lines = within(row).getAllByRole('listitem')
    expect(lines[0]).toHaveTextContent('600 tokens')
    expect(lines[1]).not.toHaveTextContent('tokens')
  })

  it('opens a video result in a player with its size and duration, and groups the tasks of a v2 job', () => {
    connect({ 'jobs.list': () => [] })
    const video = runningVideo({
      status: 'succeeded',
      finishedAt: 9_000,
      tasks: [task({ remoteId: 'vtask_1', pollCount: 3, lastPolledAt: 8_000 })],
      results: [
        result({
          kind: 'video',
          mime: 'video/mp4',
          width: 320,
          height: 180,
          durationMs: 2_000,
          bytes: 21_000
        })
      ]
    })
    const group = job({
      id: 'grp',
      endpoint: '/v2/images/generations',
      prompt: 'lighthouse pair',
      status: 'running',
      finishedAt: null,
      tasks: [task({ remoteId: 'a' }), task({ id: 't2', seq: 1, status: 'queued', remoteId: 'b' })],
      results: []
    })
    seed(video, group)
    render(<QueueScreen />)
    const groupRow = rowOf('lighthouse pair')
    expect(within(groupRow).getByText('1 of 2 done')).toBeInTheDocument()
    fireEvent.click(within(groupRow).getByRole('button', { name: 'Show the 2 tasks' }))
    const lines = within(groupRow).getByRole('list', { name: 'Tasks of this job' })
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2)
    expect(lines).toHaveTextContent('Queued at the gateway')

    fireEvent.click(within(rowOf('waves at night')).getByRole('button', { name: 'Play' }))
    const player = screen.getByRole('dialog', { name: 'Video' })
    const element = player.querySelector('video')
    expect(element).toHaveAttribute('src', `/media/${'a'.repeat(32)}`)
    expect(element).toHaveAttribute('poster', `/media/${'a'.repeat(32)}_thumb`)
    expect(player).toHaveTextContent('320 × 180')
    expect(player).toHaveTextContent('2.0 s')
  })

  it('ticks the elapsed time of a running job', () => {
    connect({ 'jobs.list': () => [] })
    const now = Date.now()
    seed(runningVideo({ createdAt: now - 4_000 }))
    render(<QueueScreen />)
    expect(within(rowOf('waves at night')).getByText(/^[45] s$/)).toBeInTheDocument()
    act(() => {
      useJobsStore
        .getState()
        .upsert(runningVideo({ createdAt: now - 4_000, status: 'succeeded', finishedAt: now + 61_000 }))
    })
    expect(within(rowOf('waves at night')).getByText('1 min 05 s')).toBeInTheDocument()
  })

  it('pauses and resumes the queue, says what a pause means, and sends a waiting job next [P48]', async () => {
    const waiting = (): Partial<JobView> => ({
      status: 'pending',
      results: [],
      tasks: [task({ status: 'pending' })]
    })
    const first = job({ id: 'w1', prompt: 'first in line', createdAt: 1_000, ...waiting() })
    const second = job({ id: 'w2', prompt: 'second in line', createdAt: 2_000, ...waiting() })
    let line = { pausedAt: null as number | null, waiting: ['w1', 'w2'] }
    const { invoke, emit, connection } = connect({
      'jobs.list': () => [second, first],
      'queue.get': () => line,
      'queue.pause': () => (line = { ...line, pausedAt: 5_000 }),
      'queue.resume': () => (line = { ...line, pausedAt: null }),
      'queue.move': () => (line = { ...line, waiting: ['w2', 'w1'] })
    })
    seed(first, second)
    const unbridge = bridgeQueue(connection)
    render(<QueueScreen />)
    expect(await screen.findByText('2 jobs waiting to be sent.')).toBeInTheDocument()
    expect(within(rowOf('first in line')).getByText('#1 in line')).toBeInTheDocument()
    // Not sent yet: its clock counts waiting, and there is no reply to wait for.
    expect(within(rowOf('first in line')).getByTitle('Waiting for')).toBeInTheDocument()
    expect(within(rowOf('first in line')).getByText('Not sent yet')).toBeInTheDocument()
    // The first in line has no "Send next": it is next already.
    expect(within(rowOf('first in line')).queryByRole('button', { name: 'Send next' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Pause queue' }))
    expect(
      await screen.findByText(
        'Queue paused: the 2 waiting jobs are not sent until you resume. Jobs already on their way finish.'
      )
    ).toBeInTheDocument()
    expect(invoke).toHaveBeenCalledWith('queue.pause', {})

    fireEvent.click(within(rowOf('second in line')).getByRole('button', { name: 'Send next' }))
    await waitFor(() => expect(within(rowOf('second in line')).getByText('#1 in line')).toBeInTheDocument())
    expect(invoke).toHaveBeenCalledWith('queue.move', { to: 'front', jobIds: ['w2'] })

    // w2 goes out: it leaves the line, and w1 is next again without waiting for a new order.
    act(() =>
      useJobsStore
        .getState()
        .upsert({ ...second, status: 'running', tasks: [task({ status: 'submitting' })] })
    )
    expect(within(rowOf('first in line')).getByText('#1 in line')).toBeInTheDocument()
    expect(within(rowOf('second in line')).queryByText(/^#\d+ in line$/)).toBeNull()

    // Another window resumed it: the event is enough.
    act(() => emit('queue.changed', { pausedAt: null, waiting: ['w2', 'w1'] }))
    expect(await screen.findByRole('button', { name: 'Pause queue' })).toBeInTheDocument()
    unbridge()
  })

  it('shows each batch with work left, says why one is paused, and resumes it [P49]', async () => {
    const batch = {
      id: 'g1',
      name: 'spring shoot',
      screen: 'images' as const,
      settings: null,
      createdAt: 1_000,
      pausedAt: 2_000 as number | null,
      pauseReason: 'balance' as 'balance' | 'user' | null,
      jobIds: ['a', 'b', 'c', 'd'],
      counts: { succeeded: 1, failed: 1, pending: 2 },
      waitingForBudget: 0
    }
    const done = { ...batch, id: 'g0', name: 'finished one', counts: { succeeded: 4 } }
    const { invoke, connection } = connect({
      'jobs.list': () => [],
      'queue.get': () => ({ pausedAt: null, waiting: [] }),
      'groups.list': () => [batch, done],
      'groups.resume': () => ({ ...batch, pausedAt: null, pauseReason: null }),
      'groups.retryFailed': () => ({
        group: { ...batch, pausedAt: null, pauseReason: null, counts: { succeeded: 1, pending: 3 } },
        retried: 1,
        refused: 0
      }),
      'groups.cancel': () => ({
        group: { ...batch, pausedAt: null, pauseReason: null, counts: { succeeded: 1, cancelled: 3 } },
        cancelled: 3,
        untracked: 1
      })
    })
    const unbridge = bridgeQueue(connection)
    render(<QueueScreen />)
    const band = await screen.findByRole('listitem', { name: 'spring shoot' })
    expect(within(band).getByText('1 of 4 done · 1 failed')).toBeInTheDocument()
    expect(within(band).getByText(/the balance or quota of this key has run out/)).toBeInTheDocument()
    expect(screen.queryByRole('listitem', { name: 'finished one' })).toBeNull()
    fireEvent.click(within(band).getByRole('button', { name: 'Resume batch' }))
    expect(await within(band).findByText('Sending in its place in the queue.')).toBeInTheDocument()
    expect(invoke).toHaveBeenCalledWith('groups.resume', { id: 'g1' })
    expect(within(band).getByRole('button', { name: 'Pause batch' })).toBeInTheDocument()

    fireEvent.click(within(band).getByRole('button', { name: 'Retry the failed one' }))
    expect(await within(band).findByText(/Sent again: 1 job, with a new request/)).toBeInTheDocument()
    expect(invoke).toHaveBeenCalledWith('groups.retryFailed', { id: 'g1' })

    // Cancel says first what it will mean, for jobs not sent and jobs the gateway already has.
    fireEvent.click(within(band).getByRole('button', { name: 'Cancel batch' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Cancel “spring shoot”?' })
    expect(within(ask).getByText('3 jobs not sent yet will never be sent.')).toBeInTheDocument()
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel batch' }))
    await waitFor(() => expect(invoke).toHaveBeenCalledWith('groups.cancel', { id: 'g1' }))
    // Over: the band goes, and what the cancel meant stays under the bell.
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'spring shoot' })).toBeNull())
    expect(useNotificationsStore.getState().items.map((item) => item.body)).toContain(
      'Cancelled 3 jobs. 1 of them the gateway had accepted: they are no longer tracked, and the gateway may still finish and bill them.'
    )
    unbridge()
  })

  it('says a batch and its jobs wait for budget, shows its spend against its cap, and raises the cap in place [P50]', async () => {
    const batch = {
      id: 'g1',
      name: 'mug shots',
      screen: 'images' as const,
      settings: null,
      createdAt: 1_000,
      pausedAt: null,
      pauseReason: null,
      jobIds: ['held', 'b', 'c'],
      counts: { succeeded: 1, pending: 2 },
      waitingForBudget: 2
    }
    const budget = {
      code: 'budget',
      message: 'This job ($0.05) would take this batch past its cap of $1.00.',
      words: {
        code: 'budgetBatch',
        values: {
          estimate: '$0.05',
          cap: '$1.00',
          estimateMicros: 50_000,
          capMicros: 1_000_000,
          currency: 'USD'
        }
      }
    }
    const held = job({
      id: 'held',
      prompt: 'mug on slate',
      status: 'pending',
      createdAt: 2_000,
      finishedAt: null,
      groupId: 'g1',
      error: budget,
      tasks: [task({ status: 'pending', error: budget })],
      results: []
    })
    let cap = {
      groupId: 'g1',
      currency: 'USD',
      capMicros: 1_000_000,
      spentMicros: 950_000,
      reservedMicros: 0
    }
    const { invoke, connection } = connect({
      'jobs.list': () => [held],
      'queue.get': () => ({ pausedAt: null, waiting: ['held'] }),
      'groups.list': () => [batch],
      'groups.cap': () => cap,
      'groups.setCap': (input) => {
        cap = { ...cap, capMicros: (input as { capMicros: number }).capMicros }
        return cap
      }
    })
    seed(held)
    const unbridge = bridgeQueue(connection)
    render(<QueueScreen />)
    const band = await screen.findByRole('listitem', { name: 'mug shots' })
    expect(within(band).getAllByRole('status')[0]).toHaveTextContent(
      'Waiting for budget: 2 jobs would go past a spending cap (this batch’s, or your daily or monthly one), so they are not sent. Raise the cap to send them.'
    )
    expect(await within(band).findByText(/Spent \$0\.95 of its \$1\.00 cap/)).toBeInTheDocument()
    // The job says it too, with its own sentence, not as a failure being retried.
    const row = rowOf('mug on slate')
    expect(within(row).getByText('Waiting for budget')).toBeInTheDocument()
    expect(within(row).getByText(/would take this batch past its cap of \$1\.00/)).toBeInTheDocument()
    expect(within(row).queryByText(/Still trying/)).toBeNull()

    fireEvent.click(within(band).getByRole('button', { name: 'Change cap' }))
    const field = within(band).getByLabelText('Cap for this batch (USD)')
    expect(field).toHaveValue('1')
    expect(field).toHaveFocus()
    fireEvent.change(field, { target: { value: 'lots' } })
    fireEvent.click(within(band).getByRole('button', { name: 'Save cap' }))
    expect(
      await within(band).findByText('Enter an amount such as 5 or 12.50, or leave it empty.')
    ).toBeInTheDocument()
    expect(invoke).not.toHaveBeenCalledWith('groups.setCap', expect.anything())
    fireEvent.change(field, { target: { value: '2.50' } })
    fireEvent.click(within(band).getByRole('button', { name: 'Save cap' }))
    expect(await within(band).findByText(/Spent \$0\.95 of its \$2\.50 cap/)).toBeInTheDocument()
    expect(invoke).toHaveBeenCalledWith('groups.setCap', { id: 'g1', capMicros: 2_500_000 })
    expect(within(band).queryByLabelText('Cap for this batch (USD)')).toBeNull()
    unbridge()
  })

  it('moves a waiting job by one place with Alt+arrows or Earlier/Later, and before another by drag [P48]', async () => {
    const waiting = (): Partial<JobView> => ({
      status: 'pending',
      results: [],
      tasks: [task({ status: 'pending' })]
    })
    const a = job({ id: 'j1', prompt: 'first', createdAt: 1_000, ...waiting() })
    const b = job({ id: 'j2', prompt: 'second', createdAt: 2_000, ...waiting() })
    const c = job({ id: 'j3', prompt: 'third', createdAt: 3_000, ...waiting() })
    const moves: unknown[] = []
    const { connection } = connect({
      'jobs.list': () => [c, b, a],
      'queue.get': () => ({ pausedAt: 1, waiting: ['j1', 'j2', 'j3'] }),
      'queue.move': (input) => {
        moves.push(input)
        return { pausedAt: 1, waiting: ['j1', 'j2', 'j3'] }
      }
    })
    seed(a, b, c)
    const unbridge = bridgeQueue(connection)
    render(<QueueScreen />)
    await waitFor(() => expect(within(rowOf('first')).getByText('#1 in line')).toBeInTheDocument())
    expect(within(rowOf('first')).getByRole('button', { name: 'Earlier' })).toBeDisabled()

    fireEvent.keyDown(within(rowOf('first')).getByRole('button', { name: 'Later' }), {
      key: 'ArrowDown',
      altKey: true
    })
    fireEvent.click(within(rowOf('third')).getByRole('button', { name: 'Earlier' }))
    const data = new Map<string, string>()
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()]
      },
      effectAllowed: 'none'
    }
    fireEvent.dragStart(rowOf('third'), { dataTransfer })
    fireEvent.dragOver(rowOf('first'), { dataTransfer })
    fireEvent.drop(rowOf('first'), { dataTransfer })
    await waitFor(() => expect(moves.length).toBe(3))
    expect(moves).toEqual([
      // Later: just before the one after its neighbour.
      { to: 'before', jobId: 'j1', before: 'j3' },
      { to: 'before', jobId: 'j3', before: 'j2' },
      { to: 'before', jobId: 'j3', before: 'j1' }
    ])
    unbridge()
  })
})
