import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { expect, openStudio, test } from './support/fixtures'
import { goToByKeys, press, tabTo, typeText } from './support/keyboard'

/*
 * Issue 16, keyboard only, the Edit screen as far as keys reach today: open a file from the keyboard, take
 * the brush and size it with [ and ], choose the whole image with the mode radios' arrows, write the change
 * and send it; the result comes back as the before/after slider. A mask stroke cannot be painted from the
 * keyboard yet (the stage takes only a pointer), so the painted-area edit and its undo are not in this one.
 */
test('keyboard only: an image is opened, the brush sized, and a whole-image edit sent and returned', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(90_000)
  const file = join(mkdtempSync(join(tmpdir(), 'gs-kb-edit-')), 'meadow.png')
  writeFileSync(
    file,
    await sharp({ create: { width: 320, height: 200, channels: 3, background: '#4a7a3a' } })
      .png()
      .toBuffer()
  )
  await openStudio(page, studio)
  await goToByKeys(page, 'Edit')

  await tabTo(page, page.getByRole('button', { name: 'Open a file…' }))
  const chooser = page.waitForEvent('filechooser')
  await press(page, 'Enter')
  await (await chooser).setFiles(file)
  await expect(page.getByText('320×200 · the mask is sent at this exact size')).toBeVisible()

  const tools = page.getByRole('toolbar', { name: 'Mask tools' })
  const size = tools.getByLabel('Brush size')
  // Known gap, left to Edit's owner: the file button goes away with the picker and the focus falls to the
  // page, so the next key is pressed without a focus to look at; Tab below starts again from the top.
  test.info().annotations.push({ type: 'issue', description: 'Edit: focus is lost after opening a file' })
  await page.keyboard.press('b')
  await expect(tools.getByRole('button', { name: 'Brush' })).toHaveAttribute('aria-pressed', 'true')
  const before = Number(await size.inputValue())
  await page.keyboard.press(']')
  await page.keyboard.press(']')
  await page.keyboard.press('[')
  await expect.poll(async () => Number(await size.inputValue())).toBeGreaterThan(before)

  await tabTo(page, page.getByRole('radio', { name: 'Painted area' }))
  await press(page, 'ArrowRight')
  await expect(page.getByRole('radio', { name: 'Whole image' })).toBeChecked()

  const form = page.getByRole('form', { name: 'Edit request' })
  await tabTo(page, form.getByLabel('What should change?'))
  await typeText(page, 'make it winter')
  await tabTo(page, form.getByRole('button', { name: 'Send edit' }))
  // Second known gap: Send edit is disabled while sending, which drops the focus to the page again.
  test.info().annotations.push({ type: 'issue', description: 'Edit: focus is lost after Send edit' })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('slider', { name: 'Before and after' })).toBeVisible({ timeout: 45_000 })
  await page.screenshot({ path: '/tmp/kb/edit-result.png' })
  expect(outsideRequests).toEqual([])
})
