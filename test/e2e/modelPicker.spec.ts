import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'
import { modelOption, modelPicker, pickModel } from './support/modelPicker'
import { contractClient } from './support/queueClient'
import { generateButton, generateForm, imagesOf, jobCard } from './support/studio'

/** Where this spec's screenshots go (test-results by default; a private folder when engineers share a checkout). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results'

test('the model picker: search, keyboard, billing, reference offer, and memory across a reload (issue 14)', async ({
  page,
  studio
}) => {
  test.setTimeout(120_000)
  await openStudio(page, studio)
  await openScreen(page, 'Images')
  const form = generateForm(page)
  const picker = modelPicker(form)
  await expect(picker).not.toHaveValue('')

  await test.step('grouped by endpoint, each model with its billing unit; light and dark', async () => {
    await picker.click()
    await expect(picker).toHaveAttribute('aria-expanded', 'true')
    const list = form.getByRole('listbox', { name: 'Model list' })
    await expect(list.getByRole('group', { name: 'Per image — /v3/images/generations' })).toBeVisible()
    const v3 = modelOption(list, 'studio-image-v3')
    await expect(v3).toHaveAccessibleName('studio-image-v3 Billed per image')
    await page.screenshot({ path: `${SHOTS}/picker-open-light.png` })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: `${SHOTS}/picker-open-dark.png` })
    await page.emulateMedia({ colorScheme: 'light' })
    await picker.press('Escape')
    await expect(list).toHaveCount(0)
  })

  await test.step('typing filters by id or provider; arrows and Enter pick; Escape restores', async () => {
    const before = await picker.inputValue()
    await picker.fill('seedream')
    const options = form.getByRole('listbox', { name: 'Model list' }).getByRole('option')
    await expect(options).toHaveCount(2)
    await expect(options.first()).toHaveAccessibleName(/^seedream-basic /)
    await picker.press('Escape')
    await expect(picker).toHaveValue(before)

    await picker.fill('alibaba')
    await expect(options).toHaveCount(1)
    await expect(options.first()).toHaveAccessibleName(/^wan-image /)
    await picker.fill('zzz-nothing')
    await expect(form.getByText('No model matches “zzz-nothing”.')).toBeVisible()

    await picker.fill('seedream')
    await picker.press('ArrowDown')
    await expect(options.nth(1)).toHaveId((await picker.getAttribute('aria-activedescendant')) ?? '')
    await picker.press('Enter')
    await expect(picker).toHaveValue('seedream-stream')
    await expect(picker).toHaveAttribute('aria-expanded', 'false')
  })

  await test.step('a model that takes no references offers those that do, and keeps the prompt', async () => {
    await pickModel(form, 'studio-image-v3')
    await form.getByLabel('Prompt').fill('a red kite')
    await generateButton(page).click()
    await imagesOf(jobCard(page, 'a red kite')).first().click()
    await page.getByRole('dialog').getByRole('button', { name: 'Use as reference' }).click()
    const offer = form.getByRole('region', { name: /studio-image-v3 takes no reference images/ })
    await expect(offer).toBeVisible()
    await expect(form.getByText(/of 0/)).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS}/picker-reference-offer.png` })
    await offer.getByRole('button', { name: 'Switch to seedream-basic' }).click()
    await expect(picker).toHaveValue('seedream-basic')
    await expect(form.getByLabel('Prompt')).toHaveValue('a red kite')
    await expect(form.getByRole('list', { name: 'Reference images' }).getByRole('listitem')).toHaveCount(1)
    await expect(offer).toHaveCount(0)
  })

  await test.step('the screen remembers its model and a parameter across a reload', async () => {
    await pickModel(form, 'studio-image-async')
    await form.getByLabel('Ratio').selectOption('16:9')
    const { api, close } = await contractClient(studio)
    try {
      await expect
        .poll(async () => {
          const images = (await api.invoke('ui.lastUsed.get', {})).images
          return images && [images.model, JSON.stringify(images.params)]
        })
        .toEqual(['studio-image-async', expect.stringContaining('16:9')])
    } finally {
      close()
    }
    await page.reload()
    await openScreen(page, 'Images')
    await expect(modelPicker(generateForm(page))).toHaveValue('studio-image-async')
    await expect(generateForm(page).getByLabel('Ratio')).toHaveValue('16:9')
  })
})

test('a model the gateway refused is listed disabled with the reason, and the keyboard cannot pick it', async ({
  page,
  studio
}) => {
  await openStudio(page, studio)
  await openScreen(page, 'Chat')
  await page.getByRole('button', { name: 'New chat' }).click()
  await pickModel(page, 'studio-offline')
  await page.getByRole('textbox', { name: 'Message' }).fill('Are you there?')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText(/unavailable/i).first()).toBeVisible()

  await pickModel(page, 'studio-chat')
  const picker = modelPicker(page)
  await picker.fill('offline')
  const offline = modelOption(page, 'studio-offline')
  await expect(offline).toHaveAttribute('aria-disabled', 'true')
  await expect(offline).toHaveAccessibleName(/Unavailable: the gateway refused it at .+; offered again from/)
  await page.screenshot({ path: `${SHOTS}/picker-disabled.png` })
  await picker.press('ArrowDown')
  await expect(picker).toHaveAttribute('aria-activedescendant', (await offline.getAttribute('id')) ?? '')
  await picker.press('Enter')
  await expect(picker).toHaveAttribute('aria-expanded', 'true')
  await picker.press('Escape')
  await expect(picker).toHaveValue('studio-chat')
})
