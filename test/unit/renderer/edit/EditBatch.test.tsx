import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { expandBatch } from '@shared/batches'
import { BatchSpec } from '@shared/batches/spec'
import { EditScreen } from '@renderer/features/edit/EditScreen'
import { useEditStore } from '@renderer/features/edit/store'
import type { CommandName } from '@shared/contract'
import { fakeBackend } from '../images/harness'
import { groupView } from '../../../helpers/jobViews'

const MASK_ID = 'd'.repeat(32)
const SOURCE = { mediaId: 'e'.repeat(32), width: 40, height: 30 }

/** The stage at zoom 1 with no pan: a client position is an image pixel (happy-dom lays nothing out). */
function openEditor(): void {
  useEditStore.setState({
    prompt: '',
    model: '',
    options: { n: '', outputFormat: '' },
    submitError: null,
    notice: null
  })
  useEditStore.getState().openSource(SOURCE)
  useEditStore.getState().setView({ zoom: 1, x: 0, y: 0 })
}

function paint(): void {
  const stage = screen.getByTestId('mask-stage')
  fireEvent.pointerDown(stage, { clientX: 8.5, clientY: 8.5, button: 0, pointerId: 1 })
  fireEvent.pointerMove(stage, { clientX: 20.5, clientY: 14.5, pointerId: 1 })
  fireEvent.pointerUp(stage, { clientX: 30.5, clientY: 20.5, button: 0, pointerId: 1 })
}

type Handler = (input: unknown) => unknown

/** A backend that takes the mask into the library and the batch into the queue. */
function batchBackend(handlers: Partial<Record<CommandName, Handler>> = {}): ReturnType<typeof fakeBackend> {
  return fakeBackend({
    'library.import': () => ({
      mediaId: MASK_ID,
      mime: 'image/png',
      width: 40,
      height: 30,
      bytes: 100,
      createdAt: 1,
      prompt: null
    }),
    'batches.submit': (input) => {
      const { name } = input as { name: string }
      return { group: groupView({ id: 'g1', name, screen: 'edit' }), sent: 2, refused: [] }
    },
    ...handlers
  })
}

const batchButton = (): HTMLElement => screen.getByRole('button', { name: 'Batch…' })
const imports = (calls: { name: string }[]): number => calls.filter((c) => c.name === 'library.import').length

async function ready(): Promise<void> {
  render(<EditScreen />)
  await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('gpt-image'))
}

describe('the batch builder on the Edit screen', () => {
  beforeEach(() => {
    useEditStore.getState().closeSource()
    useEditStore.getState().setMode('painted')
  })

  it('is offered when the edit checks out, whatever the prompt: the batch brings the prompts', async () => {
    batchBackend()
    render(<EditScreen />)
    // No image to edit yet.
    expect(batchButton()).toBeDisabled()
    act(() => openEditor())
    await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('gpt-image'))
    // Nothing painted.
    expect(batchButton()).toBeDisabled()
    paint()
    expect(screen.getByRole('button', { name: 'Send edit' })).toBeDisabled()
    expect(batchButton()).toBeEnabled()
    fireEvent.change(screen.getByLabelText('Images'), { target: { value: '20' } })
    expect(batchButton()).toBeDisabled()
    fireEvent.change(screen.getByLabelText('Images'), { target: { value: '2' } })
    expect(batchButton()).toBeEnabled()
    // The whole image needs no painting.
    act(() => useEditStore.getState().editor?.clear())
    expect(batchButton()).toBeDisabled()
    act(() => useEditStore.getState().setMode('whole'))
    expect(batchButton()).toBeEnabled()
  })

  it('exports the mask once as it opens, and every row carries the imported mask, not the placeholder', async () => {
    const { calls } = batchBackend()
    openEditor()
    await ready()
    paint()
    fireEvent.change(screen.getByLabelText('What should change?'), { target: { value: 'make it night' } })
    fireEvent.click(batchButton())
    const dialog = await screen.findByRole('dialog', { name: 'Batch' })
    const imported = calls.find((c) => c.name === 'library.import')?.input as { purpose: string }
    expect(imported.purpose).toBe('mask')
    // The builder starts from the prompt as typed.
    expect(within(dialog).getByLabelText('Type them')).toHaveValue('make it night\n')
    fireEvent.change(within(dialog).getByLabelText('Type them'), {
      target: { value: 'make it {night|dawn}\n' }
    })
    expect(await within(dialog).findByText('2 jobs · 2 images')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 2 jobs' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Batch' })).toBeNull())
    expect(imports(calls)).toBe(1)

    const submitted = calls.find((c) => c.name === 'batches.submit')?.input as {
      screen: string
      spec: BatchSpec
    }
    expect(submitted.screen).toBe('edit')
    expect(submitted.spec.bases).toEqual([
      {
        endpoint: 'imageEdits',
        body: { model: 'gpt-image', prompt: '' },
        images: [{ mediaId: SOURCE.mediaId }],
        mask: { mediaId: MASK_ID }
      }
    ])
    // The backend's expansion keeps the image and the mask on every row.
    const rows = expandBatch(BatchSpec.parse(submitted.spec), { lookupModel: () => undefined }).rows
    expect(rows.map((row) => row.request)).toEqual(
      ['make it night', 'make it dawn'].map((prompt) => ({
        endpoint: 'imageEdits',
        body: { model: 'gpt-image', prompt },
        images: [{ mediaId: SOURCE.mediaId }],
        mask: { mediaId: MASK_ID }
      }))
    )
    expect(
      await screen.findByText('Sent 2 jobs as “make it {night|dawn}”. Follow them in the Queue.')
    ).toHaveAttribute('role', 'status')
  })

  it('shows the error Send edit shows when the mask cannot be imported, and opens no builder', async () => {
    const { calls } = batchBackend({
      'library.import': () => {
        throw Object.assign(new Error('There is no room left for the mask.'), { code: 'disk_full' })
      }
    })
    openEditor()
    await ready()
    paint()
    fireEvent.click(batchButton())
    await waitFor(() => expect(useEditStore.getState().submitError?.code).toBe('disk_full'))
    expect(await screen.findByText(/There is no room left for the mask\./)).toBeTruthy()
    expect(imports(calls)).toBe(1)
    expect(screen.queryByRole('dialog', { name: 'Batch' })).toBeNull()
    expect(calls.some((c) => c.name === 'batches.submit')).toBe(false)
  })

  it('imports nothing for the whole image, and sends no mask', async () => {
    const { calls } = batchBackend()
    openEditor()
    await ready()
    act(() => useEditStore.getState().setMode('whole'))
    fireEvent.click(batchButton())
    const dialog = await screen.findByRole('dialog', { name: 'Batch' })
    fireEvent.change(within(dialog).getByLabelText('Type them'), { target: { value: 'a red door\n' } })
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send 1 job' }))
    await waitFor(() => expect(calls.some((c) => c.name === 'batches.submit')).toBe(true))
    expect(imports(calls)).toBe(0)
    const submitted = calls.find((c) => c.name === 'batches.submit')?.input as { spec: BatchSpec }
    expect(submitted.spec.bases[0]).not.toHaveProperty('mask')
  })
})
