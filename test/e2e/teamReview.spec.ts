import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { expectAxeClean } from './support/axe'
import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'
import { contractClient } from './support/queueClient'
import { startS3Process, type S3Process } from './support/s3Process'

/**
 * Share for review (docs/ARCHITECTURE.md §6.1): a designer puts a board on the team's bucket as a web page
 * and sends the link to someone without the app. The link opens in a plain browser tab and shows the
 * board; once the designer takes the page down, the same link finds nothing. Then the dialog in 简体中文.
 */

const SHOTS = process.env.GS_SHOTS_DIR
const BUCKET = 'team-library'

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' })
}

async function picture(sky: string, sea: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <rect width="480" height="200" fill="${sky}"/><rect y="200" width="480" height="120" fill="${sea}"/>
    <circle cx="150" cy="140" r="40" fill="#fff1c4"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

let s3: S3Process | null = null
test.afterAll(async () => {
  await s3?.stop()
  s3 = null
})

test('a review link opens the board in a plain browser tab, and finds nothing once taken down [P51]', async ({
  page,
  studio,
  context
}) => {
  test.setTimeout(180_000)
  s3 = await startS3Process([BUCKET])
  const client = await contractClient(studio)
  try {
    await client.api.invoke('locations.save', {
      name: 'Team bucket',
      settings: {
        kind: 's3',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: BUCKET,
        prefix: `review-${Date.now().toString(36)}/`,
        pathStyle: true
      },
      credentials: { kind: 's3', ...s3.credentials }
    })

    await openStudio(page, studio)
    await openScreen(page, 'Gallery')
    await page.getByRole('button', { name: 'Import…' }).first().click()
    await page
      .getByRole('dialog', { name: 'Import images' })
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'harbour.png', mimeType: 'image/png', buffer: await picture('#a9cfe8', '#2f5f7d') },
        { name: 'evening.png', mimeType: 'image/png', buffer: await picture('#f0b48c', '#463d73') }
      ])
    await expect(page.getByRole('status').filter({ hasText: '2 images imported.' })).toBeVisible({
      timeout: 30_000
    })
    await page.getByRole('button', { name: 'Select all' }).click()
    await page.getByRole('button', { name: 'Add to board…' }).click()
    const addDialog = page.getByRole('dialog', { name: 'Add 2 images to a board' })
    await addDialog.getByLabel('A new board').check()
    await addDialog.getByLabel('New board name').fill('Client round 1')
    await addDialog.getByRole('button', { name: 'Add to board' }).click()
    await page
      .getByRole('list', { name: 'Boards' })
      .getByRole('button', { name: /^Client round 1/ })
      .click()

    await page.getByRole('button', { name: 'Share for review…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share “Client round 1” for review' })
    await expect(dialog.getByRole('radio', { name: /^Team bucket/ })).toBeChecked()
    await expect(dialog.getByText('No review pages yet.')).toBeVisible()
    await dialog.getByLabel('The images only, without prompts or settings').check()
    await dialog.getByLabel('The link works for').selectOption({ label: '1 day' })
    await shot(page, 'team-review-dialog')
    await expectAxeClean(page, 'Gallery › Share for review')
    await dialog.getByRole('button', { name: 'Create review page' }).click()
    await expect(dialog.getByRole('status').first()).toContainText(
      'The review page is ready. Send this link to your reviewers:',
      { timeout: 60_000 }
    )
    const linkField = dialog.getByLabel('Review link')
    await expect(linkField).toBeFocused()
    const link = await linkField.inputValue()
    expect(link).toContain(`/${BUCKET}/review-`)
    expect(link).toContain('X-Amz-Expires=86400')
    await expect(dialog.getByRole('list').getByRole('listitem')).toHaveCount(1)
    await expect(dialog.getByRole('listitem').first()).toContainText('Team bucket · 2 images, images only')
    await expect(dialog.getByRole('listitem').first()).toContainText('The link works until')
    await shot(page, 'team-review-ready')
    await expectAxeClean(page, 'Gallery › Share for review, link ready')

    // A reviewer without the app: a plain tab, no cookie of the studio, only the link.
    const reviewer = await context.browser()?.newContext({ viewport: { width: 1200, height: 800 } })
    if (!reviewer) throw new Error('no browser to open the link in')
    try {
      const tab = await reviewer.newPage()
      const opened = await tab.goto(link)
      expect(opened?.status()).toBe(200)
      await expect(tab).toHaveTitle('Client round 1')
      await expect(tab.getByRole('heading', { name: 'Client round 1' })).toBeVisible()
      const images = tab.locator('main img')
      await expect(images).toHaveCount(2)
      await expect
        .poll(() =>
          images.evaluateAll((all) =>
            all.every((i) => (i as unknown as { naturalWidth: number }).naturalWidth === 480)
          )
        )
        .toBe(true)
      await shot(tab, 'team-review-page')

      // Taken down: the dialog says so, and the same link finds nothing.
      await dialog.getByRole('button', { name: 'Take down' }).click()
      await expect(dialog.getByRole('listitem').first()).toContainText('Taken down')
      await expect(dialog.getByLabel('Review link')).toHaveCount(0)
      const after = await tab.goto(link)
      expect(after?.status()).toBe(404)
    } finally {
      await reviewer.close()
    }

    // The same dialog in 简体中文, dark: its words and its list, axe-clean.
    await client.api.invoke('settings.update', { theme: 'dark', language: 'zh-CN' })
    await page.reload()
    await page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '图库' }).click()
    await page
      .getByRole('list', { name: '画板' })
      .getByRole('button', { name: /^Client round 1/ })
      .click()
    await page.getByRole('button', { name: '分享以供审阅…' }).click()
    const zh = page.getByRole('dialog', { name: '分享“Client round 1”以供审阅' })
    await expect(zh.getByLabel('链接有效期')).toBeVisible()
    await expect(zh.getByRole('listitem').first()).toContainText('已撤下')
    await shot(page, 'team-review-dialog-dark-zh')
    await expectAxeClean(page, 'Gallery › Share for review, dark, 简体中文')
  } finally {
    client.close()
  }
})
