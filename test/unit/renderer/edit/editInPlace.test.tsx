import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { EditScreen } from '@renderer/features/edit/EditScreen'
import { MAX_INPUTS } from '@renderer/features/edit/chain'
import { takeAsInput } from '@renderer/features/edit/referenceInput'
import { useEditStore } from '@renderer/features/edit/store'
import { useAppStore } from '@renderer/store/app'
import { useJobsStore } from '@renderer/store/jobs'
import { fakeBackend, jobView, resultView } from '../images/harness'

const SOURCE = { mediaId: 'e'.repeat(32), width: 40, height: 30 }
const SKY = 'c'.repeat(32)
const HILL = 'f'.repeat(32)
const RESULT = `${'a'.repeat(31)}1`

function openEditor(): void {
  useEditStore.setState({ prompt: '', model: '', options: { n: '', outputFormat: '' }, submitError: null })
  useEditStore.getState().openSource(SOURCE)
  useEditStore.getState().setMode('painted')
}

/** The edit job `id` as the backend reports it once finished: its one image stored in the library. */
const finished = (id: string, status: 'succeeded' | 'failed' = 'succeeded'): ReturnType<typeof jobView> =>
  jobView({
    id,
    kind: 'edit',
    status,
    request: {
      endpoint: 'imageEdits',
      body: { model: 'gpt-image', prompt: 'x' },
      images: [{ mediaId: SOURCE.mediaId }]
    },
    results:
      status === 'succeeded' ? [resultView({ id: 'r1', index: 1, jobId: id, width: 40, height: 30 })] : []
  })

describe('Edit in place', () => {
  beforeEach(() => {
    localStorage.clear()
    useEditStore.getState().closeSource()
  })

  it('sends the whole image without a mask, with further inputs in their order, once per click', async () => {
    const backend = fakeBackend({
      'jobs.submit': (input) =>
        jobView({ id: 'w1', kind: 'edit', request: (input as { request: unknown }).request })
    })
    openEditor()
    useEditStore.getState().addInputs([{ mediaId: HILL }, { mediaId: SKY }])
    render(<EditScreen />)
    const form = screen.getByRole('form', { name: 'Edit request' })
    const inputs = within(form).getByRole('group', { name: 'Input images' })
    expect(within(inputs).getByText('3 of 16')).toBeInTheDocument()
    fireEvent.click(within(inputs).getByRole('button', { name: 'Move Image 3 up' }))
    expect(useEditStore.getState().inputs.map((input) => input.mediaId)).toEqual([SKY, HILL])
    fireEvent.change(within(form).getByLabelText('What should change?'), { target: { value: 'snow' } })
    const send = within(form).getByRole('button', { name: 'Send edit' })
    await waitFor(() =>
      expect(send).toHaveAccessibleDescription('Paint the area to change (B for the brush).')
    )

    fireEvent.click(screen.getByRole('radio', { name: 'Whole image' }))
    expect(
      screen.getByText('Whole image: no mask is sent, so the model may change any part of it.')
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Brush' })).not.toBeInTheDocument()
    await waitFor(() =>
      expect(send).toHaveAccessibleDescription('Ready. The whole image is sent, without a mask.')
    )
    fireEvent.click(send)
    fireEvent.click(send)
    await waitFor(() => expect(useEditStore.getState().awaiting).toBe('w1'))
    expect(backend.calls.filter((call) => call.name === 'library.import')).toEqual([])
    expect(backend.calls.filter((call) => call.name === 'jobs.submit').map((call) => call.input)).toEqual([
      {
        request: {
          endpoint: 'imageEdits',
          body: { model: 'gpt-image', prompt: 'snow' },
          images: [{ mediaId: SOURCE.mediaId }, { mediaId: SKY }, { mediaId: HILL }]
        }
      }
    ])
  })

  it('shows the finished edit in place of the canvas; the divider moves by keyboard; keep editing, step back', () => {
    fakeBackend()
    openEditor()
    useEditStore.getState().setAwaiting('e1')
    render(<EditScreen />)
    expect(screen.getByRole('toolbar', { name: 'Mask tools' })).toBeInTheDocument()
    // Done at the gateway, the image still downloading: the canvas stays until it is in the library.
    const done = finished('e1')
    const downloading = { ...done, results: done.results.map((r) => ({ ...r, status: 'pending' as const })) }
    act(() => useJobsStore.getState().upsert(downloading))
    expect(screen.queryByRole('slider', { name: 'Before and after' })).not.toBeInTheDocument()
    expect(useEditStore.getState().awaiting).toBe('e1')
    act(() => useJobsStore.getState().upsert({ ...done, updatedAt: done.updatedAt + 1 }))

    const slider = screen.getByRole('slider', { name: 'Before and after' })
    expect(screen.queryByRole('toolbar', { name: 'Mask tools' })).not.toBeInTheDocument()
    expect(slider).toHaveAttribute('aria-valuenow', '50')
    fireEvent.keyDown(slider, { key: 'ArrowRight' })
    expect(slider).toHaveAttribute('aria-valuenow', '55')
    fireEvent.keyDown(slider, { key: 'PageDown' })
    expect(slider).toHaveAttribute('aria-valuenow', '30')
    fireEvent.keyDown(slider, { key: 'Home' })
    fireEvent.keyDown(slider, { key: 'ArrowLeft' })
    expect(slider).toHaveAttribute('aria-valuenow', '0')
    fireEvent.keyDown(slider, { key: 'End' })
    expect(slider).toHaveAttribute('aria-valuetext', 'Before 100%, after 0%')
    expect(screen.getByRole('img', { name: 'Before' })).toHaveAttribute('src', `/media/${SOURCE.mediaId}`)
    expect(screen.getByRole('img', { name: 'After' })).toHaveAttribute('src', `/media/${RESULT}`)

    // Keep editing: the result is the base, under a fresh mask, and the versions strip appears.
    act(() => useEditStore.getState().editor?.invert())
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }))
    expect(useEditStore.getState().source).toEqual({ mediaId: RESULT, width: 40, height: 30 })
    expect(useEditStore.getState().editor?.isEmpty()).toBe(true)
    const versions = screen.getByRole('navigation', { name: 'Versions' })
    const current = within(versions).getByRole('button', { name: 'Edit 1, version 2 of 2' })
    expect(current).toHaveAttribute('aria-current', 'step')
    expect(current).toHaveAttribute('tabindex', '0')

    // The left arrow steps back: the original is the base again, and has the focus.
    fireEvent.keyDown(current, { key: 'ArrowLeft' })
    const original = within(versions).getByRole('button', { name: 'Original, version 1 of 2' })
    expect(original).toHaveAttribute('aria-current', 'step')
    expect(original).toHaveFocus()
    expect(useEditStore.getState().source).toEqual(SOURCE)
    expect(useEditStore.getState().chain).toHaveLength(2)
  })

  it('while a result is shown, Send edit waits for a choice instead of resending the original unseen', async () => {
    const backend = fakeBackend({
      'jobs.submit': (input) =>
        jobView({ id: 'k1', kind: 'edit', request: (input as { request: unknown }).request })
    })
    openEditor()
    useEditStore.getState().setMode('whole')
    useEditStore.getState().setPrompt('snow')
    useEditStore.getState().setAwaiting('e4')
    render(<EditScreen />)
    act(() => useJobsStore.getState().upsert(finished('e4')))
    expect(screen.getByRole('slider', { name: 'Before and after' })).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Edit request' })
    const send = within(form).getByRole('button', { name: 'Send edit' })
    await waitFor(() => expect(send).toBeDisabled())
    expect(send).toHaveAccessibleDescription(
      'Before sending again: Keep editing from this result, or Try again from the original.'
    )
    // The keyboard's way to send (the form's submit) sends nothing either.
    fireEvent.submit(form)
    await act(async () => {})
    expect(backend.calls.filter((call) => call.name === 'jobs.submit')).toEqual([])

    // Keep editing: the result is the base, and the next edit goes from it, once.
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(send).toBeEnabled())
    fireEvent.click(send)
    await waitFor(() => expect(useEditStore.getState().awaiting).toBe('k1'))
    const sent = backend.calls.filter((call) => call.name === 'jobs.submit')
    expect(sent).toHaveLength(1)
    expect(sent[0]?.input).toMatchObject({ request: { images: [{ mediaId: RESULT }] } })
  })

  it('takes "Use as reference" here as one more input image of the open edit, once, up to the cap', () => {
    fakeBackend()
    openEditor()
    useEditStore.getState().openViewer({ jobId: 'e5', resultId: 'r1' })
    const result = resultView({ id: 'r1', index: 3 })
    takeAsInput(result)
    takeAsInput(result)
    expect(useEditStore.getState().inputs).toEqual([{ mediaId: result.mediaId }])
    expect(useEditStore.getState().viewer).toBeNull()
    expect(useEditStore.getState().notice).toEqual({ key: 'addedInput' })
    expect(useAppStore.getState().screen).not.toBe('images')
    // The image on the canvas is sent first anyway: not added again.
    takeAsInput(resultView({ id: 'r0', index: 0, mediaId: SOURCE.mediaId }))
    expect(useEditStore.getState().inputs).toHaveLength(1)
    expect(useEditStore.getState().notice).toEqual({ key: 'alreadyOnCanvas' })
    // Full: said, nothing added.
    useEditStore.setState({ inputs: Array.from({ length: MAX_INPUTS }, (_, i) => ({ mediaId: `m${i}` })) })
    takeAsInput(resultView({ id: 'r2', index: 4 }))
    expect(useEditStore.getState().inputs).toHaveLength(MAX_INPUTS)
    expect(useEditStore.getState().notice).toEqual({ key: 'inputsCapped' })
    // No image open: it goes to the Images screen's references, as from anywhere else.
    useEditStore.getState().closeSource()
    takeAsInput(resultView({ id: 'r3', index: 5 }))
    expect(useAppStore.getState().screen).toBe('images')
  })

  it('shows each of several results on request, and Try again returns to the same mask', () => {
    fakeBackend()
    openEditor()
    act(() => useEditStore.getState().editor?.invert())
    useEditStore.getState().setAwaiting('e3')
    render(<EditScreen />)
    const two = finished('e3')
    two.results.push(resultView({ id: 'r2', index: 2, jobId: 'e3', width: 40, height: 30 }))
    act(() => useJobsStore.getState().upsert(two))
    const results = screen.getByRole('group', { name: 'Results' })
    expect(within(results).getByRole('button', { name: 'Result 1' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(within(results).getByRole('button', { name: 'Result 2' }))
    expect(screen.getByRole('img', { name: 'After' })).toHaveAttribute('src', `/media/${'a'.repeat(31)}2`)
    expect(
      screen.getByText('The edit is done: compare it with the original on the canvas.')
    ).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(screen.queryByRole('slider', { name: 'Before and after' })).not.toBeInTheDocument()
    expect(screen.getByRole('toolbar', { name: 'Mask tools' })).toBeInTheDocument()
    expect(useEditStore.getState().source).toEqual(SOURCE)
    expect(useEditStore.getState().editor?.paintedCount()).toBe(40 * 30)
    expect(useEditStore.getState().chain).toHaveLength(1)
  })

  it('lets a failed edit go without touching the canvas', () => {
    fakeBackend()
    openEditor()
    useEditStore.getState().setAwaiting('e2')
    render(<EditScreen />)
    act(() => useJobsStore.getState().upsert(finished('e2', 'failed')))
    expect(useEditStore.getState().awaiting).toBeNull()
    expect(screen.queryByRole('slider', { name: 'Before and after' })).not.toBeInTheDocument()
    expect(screen.getByRole('toolbar', { name: 'Mask tools' })).toBeInTheDocument()
  })

  it('opens the file chooser from a real button, reachable by Tab', () => {
    fakeBackend()
    render(<EditScreen />)
    const open = screen.getByRole('button', { name: 'Open a file…' })
    const input = screen.getByLabelText('Image file to edit')
    const click = vi.spyOn(input, 'click')
    fireEvent.click(open)
    expect(click).toHaveBeenCalledTimes(1)
    expect(open.tabIndex).toBe(0)
  })
})
