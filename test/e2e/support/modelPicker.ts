import { expect, type Locator, type Page } from '@playwright/test'

/** The model field of a screen (ui/ModelPicker): a combobox named by the screen's label. */
export function modelPicker(scope: Page | Locator, label: string = 'Model'): Locator {
  return scope.getByRole('combobox', { name: label, exact: true })
}

/**
 * A model's option: named by all it shows (id, then billing and any reason it is unavailable), so it is
 * found by the id its name starts with.
 */
export function modelOption(scope: Page | Locator, id: string): Locator {
  return scope.getByRole('option', { name: new RegExp(`^${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`) })
}

/** Picks a model by its id as a user does: types it into the picker, then clicks its option. */
export async function pickModel(scope: Page | Locator, id: string, label: string = 'Model'): Promise<void> {
  const picker = modelPicker(scope, label)
  // Emptied first: typing the id it already shows would change nothing, and the list would stay shut.
  await picker.fill('')
  await picker.fill(id)
  await modelOption(scope, id).click()
  await expect(picker).toHaveValue(id)
  await expect(picker).toHaveAttribute('aria-expanded', 'false')
}

/** The ids the picker lists (opened with the keyboard, closed again with Escape). */
export async function listedModels(scope: Page | Locator, label: string = 'Model'): Promise<string[]> {
  const picker = modelPicker(scope, label)
  await picker.focus()
  await picker.press('ArrowDown')
  const ids = await scope.getByRole('listbox').locator('.model-picker-id').allInnerTexts()
  await picker.press('Escape')
  return ids
}
