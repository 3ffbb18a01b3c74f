import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { EditScreen } from '@renderer/features/edit/EditScreen'
import { useEditStore } from '@renderer/features/edit/store'
import { ShortcutsHelp } from '@renderer/ui/ShortcutsDialog'
import { useShortcutsHelp } from '@renderer/ui/shortcuts'
import { useJobsStore } from '@renderer/store/jobs'
import { fakeBackend, jobView, resultView } from '../images/harness'

const SOURCE = { mediaId: 'e'.repeat(32), width: 200, height: 100 }

const editor = () => {
  const current = useEditStore.getState().editor
  if (!current) throw new Error('no editor')
  return current
}

const canvas = (): HTMLElement => screen.getByRole('application', { name: 'Mask canvas' })

function openEditor(): void {
  useEditStore.setState({ prompt: '', model: '', mode: 'painted', submitError: null })
  useEditStore.getState().openSource(SOURCE)
  useEditStore.getState().setView({ zoom: 1, x: 0, y: 0 })
}

describe('the mask canvas by keyboard', () => {
  beforeEach(() => {
    useEditStore.getState().closeSource()
  })

  it('paints a stroke with held Space and the arrows, sizes, undoes and erases, and says each step', async () => {
    fakeBackend()
    openEditor()
    render(<EditScreen />)
    await screen.findByRole('toolbar', { name: 'Mask tools' })
    act(() => editor().setBrushSize(10))
    act(() => canvas().focus())
    expect(canvas()).toHaveAttribute('tabindex', '0')
    expect(canvas()).toHaveAccessibleDescription(/Space or Enter paints/)
    const live = screen.getByText('Brush at 50%, 50%')
    expect(live).toHaveAttribute('aria-live', 'polite')
    expect(screen.getByTestId('keyboard-brush')).toBeInTheDocument()

    fireEvent.keyDown(canvas(), { key: 'ArrowLeft', shiftKey: true })
    expect(live).toHaveTextContent('Brush at 40%, 50%')
    fireEvent.keyDown(canvas(), { key: ' ' })
    expect(live).toHaveTextContent('Painting at 40%, 50%')
    fireEvent.keyDown(canvas(), { key: 'ArrowRight', shiftKey: true })
    fireEvent.keyDown(canvas(), { key: 'ArrowRight', shiftKey: true })
    fireEvent.keyUp(canvas(), { key: ' ' })
    expect(live).toHaveTextContent('Painted from 40%, 50% to 60%, 50% · brush 10 px')
    for (const x of [80, 100, 120]) expect(editor().isPainted(x, 50)).toBe(true)
    expect(editor().isPainted(100, 60)).toBe(false)
    expect(screen.getByText(/^Painted: /)).toBeInTheDocument()

    // One key, one step: the screen's own listener does not act on what the canvas took.
    fireEvent.keyDown(canvas(), { key: ']' })
    expect(editor().brushSize).toBe(14)
    expect(live).toHaveTextContent('Brush · 14 px')
    fireEvent.keyDown(canvas(), { key: 'z', ctrlKey: true })
    expect(editor().isEmpty()).toBe(true)
    expect(live).toHaveTextContent('Undone')

    fireEvent.keyDown(canvas(), { key: 'Enter' })
    fireEvent.keyUp(canvas(), { key: 'Enter' })
    expect(live).toHaveTextContent('Painted at 60%, 50% · brush 14 px')
    expect(editor().isPainted(126, 50)).toBe(true)
    fireEvent.keyDown(canvas(), { key: 'e' })
    expect(screen.getByRole('button', { name: 'Eraser' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.keyDown(canvas(), { key: ' ' })
    fireEvent.keyUp(canvas(), { key: ' ' })
    expect(live).toHaveTextContent('Erased at 60%, 50% · eraser 14 px')
    expect(editor().isEmpty()).toBe(true)
  })

  it('leaves Space to pan while the mouse paints, and keeps the stroke when the focus leaves mid-stroke', async () => {
    fakeBackend()
    openEditor()
    render(<EditScreen />)
    await screen.findByRole('toolbar', { name: 'Mask tools' })
    act(() => canvas().focus())
    // The mouse moved over the canvas: its brush takes over and Space is the pan key again.
    fireEvent.pointerMove(canvas(), { clientX: 30, clientY: 30, pointerId: 1 })
    expect(screen.queryByTestId('keyboard-brush')).toBeNull()
    fireEvent.keyDown(canvas(), { key: ' ' })
    expect(canvas()).toHaveClass('panning')
    fireEvent.keyUp(canvas(), { key: ' ' })
    expect(editor().isEmpty()).toBe(true)

    // An arrow brings the keyboard back, from where the mouse was.
    fireEvent.keyDown(canvas(), { key: 'ArrowDown' })
    fireEvent.keyDown(canvas(), { key: 'Enter' })
    fireEvent.keyDown(canvas(), { key: 'ArrowRight', shiftKey: true })
    act(() => canvas().blur())
    expect(editor().state).toBe('idle')
    expect(editor().isPainted(30, 32)).toBe(true)
    expect(editor().isPainted(50, 32)).toBe(true)
    expect(editor().history).toHaveLength(1)
  })

  it('gives the canvas the focus once an image is opened from the picker', async () => {
    fakeBackend()
    render(<EditScreen />)
    const open = await screen.findByRole('button', { name: 'Open a file…' })
    act(() => open.focus())
    expect(open).toHaveFocus()
    act(() => openEditor())
    expect(canvas()).toHaveFocus()
    // Close image takes the canvas away: the focus goes back to the way to open one.
    fireEvent.click(screen.getByRole('button', { name: 'Close image' }))
    expect(screen.getByRole('button', { name: 'Pick from library' })).toHaveFocus()
  })

  it('lists Ctrl+Enter on Send edit, which the app’s shortcut presses', async () => {
    fakeBackend()
    openEditor()
    render(<EditScreen />)
    const send = await screen.findByRole('button', { name: 'Send edit' })
    expect(send).toHaveAttribute('aria-keyshortcuts', 'Control+Enter')
    expect(send).toHaveAttribute('title', 'Send edit (Ctrl+Enter)')
    expect(send).toHaveAttribute('data-shortcut', 'submit')
  })

  it('moves the focus from Send edit to the result when it arrives, then to the canvas on Keep editing', async () => {
    fakeBackend()
    openEditor()
    useEditStore.getState().setPrompt('snow')
    useEditStore.getState().setAwaiting('k1')
    render(<EditScreen />)
    const send = await screen.findByRole('button', { name: 'Send edit' })
    act(() => send.focus())
    const done = jobView({
      id: 'k1',
      kind: 'edit',
      status: 'succeeded',
      request: {
        endpoint: 'imageEdits',
        body: { model: 'gpt-image', prompt: 'snow' },
        images: [{ mediaId: SOURCE.mediaId }]
      },
      results: [resultView({ id: 'r1', index: 1, jobId: 'k1', width: 200, height: 100 })]
    })
    act(() => useJobsStore.getState().upsert(done))
    expect(screen.getByRole('slider', { name: 'Before and after' })).toHaveFocus()
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }))
    expect(canvas()).toHaveFocus()
  })

  it('leaves the focus in the prompt being rewritten when a result arrives', async () => {
    fakeBackend()
    openEditor()
    useEditStore.getState().setAwaiting('k2')
    render(<EditScreen />)
    const prompt = await screen.findByLabelText('What should change?')
    act(() => prompt.focus())
    const done = jobView({
      id: 'k2',
      kind: 'edit',
      status: 'succeeded',
      request: {
        endpoint: 'imageEdits',
        body: { model: 'gpt-image', prompt: 'x' },
        images: [{ mediaId: SOURCE.mediaId }]
      },
      results: [resultView({ id: 'r2', index: 1, jobId: 'k2', width: 200, height: 100 })]
    })
    act(() => useJobsStore.getState().upsert(done))
    expect(screen.getByRole('slider', { name: 'Before and after' })).toBeInTheDocument()
    expect(prompt).toHaveFocus()
  })

  it('is listed in the keyboard shortcuts dialog: the canvas keys beside the mask editor’s', () => {
    render(<ShortcutsHelp />)
    act(() => useShortcutsHelp.getState().setOpen(true))
    const group = screen.getByRole('region', { name: 'Mask editor' })
    const row = (words: string): HTMLElement | null => within(group).getByText(words).closest('.shortcut-row')
    expect(row('Move the brush on the focused canvas (Shift: farther)')).toHaveTextContent('←↑↓→')
    expect(row('Paint at the brush; hold it with the arrows for a stroke')).toHaveTextContent('Space / Enter')
    expect(row('Eraser on or off')).toHaveTextContent('E')
    act(() => useShortcutsHelp.getState().setOpen(false))
  })
})
