import { fireEvent, within } from '@testing-library/react'

/** Opens a model picker (ui/ModelPicker) and returns the listbox it controls. */
export function openModelList(input: HTMLElement): HTMLElement {
  if (input.getAttribute('aria-expanded') !== 'true') fireEvent.click(input)
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '')
  if (!list) throw new Error('the model picker controls no listbox')
  return list
}

/** A model's option name starts with its id (then billing and any reason it is unavailable). */
export const optionName = (id: string): RegExp =>
  new RegExp(`^${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`)

/** Picks a model by id as a user does: types it, then clicks its option. */
export function pickModel(input: HTMLElement, id: string): void {
  fireEvent.change(input, { target: { value: id } })
  fireEvent.click(within(openModelList(input)).getByRole('option', { name: optionName(id) }))
}

/** The open list as headings and the model ids under each. */
export function modelGroups(input: HTMLElement): { label: string; ids: string[] }[] {
  return within(openModelList(input))
    .getAllByRole('group')
    .map((group) => ({
      label: document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
      ids: within(group)
        .getAllByRole('option')
        .map((option) => option.getAttribute('id') ?? '')
        .map((id) => document.getElementById(`${id}-name`)?.textContent ?? '')
    }))
}
