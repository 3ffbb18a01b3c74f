import { fireEvent, render, screen } from '@testing-library/react'
import { useState, type ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Dialog } from '@renderer/ui/Dialog'

/** An opener and the dialog it opens, as every screen wires them: state owns whether it is open. */
function Harness({ closeOnBackdrop = false }: { closeOnBackdrop?: boolean }): ReactElement {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog title="Rename board" onClose={() => setOpen(false)} closeOnBackdrop={closeOnBackdrop}>
          <input aria-label="Name" />
          <button type="button" data-autofocus>
            Keep
          </button>
        </Dialog>
      )}
    </>
  )
}

function openIt(): { opener: HTMLElement; dialog: HTMLElement } {
  const opener = screen.getByRole('button', { name: 'Open' })
  opener.focus()
  fireEvent.click(opener)
  return { opener, dialog: screen.getByRole('dialog', { name: 'Rename board' }) }
}

describe('ui/Dialog', () => {
  it('opens modal, named by its title, with the focus on the marked button', () => {
    render(<Harness />)
    const { dialog } = openIt()
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus()
  })

  it('closes on Escape (the browser sends cancel) and gives the focus back to the opener', () => {
    render(<Harness />)
    const { opener, dialog } = openIt()
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(opener).toHaveFocus()
  })

  it('closes from its × button, which has a name', () => {
    render(<Harness />)
    const { opener } = openIt()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(opener).toHaveFocus()
  })

  it('ignores a click on the backdrop unless told otherwise', () => {
    const { unmount } = render(<Harness />)
    // A mousedown on the <dialog> itself outside its box is a click on the ::backdrop.
    fireEvent.mouseDown(openIt().dialog, { clientX: -10, clientY: -10 })
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    unmount()
    render(<Harness closeOnBackdrop />)
    fireEvent.mouseDown(openIt().dialog, { clientX: -10, clientY: -10 })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('is an alertdialog described by its description when it asks a question with consequences', () => {
    render(
      <Dialog alert title="Delete job?" description="Its files go too." onClose={() => undefined}>
        <button type="button">Keep</button>
      </Dialog>
    )
    expect(screen.getByRole('alertdialog', { name: 'Delete job?' })).toHaveAccessibleDescription(
      'Its files go too.'
    )
  })

  it('wraps Tab from the last control to the first, and Shift+Tab back', () => {
    // happy-dom lays nothing out; every control counts as shown.
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList)
    render(<Harness />)
    const { dialog } = openIt()
    const close = screen.getByRole('button', { name: 'Close' })
    const keep = screen.getByRole('button', { name: 'Keep' })
    keep.focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(close).toHaveFocus()
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(keep).toHaveFocus()
    vi.restoreAllMocks()
  })
})
