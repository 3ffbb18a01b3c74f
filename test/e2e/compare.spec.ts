import type { Locator, Page } from '@playwright/test'
import { startEmulatorProcess, type EmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'
import { contractClient, emulatorControl, useEmulatorProfile } from './support/queueClient'

/*
 * Compare (issue 14) against the emulator as a separate process, so its request log counts what the
 * gateway really received: one prompt on three models is exactly three generation POSTs.
 */

let emulator: EmulatorProcess

test.beforeAll(async () => {
  emulator = await startEmulatorProcess()
})

test.afterAll(async () => {
  await emulator.stop()
})

const SHOTS = process.env.STUDIO_SHOTS ?? 'test-results'
const PROMPT = 'a lighthouse on a cliff at dusk'
const GENERATION_PATHS = ['/v3/images/generations', '/v1/images/generations', '/v2/images/generations']

const nav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' })
const grid = (page: Page): Locator => page.getByRole('list', { name: 'Compared models' })
const column = (page: Page, model: string): Locator =>
  grid(page).getByRole('listitem', { name: `Column of ${model}` })

test('one prompt on three models sends exactly three POSTs, fills a column each, survives a reload and hands one to Images', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(120_000)
  const { api, close } = await contractClient(studio)
  try {
    await useEmulatorProfile(api, emulator)
    const control = emulatorControl(emulator)
    await control.clearFaults()
    await openStudio(page, studio)
    await nav(page).getByRole('button', { name: 'Compare' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Compare' })).toBeVisible()
    await expect(page.getByText('Nothing compared yet')).toBeVisible()

    const form = page.getByRole('form', { name: 'Compare models' })
    const send = form.getByRole('button', { name: /^Compare \d+ models?$/ })
    await expect(send).toBeDisabled()
    await form.getByLabel('Prompt').fill(PROMPT)
    await form.getByRole('checkbox', { name: /studio-image-v3/ }).check()
    await expect(send).toHaveAccessibleDescription('Pick at least 2 models.')
    await form.getByRole('checkbox', { name: /studio-image-compat/ }).check()
    await form.getByRole('checkbox', { name: /studio-image-async/ }).check()
    await form.getByLabel('Shape').selectOption('16:9')
    const plan = form.getByRole('region', { name: 'What each model gets' })
    await expect(plan).toContainText('size 2048x1152')
    await expect(plan).toContainText('size 1792x1024, the nearest it offers')
    await expect(plan).toContainText('size 16:9')
    await expect(send).toHaveAccessibleName('Compare 3 models')
    await expect(send).toHaveAccessibleDescription('Ready: one request to each of the 3 models.')
    await plan.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/compare-form-light.png` })

    await control.clearLog()
    await send.click()
    for (const model of ['studio-image-v3', 'studio-image-compat', 'studio-image-async'])
      await expect(
        column(page, model)
          .getByRole('button', { name: /open full view/ })
          .first()
      ).toBeVisible({
        timeout: 40_000
      })
    await expect(column(page, 'studio-image-async')).toContainText(/took \d+ s/)
    await expect(column(page, 'studio-image-v3')).toContainText('Billed per image')
    await expect(column(page, 'studio-image-compat')).toContainText('Billed per token')

    const posts = (await control.log()).filter(
      (r) => r.method === 'POST' && GENERATION_PATHS.includes(r.path)
    )
    expect(posts.map((r) => r.path).sort()).toEqual([...GENERATION_PATHS].sort())
    expect((await control.log()).filter((r) => r.method === 'POST')).toHaveLength(3)
    await page.mouse.move(0, 0)
    await page.screenshot({ path: `${SHOTS}/compare-grid-light.png` })

    // Keep stars the column's images; the job's update brings the stars back to the button.
    await column(page, 'studio-image-v3').getByRole('button', { name: '☆ Keep' }).click()
    await expect(column(page, 'studio-image-v3').getByRole('button', { name: '★ Kept' })).toBeVisible()

    // A reload is a new renderer: the grid comes back from the backend, and nothing is sent again.
    await page.reload()
    await nav(page).getByRole('button', { name: 'Compare' }).click()
    await expect(grid(page).locator(':scope > li')).toHaveCount(3)
    await expect(column(page, 'studio-image-v3').getByRole('button', { name: '★ Kept' })).toBeVisible()
    await expect(page.getByRole('form', { name: 'Compare models' }).getByLabel('Prompt')).toHaveValue(PROMPT)

    // "Use as reference" on a compared result stays on Compare; the ticked models that take no library
    // references each offer the ones that do, instead of refusing with "1 of 0".
    await column(page, 'studio-image-v3')
      .getByRole('button', { name: /open full view/ })
      .first()
      .click()
    await page.getByRole('dialog').getByRole('button', { name: 'Use as reference' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: 'Compare' })).toBeVisible()
    const compareForm = page.getByRole('form', { name: 'Compare models' })
    await expect(
      compareForm.getByRole('list', { name: 'Reference images' }).getByRole('listitem')
    ).toHaveCount(1)
    const v3Offer = compareForm.getByRole('region', { name: /^studio-image-v3 takes no reference images/ })
    await expect(v3Offer).toBeVisible()
    await expect(compareForm.getByRole('button', { name: /^Compare \d+ models?$/ })).toBeDisabled()
    await v3Offer.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/compare-reference-offer-light.png` })
    await v3Offer.getByRole('button', { name: 'Switch to seedream-stream' }).click()
    await expect(compareForm.getByRole('checkbox', { name: /seedream-stream/ })).toBeChecked()
    await expect(compareForm.getByRole('checkbox', { name: /studio-image-v3/ })).not.toBeChecked()
    await expect(v3Offer).toHaveCount(0)
    // The others let the references go instead; looking and switching sent nothing.
    await compareForm
      .getByRole('region', { name: /takes no reference images/ })
      .first()
      .getByRole('button', { name: /Remove the reference/ })
      .click()
    await expect(compareForm.getByRole('list', { name: 'Reference images' })).toHaveCount(0)
    expect((await control.log()).filter((r) => r.method === 'POST')).toHaveLength(3)

    await column(page, 'studio-image-compat').getByRole('button', { name: 'Remix' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible()
    // The model picker's value is the model (a searchable picker) or endpoint|model (a select).
    await expect(page.getByLabel('Model')).toHaveValue(/(^|\|)studio-image-compat$/)
    await expect(page.getByLabel('Prompt')).toHaveValue(PROMPT)
    expect((await control.log()).filter((r) => r.method === 'POST')).toHaveLength(3)
    expect(outsideRequests).toEqual([])
  } finally {
    close()
  }
})
