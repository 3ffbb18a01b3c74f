import { writeFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'

const SHOTS = process.env.GALLERY_SHOTS ?? 'test-results'

test('a designer makes a style, saves an Images preset, finds both after a restart and shares them as a file (issue 14)', async ({
  page,
  studio,
  restartStudio
}) => {
  await openStudio(page, studio)
  await openScreen(page, 'Settings')
  await page.getByRole('button', { name: 'New style…' }).click()
  await page.getByLabel('Style name').fill('Film')
  await page.getByLabel('Before the prompt').fill('cinematic still of')
  await page.getByLabel('After the prompt').fill(', 35mm film grain')
  await page.getByRole('button', { name: 'Save style' }).click()
  await expect(page.getByRole('list', { name: 'Styles' }).getByText('Film', { exact: true })).toBeVisible()

  await openScreen(page, 'Images')
  const prompt = page.getByRole('textbox', { name: 'Prompt' })
  await prompt.fill('a lighthouse at dusk')
  await page.getByLabel('Style').selectOption('Film')
  await expect(
    page.getByText('Sends: “cinematic still of a lighthouse at dusk, 35mm film grain”')
  ).toBeVisible()
  await page.getByRole('button', { name: 'Save as preset…' }).click()
  await page.getByLabel('Preset name').fill('Poster')
  await page.getByRole('button', { name: 'Save preset' }).click()
  await expect(page.getByText('Saved as the preset “Poster”.')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/issue14-presets.png` })

  // The style is part of what is sent: the job's prompt reads as sent.
  await page.getByRole('button', { name: 'Generate', exact: true }).click()
  await expect(
    page.getByText('cinematic still of a lighthouse at dusk, 35mm film grain', { exact: false }).first()
  ).toBeVisible()

  // After the app restarts both are still there; the preset brings back prompt, model and style.
  await restartStudio()
  await openScreen(page, 'Images')
  await page.getByRole('textbox', { name: 'Prompt' }).fill('something else')
  await page.getByLabel('Style').selectOption('')
  await page.getByLabel('Preset', { exact: true }).selectOption({ label: 'Poster' })
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue('a lighthouse at dusk')
  await expect(page.getByLabel('Style')).toHaveValue('Film')

  // Shared as a file: export, then import the same file (names that exist are kept, and said).
  await openScreen(page, 'Settings')
  await page.getByRole('button', { name: 'Export presets and styles' }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download the file' }).click()
  const file = join(mkdtempSync(join(tmpdir(), 'gs-e2e-presets-')), 'presets.json')
  await (await download).saveAs(file)
  await page.locator('input[type=file]').setInputFiles(file)
  await expect(
    page.getByRole('status').filter({ hasText: 'Imported 0 presets and 0 styles.' })
  ).toContainText('Kept your own “Poster”, “Film”')
  writeFileSync(file, '{"format":"something else"}')
  await page.locator('input[type=file]').setInputFiles(file)
  await expect(page.getByRole('alert').filter({ hasText: 'not a Gateway Studio presets file' })).toBeVisible()
})
