import { act, render, screen } from '@testing-library/react'
import { useRef, useState, type ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { useFocusStays } from '@renderer/ui/useFocusStays'

/** A row's actions: Cancel goes once pressed; Delete stays. A button outside the row. */
function Row(): ReactElement {
  const ref = useRef<HTMLDivElement>(null)
  useFocusStays(ref)
  const [cancelled, setCancelled] = useState(false)
  return (
    <>
      <button type="button">Elsewhere</button>
      <div ref={ref}>
        {!cancelled && (
          <button type="button" onClick={() => setCancelled(true)}>
            Cancel
          </button>
        )}
        <button type="button">Delete</button>
      </div>
    </>
  )
}

const flush = (): Promise<void> => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

describe('focus stays in a group whose focused control goes away', () => {
  it('moves to the first control left there, not to the page', async () => {
    render(<Row />)
    const cancel = screen.getByRole('button', { name: 'Cancel' })
    cancel.focus()
    act(() => cancel.click())
    await flush()
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }))
  })

  it('takes nothing when the focus was elsewhere', async () => {
    render(<Row />)
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' })
    elsewhere.focus()
    act(() => screen.getByRole('button', { name: 'Cancel' }).click())
    await flush()
    expect(document.activeElement).toBe(elsewhere)
  })
})
