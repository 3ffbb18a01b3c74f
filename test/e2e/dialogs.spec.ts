import type { Page } from '@playwright/test'
import { connectApi, generateImages } from './support/galleryApi'
import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'

/** Where the look of the dialogs is kept (test-results by default; a private folder on a shared checkout). */
const SHOTS = process.env.DIALOG_SHOTS ?? 'test-results'

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: `${SHOTS}/dialog-${name}-${scheme}.png` })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

test('ui/Dialog in Chromium: modal in the top layer, Tab stays inside, Escape closes, focus returns (issue 16)', async ({
  page,
  studio
}) => {
  const { api, close } = await connectApi(studio)
  await api.invoke('models.refresh', { profileId: 'demo' })
  await generateImages(api, ['lighthouse at dawn', 'ceramic teapot'])
  close()

  await openStudio(page, studio)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Gallery' }).click()
  const grid = page.getByRole('listbox', { name: 'Images' })
  await expect(grid.getByRole('option')).toHaveCount(2)
  await grid.getByRole('option').first().click()

  // A dialog with fields: the page behind is inert (showModal) and Tab wraps, so twenty Tabs never leave it.
  const opener = page.getByRole('button', { name: 'Export selected…' })
  await opener.click()
  const exportDialog = page.getByRole('dialog', { name: 'Export images' })
  await expect(exportDialog).toBeVisible()
  await expect(page.locator('dialog:modal')).toHaveCount(1)
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab')
    await expect(exportDialog.locator(':focus')).toHaveCount(1)
  }
  // The file-name field reads its hint (ui/Field).
  await expect(exportDialog.getByLabel('File names')).toHaveAccessibleDescription(/\{date\}/)
  await shoot(page, 'export')
  await page.keyboard.press('Escape')
  await expect(exportDialog).toBeHidden()
  await expect(opener).toBeFocused()

  // The × closes it too, and a second Escape after one without a click still closes (Chromium's
  // close-watcher skips `cancel` then): the dialog never stays open with its state closed, or back.
  await opener.click()
  await exportDialog.getByRole('button', { name: 'Close' }).click()
  await expect(exportDialog).toBeHidden()
  await expect(opener).toBeFocused()
  await opener.click()
  await page.keyboard.press('Escape')
  await expect(exportDialog).toBeHidden()
  await opener.click()
  await page.keyboard.press('Escape')
  await expect(exportDialog).toBeHidden()
  await expect(opener).toBeFocused()

  // A question with consequences: an alertdialog, the safe answer focused, Escape keeps the image.
  const deleter = page.getByRole('button', { name: 'Delete selected…' })
  await deleter.click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete 1 image?' })
  await expect(confirm).toBeVisible()
  await expect(confirm.getByRole('button', { name: /Keep/ })).toBeFocused()
  await shoot(page, 'delete')
  await page.keyboard.press('Escape')
  await expect(confirm).toBeHidden()
  await expect(deleter).toBeFocused()
  await expect(grid.getByRole('option')).toHaveCount(2)
})

test('the delete-gateway question says which gateway goes, in both languages (issue 16)', async ({
  page,
  studio
}) => {
  const { api, close } = await connectApi(studio)
  await api.invoke('profiles.create', { name: 'Studio East', baseUrl: 'https://east.example.com/t/studio' })
  close()

  await openStudio(page, studio)
  await openScreen(page, 'Settings')
  await page
    .getByRole('list', { name: 'Gateway profiles' })
    .getByRole('button', { name: /^Studio East/ })
    .click()
  const deleter = page.getByRole('button', { name: 'Delete…', exact: true })
  await deleter.click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete gateway “Studio East”?' })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText('Its stored key and cached model list are removed too.')
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused()
  await shoot(page, 'delete-gateway')
  await page.keyboard.press('Escape')
  await expect(confirm).toBeHidden()
  await expect(deleter).toBeFocused()

  await page.getByRole('radio', { name: '简体中文' }).check()
  await page.getByRole('button', { name: '删除…', exact: true }).click()
  const zh = page.getByRole('alertdialog', { name: '删除网关“Studio East”？' })
  await expect(zh).toContainText('它保存的密钥和缓存的模型列表也会一并移除。')
  await zh.screenshot({ path: `${SHOTS}/dialog-delete-gateway-zh.png` })
  await zh.getByRole('button', { name: '保留' }).click()
  await expect(zh).toBeHidden()
})
