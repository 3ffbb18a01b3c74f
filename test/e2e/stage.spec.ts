import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import type { ApiClient } from '../../src/shared/client'
import { isBlocking, report, scan } from './support/axe'
import { startEmulatorProcess, type EmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'
import { seedDataDir } from './support/gallerySeed'
import { contractClient, emulatorControl, useEmulatorProfile } from './support/queueClient'
import { imagesOf, jobCard } from './support/studio'
import { startWebHostProcess } from './support/webHost'

/*
 * Issue 14, the stage and true-aspect tiles: results of four shapes made by the emulator (real files of
 * the requested size) are measured on screen, in the results feed, the stage and the Gallery; the stage's
 * fit and 1:1, pan, arrows and Escape are driven by keyboard and mouse; the grid stays virtualized.
 */

const SHOTS = process.env.STUDIO_SHOTS ?? 'test-results'

let emulator: EmulatorProcess

test.beforeAll(async () => {
  emulator = await startEmulatorProcess()
})

test.afterAll(async () => {
  await emulator.stop()
})

const SHAPES = [
  { prompt: 'a wide harbour at dawn', size: '2048x1152', ratio: 16 / 9, n: 2 },
  { prompt: 'a square tile of moss', size: '1024x1024', ratio: 1, n: 1 },
  { prompt: 'a tall lighthouse at night', size: '1152x2048', ratio: 9 / 16, n: 1 },
  { prompt: 'a 4:3 postcard of the sea', size: '2048x1536', ratio: 4 / 3, n: 1 }
] as const
const CUTOUT = { prompt: 'a cut-out paper bird', size: '1536x1024', ratio: 3 / 2 }

async function submit(api: ApiClient, body: { prompt: string } & Record<string, unknown>): Promise<string> {
  const job = await api.invoke('jobs.submit', {
    request: { endpoint: 'imagesV3', body: { model: 'studio-image-v3', output_format: 'png', ...body } }
  })
  return job.id
}

/** The rendered box of an element, which must exist and have a size. */
async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox()
  expect(box, 'the element has a rendered box').not.toBeNull()
  if (!box) throw new Error('no box')
  expect(box.width).toBeGreaterThan(0)
  return box
}

/** Width over height of what is on screen, within 1% of the file's own ratio. */
async function expectRatio(locator: Locator, ratio: number, what: string): Promise<void> {
  const box = await boxOf(locator)
  const shown = box.width / box.height
  expect(
    Math.abs(shown / ratio - 1),
    `${what}: ${box.width}×${box.height} should keep ${ratio}`
  ).toBeLessThan(0.01)
}

/** The computed background image of an element (the e2e code has no DOM types: the page's are reached by shape). */
const backgroundOf = (locator: Locator): Promise<string> =>
  locator.evaluate((el) => {
    const view = globalThis as unknown as { getComputedStyle(e: unknown): { backgroundImage: string } }
    return view.getComputedStyle(el).backgroundImage
  })

async function setTheme(page: Page, api: ApiClient, theme: 'light' | 'dark'): Promise<void> {
  await api.invoke('settings.update', { theme })
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
}

test('results, the stage and the Gallery keep each image’s true aspect ratio; the stage zooms, pans and pages', async ({
  page,
  studio,
  outsideRequests
}) => {
  test.setTimeout(180_000)
  const { api, close } = await contractClient(studio)
  const control = emulatorControl(emulator)
  try {
    await useEmulatorProfile(api, emulator)
    await control.clearLog()
    const ids: string[] = []
    for (const shape of SHAPES)
      ids.push(await submit(api, { prompt: shape.prompt, size: shape.size, n: shape.n }))
    ids.push(await submit(api, { prompt: CUTOUT.prompt, size: CUTOUT.size, background: 'transparent' }))
    await expect
      .poll(
        async () => (await Promise.all(ids.map((id) => api.invoke('jobs.get', { id })))).map((j) => j.status),
        {
          timeout: 60_000
        }
      )
      .toEqual(ids.map(() => 'succeeded'))
    const posts = async (): Promise<number> =>
      (await control.log()).filter((r) => r.method === 'POST' && r.path === '/v3/images/generations').length
    // One request per job asked for: n images come in one answer.
    expect(await posts()).toBe(ids.length)

    await openStudio(page, studio)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' }).click()

    // The results feed: every tile at its file's shape, laid out before and after the thumbnail loads.
    for (const shape of [...SHAPES, CUTOUT]) {
      const tile = imagesOf(jobCard(page, shape.prompt)).first()
      await expect(tile.locator('img')).toHaveJSProperty('complete', true)
      await expectRatio(tile, shape.ratio, `result tile of ${shape.size}`)
      await expectRatio(tile.locator('img'), shape.ratio, `result image of ${shape.size}`)
    }
    // A transparent result shows the checkerboard through its transparent pixels.
    const cutoutTile = imagesOf(jobCard(page, CUTOUT.prompt)).first()
    expect(await backgroundOf(cutoutTile)).toContain('conic-gradient')
    // Tall enough to see the whole feed of mixed shapes at once.
    await page.setViewportSize({ width: 1360, height: 1800 })
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, api, theme)
      await page.screenshot({ path: `${SHOTS}/stage-results-${theme}.png` })
    }
    await page.setViewportSize({ width: 1360, height: 860 })
    await setTheme(page, api, 'light')

    // The stage, at fit: large, at 16:9, with a filmstrip of the job's two images.
    await imagesOf(jobCard(page, SHAPES[0].prompt)).first().click()
    const stage = page.getByRole('dialog', { name: 'Image 1 of 2' })
    await expect(stage).toBeVisible()
    const image = stage.getByRole('img', { name: SHAPES[0].prompt })
    await expect(image).toHaveJSProperty('complete', true)
    await expectRatio(image, 16 / 9, 'stage at fit')
    const fit = await boxOf(image)
    expect(fit.width).toBeGreaterThan(700)
    await expect(stage.getByRole('list', { name: 'Images of this job' }).getByRole('button')).toHaveCount(2)
    await expect(stage.getByRole('button', { name: 'Fit to the window' })).toHaveAttribute(
      'aria-pressed',
      'true'
    )
    await expect(stage.getByText('Parameters')).toBeVisible()
    await expect(stage.getByText('2048x1152')).toBeVisible()
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, api, theme)
      await page.screenshot({ path: `${SHOTS}/stage-fit-${theme}.png` })
      const blocking = (await scan(page, `stage (${theme})`)).filter(isBlocking)
      expect(blocking.length, report(blocking)).toBe(0)
    }

    // 1:1 by keyboard: one file pixel per device pixel, panned by the arrow keys and by dragging.
    const ratio = await page.evaluate(
      () => (globalThis as unknown as { devicePixelRatio: number }).devicePixelRatio
    )
    await page.keyboard.press('z')
    await expect(stage.getByRole('button', { name: 'Show at actual size (1:1)' })).toHaveAttribute(
      'aria-pressed',
      'true'
    )
    await expect.poll(async () => (await boxOf(image)).width).toBeCloseTo(2048 / ratio, 0)
    await expectRatio(image, 16 / 9, 'stage at 1:1')
    const before = await boxOf(image)
    await page.keyboard.press('ArrowRight')
    await expect.poll(async () => (await boxOf(image)).x).toBeCloseTo(before.x - 80, 0)
    await expect(stage).toHaveAccessibleName('Image 1 of 2')
    const canvas = await boxOf(stage.locator('.stage-canvas'))
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2)
    await page.mouse.down()
    await page.mouse.move(canvas.x + canvas.width / 2 + 120, canvas.y + canvas.height / 2 + 60, { steps: 4 })
    await page.mouse.up()
    const dragged = await boxOf(image)
    expect(dragged.x).toBeCloseTo(before.x - 80 + 120, 0)
    expect(dragged.y).toBeCloseTo(before.y + 60, 0)
    await page.screenshot({ path: `${SHOTS}/stage-actual-dark.png` })
    await setTheme(page, api, 'light')
    await page.screenshot({ path: `${SHOTS}/stage-actual-light.png` })

    // Back to fit with 0; then → pages to the job's second image, ← back; Escape closes.
    await page.keyboard.press('0')
    await expectRatio(image, 16 / 9, 'stage back at fit')
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('dialog', { name: 'Image 2 of 2' })).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Images of this job' }).getByRole('button', { name: 'Image 2 of 2' })
    ).toHaveAttribute('aria-current', 'true')
    await page.keyboard.press('ArrowLeft')
    await expect(page.getByRole('dialog', { name: 'Image 1 of 2' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // Tall and transparent on the stage.
    await imagesOf(jobCard(page, SHAPES[2].prompt)).first().click()
    await expectRatio(
      page.getByRole('dialog').getByRole('img', { name: SHAPES[2].prompt }),
      9 / 16,
      'tall stage'
    )
    await page.keyboard.press('Escape')
    await imagesOf(jobCard(page, CUTOUT.prompt)).first().click()
    const cutout = page.getByRole('dialog').getByRole('img', { name: CUTOUT.prompt })
    await expect(cutout).toHaveJSProperty('complete', true)
    await expectRatio(cutout, CUTOUT.ratio, 'transparent stage')
    expect(await backgroundOf(cutout)).toContain('conic-gradient')
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, api, theme)
      await page.screenshot({ path: `${SHOTS}/stage-transparent-${theme}.png` })
    }
    await page.keyboard.press('Escape')
    await setTheme(page, api, 'light')

    // The Gallery's tiles keep the same shapes.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Gallery' }).click()
    const grid = page.getByRole('listbox', { name: 'Images' })
    for (const shape of [...SHAPES, CUTOUT]) {
      const tile = grid.getByRole('option', { name: shape.prompt }).first()
      await expectRatio(tile, shape.ratio, `gallery tile of ${shape.size}`)
      await expectRatio(tile.locator('img'), shape.ratio, `gallery image of ${shape.size}`)
    }
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, api, theme)
      await page.screenshot({ path: `${SHOTS}/stage-gallery-${theme}.png` })
    }

    // From the Gallery: the tile's expand mark shows the image on the stage, its filmstrip the grid's
    // neighbours (a double-click works once the details are open and the grid holds still).
    const wideTile = grid.getByRole('option', { name: SHAPES[0].prompt }).first()
    await wideTile.hover()
    await wideTile.locator('.tile-expand').click()
    const fromGallery = page.getByRole('dialog', { name: /^Image \d of 6$/ })
    await expect(
      fromGallery.getByRole('list', { name: 'Neighbouring images' }).getByRole('button')
    ).toHaveCount(6)
    const wide = fromGallery.getByRole('img', { name: SHAPES[0].prompt })
    await expect(wide).toHaveJSProperty('complete', true)
    await expectRatio(wide, 16 / 9, 'stage opened from the Gallery')
    // Beside it, the job as the Images stage says it: parameters, and the group's usage said once as the job's.
    const galleryJob = fromGallery.getByRole('region', { name: 'This job' })
    await expect(galleryJob.getByText('output_format')).toBeVisible()
    await expect(galleryJob.getByText('2048x1152')).toBeVisible()
    await expect(galleryJob.getByText(/tokens for the whole job of 2 images, not per image/)).toBeVisible()
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, api, theme)
      await page.screenshot({ path: `${SHOTS}/stage-gallery-details-${theme}.png` })
    }
    await setTheme(page, api, 'light')
    const first = await fromGallery.getByRole('heading').first().textContent()
    await page.keyboard.press('ArrowRight')
    await expect(fromGallery.getByRole('heading').first()).not.toHaveText(first ?? '')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await wideTile.dblclick()
    await expect(page.getByRole('dialog', { name: /^Image \d of 6$/ })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // By keyboard: focus went back to the tile, whose details are open, so Enter shows it large.
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: /^Image \d of 6$/ })).toBeVisible()
    await page.keyboard.press('Escape')

    // Looking at results sends nothing to the gateway.
    expect(await posts()).toBe(ids.length)
    expect(outsideRequests).toEqual([])
  } finally {
    close()
  }
})

test('the Gallery grid stays virtualized: DOM tiles stay bounded by the screen at 3,000 images', async ({
  page
}) => {
  test.setTimeout(120_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-e2e-stage-'))
  await seedDataDir(dataDir, { count: 3000, distinct: 40, size: 256 })
  const host = await startWebHostProcess(dataDir)
  try {
    await openStudio(page, host)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Gallery' }).click()
    const grid = page.getByRole('listbox', { name: 'Images' })
    await expect(grid.getByRole('option').first()).toBeVisible()
    const scroller = page.locator('.gallery-scroll')
    const view = await boxOf(scroller)
    // Rows aim at 200 px: the screen's rows, two either side, and a row's worth of tiles at most each.
    const rowsOnScreen = Math.ceil(view.height / 200) + 1
    const bound = (rowsOnScreen + 4) * Math.ceil(view.width / 100)
    const count = (): Promise<number> => page.locator('.gallery-tile').count()
    expect(await count()).toBeLessThanOrEqual(bound)
    expect(await count()).toBeGreaterThan(4)
    const total = (await boxOf(grid)).height
    expect(total).toBeGreaterThan(view.height * 20)
    for (const fraction of [0.25, 0.5, 0.95]) {
      await scroller.evaluate((el, f) => {
        const box = el as unknown as { scrollHeight: number; scrollTop: number }
        box.scrollTop = box.scrollHeight * f
      }, fraction)
      await expect(grid.getByRole('option').first()).toBeVisible()
      expect(await count()).toBeLessThanOrEqual(bound)
    }

    // The Images screen's results feed too: a screenful of job cards, whatever has been scrolled through,
    // and older jobs load as the end comes near.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' }).click()
    const cards = page.locator('.job-list').getByRole('article')
    await expect(cards.first()).toBeVisible()
    const feed = page.locator('.results')
    const listHeight = (): Promise<number> => boxOf(page.locator('.job-list')).then((box) => box.height)
    const first = await listHeight()
    for (let i = 0; i < 4; i++) {
      await feed.evaluate((el) => {
        const box = el as unknown as { scrollHeight: number; scrollTop: number }
        box.scrollTop = box.scrollHeight
      })
      await page.waitForTimeout(300)
    }
    await expect.poll(listHeight).toBeGreaterThan(first)
    expect(await cards.count()).toBeGreaterThan(0)
    expect(await cards.count()).toBeLessThanOrEqual(14)
  } finally {
    await host.stop()
  }
})
