import { renameSync } from 'node:fs'
import { userInfo } from 'node:os'
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test'
import type { ApiClient } from '../../src/shared/client'
import sharp from 'sharp'
import type { LocationSaveInput } from '../../src/shared/schemas/locations'
import type { z } from 'zod'
import { tEXt, withChunks } from '../helpers/pngChunks'
import { makeTempDir } from '../helpers/tempDir'
import { expectAxeClean } from './support/axe'
import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'
import { contractClient } from './support/queueClient'
import { startS3Process, type S3Process } from './support/s3Process'
import { startWebHostProcess, type RunningWebHost } from './support/webHost'

/**
 * The team library from the gallery (docs/ARCHITECTURE.md §6.1), between two studios on two data folders
 * that share one team location, as two designers use it: one imports two images, puts them on a board and
 * shares it; the other syncs and finds the board with both images, each saying who shared it. Then the
 * teammate keeps both images and renames the board, both sync, and the first has both changes. Once
 * through a shared folder (a temp directory), once through a real S3 server (s3rver).
 */

const SHOTS = process.env.GS_SHOTS_DIR
const BUCKET = 'team-library'
const LOCATION = 'Studio share'
/** Who a team image says shared it: the backend names a device by the user it runs as. */
const AUTHOR = userInfo().username

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' })
}

/** A small picture (a sun over water) whose file says its prompt, as Automatic1111 writes it. */
async function picture(prompt: string, sky: string, sea: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <rect width="480" height="200" fill="${sky}"/><rect y="200" width="480" height="120" fill="${sea}"/>
    <circle cx="330" cy="150" r="46" fill="#ffd27a"/></svg>`
  const png = await sharp(Buffer.from(svg)).png().toBuffer()
  return withChunks(png, [tEXt('parameters', `${prompt}\nSteps: 20, Seed: 42, Size: 480x320`)])
}

/** A studio's own browser window: the media cookie is per host name, not per port. */
async function windowOf(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, locale: 'en-US' })
  return { context, page: await context.newPage() }
}

type Place = 'a shared folder' | 'a bucket'

let s3: S3Process | null = null
test.afterAll(async () => {
  await s3?.stop()
  s3 = null
})

async function settingsFor(place: Place, folder: string): Promise<z.input<typeof LocationSaveInput>> {
  if (place === 'a shared folder')
    return { name: LOCATION, settings: { kind: 'folder', path: folder }, credentials: null }
  s3 ??= await startS3Process([BUCKET])
  return {
    name: LOCATION,
    settings: {
      kind: 's3',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: BUCKET,
      // Each run its own folder in the bucket: the two studios meet there and nowhere else.
      prefix: `studio-${Date.now().toString(36)}/`,
      pathStyle: true
    },
    credentials: { kind: 's3', ...s3.credentials }
  }
}

/** Waits until every thumbnail in view has arrived (a team image's comes from its segment's thumbnail pack). */
async function thumbnailsShown(grid: Locator): Promise<void> {
  await expect
    .poll(() =>
      grid
        .locator('img')
        .evaluateAll((images) =>
          images.every((image) => (image as unknown as { naturalWidth: number }).naturalWidth > 0)
        )
    )
    .toBe(true)
}

/** The status beside "Sync with team": what the last sync said. */
const syncStatus = (page: Page, button = 'Sync with team'): Locator =>
  page
    .locator('.team-sync')
    .filter({ has: page.getByRole('button', { name: button }) })
    .getByRole('status')

for (const place of ['a shared folder', 'a bucket'] as const) {
  test(`a board shared through ${place} reaches a teammate with who shared it, its files come when kept, and a rename comes back [P55]`, async ({
    page,
    studio,
    browser
  }) => {
    test.setTimeout(240_000)
    const slug = place === 'a shared folder' ? 'folder' : 's3'
    const shared = makeTempDir('gs-e2e-team-share-')
    let teammate: RunningWebHost | null = null
    let second: { context: BrowserContext; page: Page } | null = null
    const clients: { close: () => void }[] = []
    try {
      // Both studios get the same team location, as Settings › Team locations saves it: the teammate's
      // now, the first designer's once the dialog has said there is none yet.
      teammate = await startWebHostProcess()
      const location = await settingsFor(place, shared.dir)
      const saveLocation = async (host: RunningWebHost): Promise<ApiClient> => {
        const client = await contractClient(host)
        clients.push(client)
        const saved = await client.api.invoke('locations.save', location)
        expect(saved.lastCheck?.ok).toBe(true)
        return client.api
      }
      const teammateApi = await saveLocation(teammate)

      // The first designer: two images imported, a board made of them, the board shared with the team.
      await openStudio(page, studio)
      await openScreen(page, 'Gallery')
      await page.getByRole('button', { name: 'Import…' }).first().click()
      const importDialog = page.getByRole('dialog', { name: 'Import images' })
      await importDialog.locator('input[type="file"]').setInputFiles([
        {
          name: 'boat.png',
          mimeType: 'image/png',
          buffer: await picture('a paper boat on a pond', '#9cc7e8', '#3c6e8f')
        },
        {
          name: 'dusk.png',
          mimeType: 'image/png',
          buffer: await picture('a lighthouse at dusk', '#e8a27c', '#3d3a6b')
        }
      ])
      await expect(page.getByRole('status').filter({ hasText: '2 images imported.' })).toBeVisible({
        timeout: 30_000
      })
      const grid = page.getByRole('listbox', { name: 'Images' })
      await expect(grid.getByRole('option')).toHaveCount(2)
      await page.getByRole('button', { name: 'Select all' }).click()
      await page.getByRole('button', { name: 'Add to board…' }).click()
      const addDialog = page.getByRole('dialog', { name: 'Add 2 images to a board' })
      await addDialog.getByLabel('A new board').check()
      await addDialog.getByLabel('New board name').fill('Moodboard')
      await addDialog.getByRole('button', { name: 'Add to board' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Added 2 images to Moodboard.' })).toBeVisible()
      const boards = page.getByRole('list', { name: 'Boards' })
      await boards.getByRole('button', { name: /^Moodboard/ }).click()
      await expect(grid.getByRole('option')).toHaveCount(2)

      // No team location yet: the dialog says what one is and where to add it, and shares nothing.
      await expect(page.getByRole('button', { name: 'Sync with team' })).toHaveCount(0)
      await page.getByRole('button', { name: 'Share with team…' }).click()
      const share = page.getByRole('dialog', { name: 'Share “Moodboard” with the team' })
      await expect(share).toContainText('There is no team location on this computer yet.')
      await expect(share.getByRole('button', { name: 'Open Settings' })).toBeFocused()
      await shot(page, `team-share-none-${slug}`)
      await expectAxeClean(page, `Gallery › Share with team, no location (${place})`)
      await share.getByRole('button', { name: 'Cancel' }).click()
      await expect(share).toBeHidden()

      await saveLocation(studio)
      await page.getByRole('button', { name: 'Share with team…' }).click()
      const choice = share.getByRole('radio', { name: new RegExp(`^${LOCATION}`) })
      await expect(choice).toBeChecked()
      await expect(choice).toBeFocused()
      await expect(share).toContainText(
        `The board’s 2 images go to ${LOCATION}, with their prompts and whether each is kept or rejected.`
      )
      await expect(share).toContainText('Nothing is ever deleted at the location.')
      await shot(page, `team-share-dialog-${slug}`)
      await expectAxeClean(page, `Gallery › Share with team (${place})`)
      await share.getByRole('button', { name: 'Share', exact: true }).click()
      await expect(share.getByRole('status')).toContainText(
        `Shared with ${LOCATION}. Teammates see “Moodboard” after they sync.`,
        { timeout: 60_000 }
      )
      await shot(page, `team-share-done-${slug}`)
      await share.getByRole('button', { name: 'Done' }).click()
      await expect(share).toBeHidden()
      await expect(boards.getByRole('button', { name: /^Moodboard/ })).toHaveAccessibleName(
        `Moodboard 2 shared with ${LOCATION}`
      )

      // The teammate, on a fresh gallery: Sync with team brings the board and both images.
      second = await windowOf(browser)
      const page2 = second.page
      await openStudio(page2, teammate)
      await openScreen(page2, 'Gallery')
      await expect(page2.getByText('No images yet')).toBeVisible()
      await page2.getByRole('button', { name: 'Sync with team' }).click()
      await expect(syncStatus(page2)).toHaveText('2 new images from the team.', { timeout: 60_000 })
      const boards2 = page2.getByRole('list', { name: 'Boards' })
      const teamBoard = boards2.getByRole('button', { name: /^Moodboard/ })
      await expect(teamBoard).toHaveAccessibleName(`Moodboard 2 shared with ${LOCATION}`)
      await teamBoard.click()
      const grid2 = page2.getByRole('listbox', { name: 'Images' })
      await expect(grid2.getByRole('option')).toHaveCount(2)
      await expect(grid2.getByRole('option', { name: /a paper boat on a pond/ })).toBeVisible()
      await thumbnailsShown(grid2)
      // Thumbnails first: each tile shows its cloud, the full files still at the team location.
      const away = (prompt: string): Locator =>
        grid2.getByRole('option', { name: `${prompt}, full file on the team location` })
      await expect(grid2.locator('.tile-away')).toHaveCount(2)
      await shot(page2, `team-synced-gallery-${slug}`)
      await expectAxeClean(page2, `Gallery after a team sync (${place})`)

      await grid2.getByRole('option', { name: /a lighthouse at dusk/ }).click()
      const details = page2.getByRole('complementary', { name: 'Image details' })
      await expect(details).toContainText(`From the team · shared by ${AUTHOR} via ${LOCATION}`)
      await expect(details).toContainText('a lighthouse at dusk')
      await expect(details).not.toContainText('Imported from')
      await expect(details.getByRole('img')).toHaveJSProperty('complete', true)
      await shot(page2, `team-image-details-${slug}`)
      await expectAxeClean(page2, `Gallery › a team image's details (${place})`)

      // Opened, that image's file came: its tile loses the cloud as it stands; the other keeps its own
      // until the board's files are kept here, which brings it and takes that cloud off too [P55].
      await expect(away('a lighthouse at dusk')).toHaveCount(0)
      await expect(grid2.getByRole('option', { name: 'a lighthouse at dusk' })).toBeVisible()
      await expect(away('a paper boat on a pond')).toBeVisible()
      const keepFiles = page2.getByRole('button', { name: 'Keep files on this computer' })
      await keepFiles.click()
      await expect(keepFiles).toHaveAttribute('aria-pressed', 'true')
      await expect(grid2.locator('.tile-away')).toHaveCount(0, { timeout: 30_000 })
      await expect(grid2.getByRole('option', { name: 'a paper boat on a pond' })).toBeVisible()

      // Edits both ways: the teammate keeps both images and renames the board, then syncs; the first
      // designer syncs and has them.
      const keep = details.getByRole('button', { name: 'Keep', exact: true })
      await keep.click()
      await expect(keep).toHaveAttribute('aria-pressed', 'true')
      await grid2.getByRole('option', { name: /a paper boat on a pond/ }).click()
      await expect(details).toContainText('a paper boat on a pond')
      await details.getByRole('button', { name: 'Keep', exact: true }).click()
      await expect(details.getByRole('button', { name: 'Keep', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true'
      )
      await page2.getByRole('button', { name: 'Close details' }).click()
      await page2.getByRole('button', { name: 'Rename…' }).click()
      await page2.getByLabel('Board name', { exact: true }).fill('Final picks')
      await page2.getByRole('button', { name: 'Rename', exact: true }).click()
      await expect(boards2.getByRole('button', { name: /^Final picks/ })).toBeVisible()
      await page2.getByRole('button', { name: 'Sync with team' }).click()
      await expect(syncStatus(page2)).toHaveText('Your changes went to the team. Nothing new from them.', {
        timeout: 60_000
      })

      await page.getByRole('button', { name: 'Sync with team' }).click()
      await expect(syncStatus(page)).toHaveText('Changes from the team are in. No new images.', {
        timeout: 60_000
      })
      await expect(boards.getByRole('button', { name: /^Final picks/ })).toHaveAccessibleName(
        `Final picks 2 shared with ${LOCATION}`
      )
      await expect(boards.getByRole('button', { name: /^Moodboard/ })).toHaveCount(0)
      await expect(grid.getByRole('option')).toHaveCount(2)
      const mine = page.getByRole('complementary', { name: 'Image details' })
      for (const prompt of ['a paper boat on a pond', 'a lighthouse at dusk']) {
        await grid.getByRole('option', { name: new RegExp(prompt) }).click()
        await expect(mine).toContainText(prompt)
        await expect(mine.getByRole('button', { name: 'Keep', exact: true })).toHaveAttribute(
          'aria-pressed',
          'true'
        )
        await expect(mine.getByRole('button', { name: 'Reject', exact: true })).toHaveAttribute(
          'aria-pressed',
          'false'
        )
      }
      await shot(page, `team-kept-back-${slug}`)
      await page.getByRole('button', { name: 'Close details' }).click()
      await thumbnailsShown(grid)
      await shot(page, `team-rename-back-${slug}`)

      // The teammate's screen dark and in 简体中文 stays axe-clean too. After a reload the board keeps its
      // mark: which boards are linked is the backend's to say (team.boards), not this window's memory.
      await teammateApi.invoke('settings.update', { theme: 'dark', language: 'zh-CN' })
      await page2.reload()
      const nav = page2.getByRole('navigation', { name: '主导航' })
      await nav.getByRole('button', { name: '图库' }).click()
      await expect(
        page2.getByRole('button', { name: new RegExp(`^Final picks 2 已共享到 ${LOCATION}`) })
      ).toBeVisible()
      await page2.getByRole('button', { name: '与团队同步' }).click()
      await expect(syncStatus(page2, '与团队同步')).toHaveText('已是最新。', { timeout: 60_000 })
      await page2
        .getByRole('listbox', { name: '图片' })
        .getByRole('option', { name: /a paper boat on a pond/ })
        .click()
      await expect(page2.getByRole('complementary', { name: '图片详情' })).toContainText(
        `来自团队 · 由 ${AUTHOR} 通过“${LOCATION}”共享`
      )
      await expect(
        page2
          .getByRole('complementary', { name: '图片详情' })
          .getByRole('button', { name: '保留', exact: true })
      ).toHaveAttribute('aria-pressed', 'true')
      await thumbnailsShown(page2.getByRole('listbox', { name: '图片' }))
      await shot(page2, `team-details-dark-zh-${slug}`)
      await expectAxeClean(page2, `Gallery › a team image's details, dark, 简体中文 (${place})`)

      // The share goes away (a NAS unmounted): the Queue says why the sync failed and keeps saying it,
      // with Sync now, until a sync reaches the location again.
      if (place === 'a shared folder') {
        renameSync(shared.dir, `${shared.dir}-away`)
        await page.getByRole('button', { name: 'Sync with team' }).click()
        await openScreen(page, 'Queue')
        const band = page.getByRole('listitem', { name: `Could not sync with ${LOCATION}` })
        await expect(band).toContainText('The bucket or folder of this team location is not there.', {
          timeout: 60_000
        })
        await expect(band).toContainText('Changes made here wait and go out once it can be reached.')
        await shot(page, `team-queue-failed-${slug}`)
        await expectAxeClean(page, `Queue › a team sync that failed (${place})`)
        renameSync(`${shared.dir}-away`, shared.dir)
        await band.getByRole('button', { name: 'Sync now' }).click()
        await expect(band).toBeHidden({ timeout: 60_000 })
      }
    } finally {
      for (const client of clients) client.close()
      await second?.context.close()
      await teammate?.stop()
      shared.cleanup()
    }
  })
}
