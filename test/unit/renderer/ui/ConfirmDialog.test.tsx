import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AppError } from '@shared/result'
import { ConfirmDialog } from '@renderer/ui/ConfirmDialog'

const failure: AppError = { code: 'gallery.busy', message: 'The library is busy' }

function ask(onConfirm: () => Promise<AppError | null> | void): { onClose: () => void } {
  const onClose = vi.fn()
  render(
    <ConfirmDialog
      title="Delete?"
      description="Gone for good."
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  )
  return { onClose }
}

describe('ui/ConfirmDialog', () => {
  it('puts the focus on the safe answer, and Cancel closes without acting', () => {
    const onConfirm = vi.fn()
    const { onClose } = ask(onConfirm)
    const keep = screen.getByRole('button', { name: 'Cancel' })
    expect(keep).toHaveFocus()
    expect(screen.getByRole('alertdialog', { name: 'Delete?' })).toHaveAccessibleDescription('Gone for good.')
    fireEvent.click(keep)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('keeps a failure in the dialog and closes once the action succeeds', async () => {
    const onConfirm = vi
      .fn<() => Promise<AppError | null>>()
      .mockResolvedValueOnce(failure)
      .mockResolvedValueOnce(null)
    const { onClose } = ask(onConfirm)
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('The library is busy')).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
  })
})
