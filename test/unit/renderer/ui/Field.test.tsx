import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Field } from '@renderer/ui/Field'

/** The elements a control's aria-describedby names, by their text. */
function describedTexts(control: HTMLElement): string[] {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(no element #${id})`)
}

describe('ui/Field', () => {
  it('names an element child by its label and points aria-describedby at the error that replaced the hint', () => {
    render(
      <Field label="Seed" hint="Leave empty for a random one." error="Whole numbers only.">
        <input />
      </Field>
    )
    const input = screen.getByRole('textbox', { name: 'Seed' })
    expect(describedTexts(input)).toEqual(['Whole numbers only.'])
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Whole numbers only.')
    expect(screen.queryByText('Leave empty for a random one.')).toBeNull()
  })

  it('describes by the hint alone and is not invalid while there is no error', () => {
    render(
      <Field label="Size" hint="Width × height">
        <select>
          <option>1024×1024</option>
        </select>
      </Field>
    )
    const select = screen.getByRole('combobox', { name: 'Size' })
    expect(describedTexts(select)).toEqual(['Width × height'])
    expect(select).not.toHaveAttribute('aria-invalid')
  })

  it('hands the same wiring to a render function, and keeps a description the control had', () => {
    render(
      <>
        <p id="own-note">Sent as JSON.</p>
        <Field label="Other fields" error="Not valid JSON." id="extra">
          {(control) => (
            <textarea {...control} aria-describedby={`${control['aria-describedby']} own-note`} />
          )}
        </Field>
      </>
    )
    const area = screen.getByRole('textbox', { name: 'Other fields' })
    expect(area.id).toBe('extra')
    expect(describedTexts(area)).toEqual(['Not valid JSON.', 'Sent as JSON.'])
  })

  it('adds no describedby when there is nothing to describe', () => {
    render(
      <Field label="Prompt">
        <textarea />
      </Field>
    )
    expect(screen.getByRole('textbox', { name: 'Prompt' })).not.toHaveAttribute('aria-describedby')
  })
})
