import { expect, type Locator, type Page } from '@playwright/test'
import { pickModel as pickFromPicker } from './modelPicker'

/** Helpers for the image studio specs: navigation, the generate form, job cards, by role and label only. */

export async function goTo(page: Page, screen: 'Images' | 'Edit' | 'Settings'): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen }).click()
  await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible()
}

export function generateForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Generate images' })
}

export function generateButton(page: Page): Locator {
  return generateForm(page).getByRole('button', { name: 'Generate' })
}

/** Picks a model by its id in the grouped picker (the endpoint follows the model). */
export async function pickModel(page: Page, model: string): Promise<void> {
  await pickFromPicker(generateForm(page), model)
}

export function jobCard(page: Page, prompt: string): Locator {
  return page.getByRole('article', { name: `Job: ${prompt}` })
}

/** The image buttons of a job card ("Image 2 of 4, 2048×2048: open full view"). */
export function imagesOf(card: Locator): Locator {
  return card.getByRole('button', { name: /^Image \d+ of \d+, .*open full view$/ })
}

/** Asserts that Generate is disabled and says why, and that the field itself carries the same words. */
export async function expectBlocked(page: Page, field: Locator, message: string | RegExp): Promise<void> {
  await expect(generateButton(page)).toBeDisabled()
  await expect(generateButton(page)).toHaveAccessibleDescription(message)
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(message)
  await expect(generateForm(page).getByText(message).first()).toBeVisible()
}
