import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { ModelView } from '@shared/schemas/profiles'
import { ModelPicker } from '@renderer/ui/ModelPicker'
import { optionName } from './modelPicker'

const model = (id: string, ownedBy: string, billingUnit: string | null = 'token'): ModelView => ({
  id,
  ownedBy,
  supportedEndpoints: ['/v1/chat/completions'],
  billingUnit
})
const models = [
  model('beta', 'studio'),
  model('alpha', 'studio'),
  model('gone', 'studio'),
  model('kimi', 'moon', null)
]

function setup(value: string | null = 'beta') {
  const onChange = vi.fn()
  render(
    <>
      <label htmlFor="m">Model</label>
      <ModelPicker
        id="m"
        models={models}
        value={value}
        onChange={onChange}
        unavailable={new Map([['gone', 'Refused a minute ago']])}
        placeholder="Pick a model…"
      />
    </>
  )
  return { input: screen.getByRole('combobox', { name: 'Model' }), onChange }
}

describe('the model picker, by keyboard (issue 14)', () => {
  it('opens on the chosen model, moves with the arrows and picks with Enter', () => {
    const { input, onChange } = setup()
    expect(input).toHaveValue('beta')
    expect(screen.queryByRole('listbox')).toBeNull()
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    const list = screen.getByRole('listbox', { name: 'Model list' })
    expect(
      within(list)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby'))
    ).toHaveLength(2)
    expect(input).toHaveAttribute('aria-expanded', 'true')
    const active = (): string | null =>
      document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent ?? null
    expect(active()).toMatch(/^beta /)
    const chosen = document.getElementById(input.getAttribute('aria-activedescendant') ?? '')
    expect(chosen).toHaveAttribute('aria-selected', 'true')
    fireEvent.keyDown(input, { key: 'ArrowUp' })
    expect(active()).toMatch(/^alpha/)
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onChange).toHaveBeenCalledWith(models[1])
    expect(input).toHaveAttribute('aria-expanded', 'false')
  })

  it('filters as one types, says when nothing matches, and Escape restores the choice', () => {
    const { input, onChange } = setup()
    fireEvent.change(input, { target: { value: 'moon' } })
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-labelledby'))).toHaveLength(1)
    expect(screen.getByRole('option', { name: optionName('kimi') })).toHaveAccessibleName(
      'kimi The gateway does not say how this model is billed'
    )
    fireEvent.change(input, { target: { value: 'zzz' } })
    expect(screen.getByText('No model matches “zzz”.')).toBeInTheDocument()
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(input).toHaveValue('beta')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('lists a refused model disabled with its reason, and neither Enter nor a click picks it', () => {
    const { input, onChange } = setup()
    fireEvent.change(input, { target: { value: 'gone' } })
    const gone = screen.getByRole('option', { name: optionName('gone') })
    expect(gone).toHaveAttribute('aria-disabled', 'true')
    expect(gone).toHaveAccessibleName(/Refused a minute ago/)
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input).toHaveAttribute('aria-activedescendant', gone.id)
    fireEvent.keyDown(input, { key: 'Enter' })
    fireEvent.click(gone)
    expect(onChange).not.toHaveBeenCalled()
    expect(input).toHaveAttribute('aria-expanded', 'true')
  })
})
