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
  // The list can shut under the typing when the catalog arrives just then (seen in a loaded CI run): a user
  // opens it again with ↓, so does this, until the option can be clicked.
  await expect(async () => {
    if ((await picker.getAttribute('aria-expanded')) !== 'true') await picker.press('ArrowDown')
    await modelOption(scope, id).click({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
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
