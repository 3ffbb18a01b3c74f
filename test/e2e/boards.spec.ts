import { readFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { connectApi, generateImages } from './support/galleryApi'
import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'

const SHOTS = process.env.GALLERY_SHOTS ?? 'test-results'

test('a designer collects images on a board, finds it after a restart, and exports the board (issue 14)', async ({
  page,
  studio,
  restartStudio
}) => {
  const { api, close } = await connectApi(studio)
  await api.invoke('models.refresh', { profileId: 'demo' })
  await generateImages(api, ['red fox in the snow', 'a lighthouse at dawn', 'ceramic teapot', 'fox at dusk'])
  close()

  await openStudio(page, studio)
  await openScreen(page, 'Gallery')
  const grid = page.getByRole('listbox', { name: 'Images' })
  await expect(grid.getByRole('option')).toHaveCount(4)

  // Select the two foxes (search, select all in filter) and put them on a new board from the dialog.
  await page.getByLabel('Search prompts').fill('fox')
  await expect(grid.getByRole('option')).toHaveCount(2)
  await page.getByRole('button', { name: 'Select all in filter' }).click()
  await page.getByRole('button', { name: 'Add to board…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add 2 images to a board' })
  await dialog.getByLabel('A new board').check()
  await dialog.getByLabel('New board name').fill('Foxes')
  await dialog.getByRole('button', { name: 'Add to board' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added 2 images to Foxes.' })).toBeVisible()

  const boards = page.getByRole('list', { name: 'Boards' })
  await page.getByRole('button', { name: 'Clear filters' }).first().click()
  await boards.getByRole('button', { name: /^Foxes/ }).click()
  await expect(boards.getByRole('button', { name: /^Foxes/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(grid.getByRole('option')).toHaveCount(2)
  await page.screenshot({ path: `${SHOTS}/issue14-board.png` })

  // Boards are kept by the backend: after the app restarts, the same board holds the same images.
  await restartStudio()
  await openScreen(page, 'Gallery')
  await page
    .getByRole('list', { name: 'Boards' })
    .getByRole('button', { name: /^Foxes/ })
    .click()
  await expect(grid.getByRole('option')).toHaveCount(2)

  // Export the board: "Export all…" on a board exports what the board holds.
  await page.getByRole('button', { name: 'Export all…' }).click()
  const exportDialog = page.getByRole('dialog', { name: 'Export images' })
  await exportDialog.getByLabel('Zip file').check()
  await exportDialog.getByRole('button', { name: 'Start export' }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('region', { name: 'Exports' }).getByRole('link', { name: 'Download zip' }).click()
  const zipPath = join(mkdtempSync(join(tmpdir(), 'gs-e2e-board-')), 'board.zip')
  await (await download).saveAs(zipPath)
  const files = unzipSync(readFileSync(zipPath))
  const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? []).toString('utf8')) as {
    images: { prompt: string }[]
  }
  expect(manifest.images.map((image) => image.prompt).sort()).toEqual(['fox at dusk', 'red fox in the snow'])

  // Take one off, rename the board, then delete it: the images stay in the gallery.
  await grid.getByRole('option').first().click()
  await page.getByRole('button', { name: 'Remove from this board' }).click()
  await expect(grid.getByRole('option')).toHaveCount(1)
  await page.getByRole('button', { name: 'Rename…' }).click()
  await page.getByLabel('Board name', { exact: true }).fill('Best fox')
  await page.getByRole('button', { name: 'Rename', exact: true }).click()
  await expect(boards.getByRole('button', { name: /^Best fox/ })).toBeVisible()
  await page.getByRole('button', { name: 'Delete board…' }).click()
  await page.getByRole('button', { name: 'Delete board', exact: true }).click()
  await expect(boards.getByRole('button', { name: /^Best fox/ })).toHaveCount(0)
  await expect(boards.getByRole('button', { name: 'All images' })).toHaveAttribute('aria-pressed', 'true')
  await expect(grid.getByRole('option')).toHaveCount(4)
})
