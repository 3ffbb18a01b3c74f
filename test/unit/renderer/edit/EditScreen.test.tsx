import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { EditScreen } from '@renderer/features/edit/EditScreen'
import { useEditStore } from '@renderer/features/edit/store'
import { fakeBackend, jobView } from '../images/harness'

const MASK_ID = 'd'.repeat(32)
const SOURCE = { mediaId: 'e'.repeat(32), width: 40, height: 30 }

/** The stage at zoom 1 with no pan: a client position is an image pixel (happy-dom lays nothing out). */
function openEditor(): void {
  useEditStore.setState({ prompt: '', model: '', options: { n: '', outputFormat: '' }, submitError: null })
  useEditStore.getState().openSource(SOURCE)
  useEditStore.getState().setView({ zoom: 1, x: 0, y: 0 })
}

const stage = (): HTMLElement => screen.getByTestId('mask-stage')

function drag(from: [number, number], to: [number, number], button = 0): void {
  fireEvent.pointerDown(stage(), { clientX: from[0], clientY: from[1], button, pointerId: 1 })
  for (let i = 1; i <= 4; i++)
    fireEvent.pointerMove(stage(), {
      clientX: from[0] + ((to[0] - from[0]) * i) / 4,
      clientY: from[1] + ((to[1] - from[1]) * i) / 4,
      pointerId: 1
    })
  fireEvent.pointerUp(stage(), { clientX: to[0], clientY: to[1], button, pointerId: 1 })
}

const editor = () => {
  const current = useEditStore.getState().editor
  if (!current) throw new Error('no editor')
  return current
}

describe('Edit screen', () => {
  beforeEach(() => {
    useEditStore.getState().closeSource()
  })

  it('paints and erases the mask from pointer events on the stage, in image pixels', async () => {
    fakeBackend()
    openEditor()
    render(<EditScreen />)
    await screen.findByRole('toolbar', { name: 'Mask tools' })
    act(() => editor().setBrushSize(6))
    drag([5.5, 10.5], [30.5, 10.5])
    expect(editor().state).toBe('idle')
    expect(editor().isPainted(5, 10)).toBe(true)
    expect(editor().isPainted(18, 12)).toBe(true)
    expect(editor().isPainted(18, 14)).toBe(false)
    expect(editor().isPainted(36, 10)).toBe(false)
    expect(screen.getByText(/^Painted: /)).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Eraser' }))
    drag([18.5, 5.5], [18.5, 15.5])
    expect(editor().isPainted(18, 10)).toBe(false)
    expect(editor().isPainted(10, 10)).toBe(true)

    // Pan with the middle button moves the view, not the mask.
    const before = Uint8Array.from(editor().buffer)
    drag([10, 10], [20, 25], 1)
    expect(Uint8Array.from(editor().buffer)).toEqual(before)
    expect(useEditStore.getState().view).toEqual({ zoom: 1, x: 10, y: 15 })
  })

  it('answers B, E, [ ], Ctrl+Z and Ctrl+Shift+Z, but not while typing the prompt', async () => {
    fakeBackend()
    openEditor()
    render(<EditScreen />)
    await screen.findByRole('toolbar', { name: 'Mask tools' })
    act(() => editor().setBrushSize(10))
    drag([10.5, 10.5], [25.5, 10.5])
    const painted = editor().paintedCount()
    fireEvent.keyDown(window, { key: 'e' })
    expect(screen.getByRole('button', { name: 'Eraser' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.keyDown(window, { key: 'b' })
    expect(screen.getByRole('button', { name: 'Brush' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.keyDown(window, { key: ']' })
    expect(screen.getByLabelText('Brush size')).toHaveValue('14')
    fireEvent.keyDown(window, { key: '[' })
    expect(editor().brushSize).toBe(10)
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true })
    expect(editor().isEmpty()).toBe(true)
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true })
    expect(editor().paintedCount()).toBe(painted)
    fireEvent.keyDown(screen.getByLabelText('What should change?'), { key: 'e' })
    expect(editor().tool).toBe('brush')
    fireEvent.click(screen.getByRole('button', { name: 'Invert' }))
    expect(editor().paintedCount()).toBe(40 * 30 - painted)
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(editor().isEmpty()).toBe(true)
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled()
  })

  it('sends the mask as a PNG of the image’s exact size, transparent exactly where painted', async () => {
    const backend = fakeBackend({
      'library.import': () => ({
        mediaId: MASK_ID,
        mime: 'image/png',
        width: 40,
        height: 30,
        bytes: 100,
        createdAt: 1,
        prompt: null
      }),
      'jobs.submit': (input) =>
        jobView({ id: 'e1', kind: 'edit', request: (input as { request: unknown }).request })
    })
    openEditor()
    render(<EditScreen />)
    await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('gpt-image'))
    const send = screen.getByRole('button', { name: 'Send edit' })
    expect(send).toHaveAccessibleDescription('Say what should change.')
    fireEvent.change(screen.getByLabelText('What should change?'), { target: { value: 'make it night' } })
    expect(send).toHaveAccessibleDescription('Paint the area to change (B for the brush).')
    act(() => editor().setBrushSize(8))
    drag([8.5, 8.5], [30.5, 20.5])
    fireEvent.change(screen.getByLabelText('Images'), { target: { value: '2' } })
    fireEvent.change(screen.getByLabelText('Output format'), { target: { value: 'webp' } })
    expect(send).toBeEnabled()
    fireEvent.click(send)
    await waitFor(() => expect(backend.calls.some((c) => c.name === 'jobs.submit')).toBe(true))

    const imported = backend.calls.find((c) => c.name === 'library.import')?.input as {
      data: string
      purpose: string
    }
    expect(imported.purpose).toBe('mask')
    const { data, info } = await sharp(Buffer.from(imported.data, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([info.width, info.height, info.channels]).toEqual([40, 30, 4])
    for (let i = 0; i < 40 * 30; i++) expect(data[i * 4 + 3]).toBe(editor().buffer[i] === 1 ? 0 : 255)
    expect(backend.calls.find((c) => c.name === 'jobs.submit')?.input).toEqual({
      request: {
        endpoint: 'imageEdits',
        body: { model: 'gpt-image', prompt: 'make it night', fields: { n: 2, output_format: 'webp' } },
        images: [{ mediaId: SOURCE.mediaId }],
        mask: { mediaId: MASK_ID }
      }
    })
    expect(await screen.findByText('Edit sent. The result appears below the image.')).toHaveAttribute(
      'role',
      'status'
    )
  })

  it('offers the library, a file and paste when no image is chosen', async () => {
    fakeBackend()
    render(<EditScreen />)
    expect(screen.getByText('Choose an image to edit', { selector: 'p.empty-title' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send edit' })).toHaveAccessibleDescription(
      'Choose an image to edit.'
    )
    fireEvent.click(screen.getByRole('button', { name: 'Pick from library' }))
    expect(await screen.findByRole('dialog', { name: 'Pick an image to edit' })).toBeInTheDocument()
    expect(await screen.findByText('The library is empty')).toBeInTheDocument()
  })
})
