import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { JobRequest } from '@shared/schemas/jobs'
import { CompareScreen } from '@renderer/features/compare/CompareScreen'
import { receiveCompareHandoffs } from '@renderer/features/compare/handoffs'
import { useCompareStore } from '@renderer/features/compare/store'
import { receiveImagesHandoffs } from '@renderer/features/images/handoffs'
import { useImagesStore } from '@renderer/features/images/store'
import { useAppStore } from '@renderer/store/app'
import { offerAsReference } from '@renderer/store/handoff'
import { useJobsStore } from '@renderer/store/jobs'
import { fakeBackend, jobView, resetImagesScreen, resultView } from '../images/harness'

const pristine = useCompareStore.getState()

/** A backend that takes every submitted group of jobs and keeps what ui.lastUsed.remember was told. */
function backend(
  lastUsed: unknown = {},
  jobs: Record<string, ReturnType<typeof jobView>> = {},
  groups: Record<string, { jobIds: string[]; name: string }> = {}
) {
  let next = 0
  const remembered: unknown[] = []
  const fake = fakeBackend({
    'ui.lastUsed.get': () => lastUsed,
    'ui.lastUsed.remember': (input) => {
      remembered.push(input)
      return {}
    },
    'jobs.get': (input) => {
      const job = jobs[(input as { id: string }).id]
      // The harness answers a thrown value as the command's error (code and message).
      if (!job) throw Object.assign(new Error('no such job'), { code: 'not_found' })
      return job
    },
    'jobs.submitGroup': (input) => {
      const { requests, name } = input as { requests: JobRequest[]; name: string }
      const items = requests.map((request) => {
        next += 1
        const job = jobView({
          id: `job-${next}`,
          request,
          model: request.body.model,
          prompt: request.body.prompt
        })
        return { ok: true, job }
      })
      const group = {
        id: 'group-1',
        name,
        screen: 'compare',
        settings: null,
        createdAt: 5,
        pausedAt: null,
        pauseReason: null,
        counts: {},
        waitingForBudget: 0
      }
      return { group: { ...group, jobIds: items.map((item) => item.job.id) }, items }
    },
    'groups.get': (input) => {
      const id = (input as { id: string }).id
      const group = groups[id]
      if (!group) throw Object.assign(new Error('no such group'), { code: 'not_found' })
      return {
        id,
        screen: 'compare',
        settings: null,
        createdAt: 1,
        pausedAt: null,
        pauseReason: null,
        counts: {},
        waitingForBudget: 0,
        ...group
      }
    }
  })
  return { ...fake, remembered }
}

const tick = (name: RegExp): void => {
  fireEvent.click(screen.getByRole('checkbox', { name }))
}
const submitted = (calls: { name: string; input: unknown }[]): JobRequest[] =>
  calls
    .filter((call) => call.name === 'jobs.submitGroup')
    .flatMap((call) => (call.input as { requests: JobRequest[] }).requests)

describe('Compare screen', () => {
  beforeEach(() => {
    resetImagesScreen()
    useCompareStore.setState({ ...pristine }, true)
    useAppStore.setState({ screen: 'compare' })
  })

  it('sends one prompt to three models as exactly three jobs, each in its endpoint’s own size', async () => {
    const { calls, remembered } = backend()
    render(<CompareScreen />)
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(5))
    const send = screen.getByRole('button', { name: /Compare 0 models/ })
    expect(send).toBeDisabled()
    expect(send).toHaveAccessibleDescription('Write a prompt.')
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a fox in snow' } })
    tick(/gpt-image/)
    expect(screen.getByRole('button', { name: 'Compare 1 model' })).toHaveAccessibleDescription(
      'Pick at least 2 models.'
    )
    tick(/compat/)
    tick(/seedream-stream/)
    fireEvent.change(screen.getByLabelText('Shape'), { target: { value: '16:9' } })
    // Said before sending: which size each model gets, and that the compatible one only comes near.
    const plan = screen.getByRole('region', { name: 'What each model gets' })
    expect(plan).toHaveTextContent('gpt-image · Per image · size 2048x1152')
    expect(plan).toHaveTextContent('compat · Compatible · size 1792x1024, the nearest it offers')
    expect(plan).toHaveTextContent('seedream-stream · Streaming groups · size 2560x1440')

    fireEvent.click(screen.getByRole('button', { name: 'Compare 3 models' }))
    const grid = await screen.findByRole('list', { name: 'Compared models' })
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(3))
    const sent = submitted(calls)
    expect(sent).toHaveLength(3)
    expect(
      sent.map((request) => [
        request.endpoint,
        request.body.model,
        (request.body as Record<string, unknown>)['size']
      ])
    ).toEqual([
      ['imagesV3', 'gpt-image', '2048x1152'],
      ['imagesV1', 'compat', '1792x1024'],
      ['partnerA', 'seedream-stream', '2560x1440']
    ])
    expect(sent.every((request) => request.body.prompt === 'a fox in snow')).toBe(true)
    // One group for the run: the backend, not the screen, keeps which jobs belong together.
    expect(calls.filter((call) => call.name === 'jobs.submitGroup')).toHaveLength(1)
    expect(calls.filter((call) => call.name === 'jobs.submit')).toHaveLength(0)
    await waitFor(() => expect(remembered).toHaveLength(1))
    expect(remembered[0]).toMatchObject({ screen: 'compare', params: { runId: 'group-1', shape: '16:9' } })
  })

  it('stops at four models, and names a chosen model the listing no longer has before sending', async () => {
    backend()
    render(<CompareScreen />)
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(5))
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a kite' } })
    for (const box of screen.getAllByRole('checkbox').slice(0, 4)) fireEvent.click(box)
    const fifth = screen.getAllByRole('checkbox')[4]
    expect(fifth).toBeDisabled()
    expect(screen.getByText(/4 models is the most one compare sends/)).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Shape'), { target: { value: '4:3' } })
    expect(screen.getByRole('region', { name: 'What each model gets' })).not.toHaveTextContent(
      'keeps its default'
    )
    act(() => useCompareStore.getState().toggle({ model: 'gone', endpoint: 'imagesV3' }))
    expect(useCompareStore.getState().chosen).toHaveLength(4)
    // A remembered model the gateway no longer lists is refused by name before anything is sent.
    act(() =>
      useCompareStore.setState({
        chosen: [
          { model: 'gpt-image', endpoint: 'imagesV3' },
          { model: 'gone', endpoint: 'imagesV3' }
        ]
      })
    )
    expect(screen.getByRole('button', { name: 'Compare 2 models' })).toHaveAccessibleDescription(
      'gone: This gateway no longer lists this model.'
    )
  })

  it('disables a model the gateway lately refused, with the reason, and refuses to send it', async () => {
    backend()
    const now = Date.now()
    const refused = jobView({
      id: 'old',
      request: {},
      model: 'compat',
      status: 'failed',
      error: { code: 'gateway.unavailable', message: 'The model is unavailable right now.' },
      updatedAt: now,
      finishedAt: now
    })
    act(() => useJobsStore.getState().upsert(refused))
    render(<CompareScreen />)
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(5))
    const compat = screen.getByRole('checkbox', { name: /compat/ })
    expect(compat).toBeDisabled()
    expect(compat).toHaveAccessibleDescription(/^Unavailable: the gateway refused it at/)
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a kite' } })
    // A model ticked before the refusal came in stays tickable off, and Send names it.
    act(() =>
      useCompareStore.setState({
        chosen: [
          { model: 'gpt-image', endpoint: 'imagesV3' },
          { model: 'compat', endpoint: 'imagesV1' }
        ]
      })
    )
    expect(screen.getByRole('checkbox', { name: /compat/ })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Compare 2 models' })).toHaveAccessibleDescription(
      /^compat: Unavailable: the gateway refused it at/
    )
  })

  it('puts the last run back after a restart, and Remix hands a column to the Images form', async () => {
    const off = receiveImagesHandoffs()
    const request = {
      endpoint: 'imagesV3',
      body: { model: 'gpt-image', prompt: 'a red kite', size: '1536x1024' }
    }
    const job = jobView({
      id: 'job-a',
      request,
      endpoint: '/v3/images/generations',
      model: 'gpt-image',
      prompt: 'a red kite',
      status: 'succeeded',
      finishedAt: 1_700_000_012_000,
      results: [resultView({ id: 'r1', index: 0, jobId: 'job-a' })]
    })
    job.tasks = job.tasks.map((task) => ({ ...task, status: 'succeeded' }))
    const memory = {
      compare: {
        model: 'gpt-image',
        savedAt: 1,
        params: {
          prompt: 'a red kite',
          shape: '3:2',
          chosen: { '0': 'imagesV3|gpt-image', '1': 'imagesV1|compat' },
          runId: 'group-1'
        }
      }
    }
    const { calls } = backend(
      memory,
      { 'job-a': job },
      { 'group-1': { name: 'a red kite', jobIds: ['job-a', 'job-deleted'] } }
    )
    render(<CompareScreen />)
    const grid = await screen.findByRole('list', { name: 'Compared models' })
    // The deleted job's column is left out; the kept one shows its time and its image.
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(1))
    expect(within(grid).getByText('took 12 s')).toBeInTheDocument()
    expect(screen.getByLabelText('Prompt')).toHaveValue('a red kite')
    expect(screen.getByLabelText('Shape')).toHaveValue('3:2')

    fireEvent.click(within(grid).getByRole('button', { name: '☆ Keep' }))
    await waitFor(() =>
      expect(calls.filter((call) => call.name === 'results.setFavorite').map((call) => call.input)).toEqual([
        { id: 'r1', favorite: true }
      ])
    )

    fireEvent.click(within(grid).getByRole('button', { name: 'Remix' }))
    expect(useAppStore.getState().screen).toBe('images')
    expect(useImagesStore.getState().draft).toMatchObject({
      prompt: 'a red kite',
      model: 'gpt-image',
      endpoint: 'imagesV3'
    })
    expect(useImagesStore.getState().draft.imagesV3['size']).toBe('1536x1024')
    expect(submitted(calls)).toHaveLength(0)
    off()
  })

  it('takes a result as a reference here, and offers models that take references in place of those that do not', async () => {
    const offCompare = receiveCompareHandoffs()
    const offImages = receiveImagesHandoffs()
    const { calls } = backend()
    render(<CompareScreen />)
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(5))
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'the same fox, in autumn' } })
    tick(/gpt-image/)
    tick(/compat/)
    // "Use as reference" on a compare's result: it stays on Compare, not in the Images form.
    act(() => offerAsReference(resultView({ id: 'r9', index: 9 }), 'compare'))
    expect(useAppStore.getState().screen).toBe('compare')
    expect(useImagesStore.getState().draft.references).toEqual([])
    expect(
      within(screen.getByRole('list', { name: 'Reference images' })).getAllByRole('listitem')
    ).toHaveLength(1)

    // Neither ticked model takes references: each says so and offers the ones that do, not "1 of 0".
    const offer = screen.getByRole('region', { name: /^gpt-image takes no reference images/ })
    expect(screen.getByRole('region', { name: /^compat takes no reference images/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Compare 2 models/ })).toBeDisabled()
    fireEvent.click(within(offer).getByRole('button', { name: 'Switch to seedream-stream' }))
    expect(useCompareStore.getState().chosen).toEqual([
      { model: 'seedream-stream', endpoint: 'partnerA' },
      { model: 'compat', endpoint: 'imagesV1' }
    ])
    // The one left short can let the references go instead; then both may be sent, references and all.
    fireEvent.click(
      within(screen.getByRole('region', { name: /^compat takes no reference images/ })).getByRole('button', {
        name: /Remove the reference/
      })
    )
    expect(screen.queryByRole('list', { name: 'Reference images' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Compare 2 models' }))
    await waitFor(() => expect(submitted(calls)).toHaveLength(2))
    offCompare()
    offImages()
  })
})
