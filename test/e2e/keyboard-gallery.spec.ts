import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { connectApi, generateImages } from './support/galleryApi'
import { expect, openStudio, test } from './support/fixtures'
import { goToByKeys, press, tabTo } from './support/keyboard'

const PROMPTS = ['a lighthouse at dawn', 'a ceramic teapot', 'a red fox in the snow']

/*
 * Issue 16, keyboard only: in the Gallery, Tab into the images, walk them with the arrows, select two with
 * Space, export them from the dialog by keys and download the zip by Enter; the zip holds exactly those two.
 */
test('keyboard only: two gallery images are selected and exported', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(90_000)
  const { api, close } = await connectApi(studio)
  await api.invoke('models.refresh', { profileId: 'demo' })
  await generateImages(api, PROMPTS)
  close()

  await openStudio(page, studio)
  await goToByKeys(page, 'Gallery')
  const grid = page.getByRole('listbox', { name: 'Images' })
  const options = grid.getByRole('option')
  await expect(options).toHaveCount(3)

  await tabTo(page, options.first())
  await press(page, 'Space')
  await press(page, 'ArrowRight')
  await press(page, 'ArrowRight')
  await expect(options.nth(2)).toBeFocused()
  await press(page, 'Space')
  await expect(page.getByText('2 selected images of 3')).toBeVisible()
  const selected = [
    (await options.nth(0).getAttribute('aria-label')) ?? '',
    (await options.nth(2).getAttribute('aria-label')) ?? ''
  ]
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true')
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'false')

  await tabTo(page, page.getByRole('button', { name: 'Export selected…' }), { max: 80 })
  await press(page, 'Enter')
  const dialog = page.getByRole('dialog', { name: 'Export images' })
  await expect(dialog.getByLabel('The 2 selected images')).toBeChecked()
  await expect(dialog.getByLabel('Zip file')).toBeChecked()
  await tabTo(page, dialog.getByRole('button', { name: 'Start export' }))
  await press(page, 'Enter')
  await expect(dialog).toBeHidden()

  const link = page.getByRole('region', { name: 'Exports' }).getByRole('link', { name: 'Download zip' })
  await expect(link).toBeVisible({ timeout: 20_000 })
  const download = page.waitForEvent('download')
  await tabTo(page, link, { max: 80 })
  await press(page, 'Enter')
  const zipPath = join(mkdtempSync(join(tmpdir(), 'gs-e2e-kb-zip-')), 'export.zip')
  await (await download).saveAs(zipPath)
  const files = unzipSync(readFileSync(zipPath))
  const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? []).toString('utf8')) as {
    images: { file: string; prompt: string }[]
  }
  expect(manifest.images.map((image) => image.prompt).sort()).toEqual([...selected].sort())
  for (const image of manifest.images) expect(files[image.file]?.length).toBeGreaterThan(100)
  expect(outsideRequests).toEqual([])
})
