import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from '@playwright/test'
import { unzipSync } from 'fflate'
import { connectApi, generateImages } from './support/galleryApi'
import { seedDataDir } from './support/gallerySeed'
import { expect, openStudio, test } from './support/fixtures'
import { startWebHostProcess } from './support/webHost'

/** Where screenshots go (test-results by default; a private folder when engineers share a checkout). */
const SHOTS = process.env.GALLERY_SHOTS ?? 'test-results'

const SCRIPT_PROMPT = '<script>window.__pwned = 1</script> red fox in the snow'
const ATTR_PROMPT = '"><img src=x onerror="window.__pwned=2"> fox at dusk, \'quoted\' & <b>bold</b>'
const PLAIN_FOX = 'a quiet fox  sleeping\nunder two lines'

interface OpenedPage {
  scripts: string[]
  requests: string[]
  page: Page
  close: () => Promise<void>
}

/**
 * Opens a file in a fresh browser context, counting every script the main world parses (from the
 * debugger, so an inline script, a handler or a javascript: URL would all show) and every request.
 */
async function openFromDisk(browser: Browser, file: string): Promise<OpenedPage> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  const cdp = await context.newCDPSession(page)
  const scripts: string[] = []
  let counting = true
  cdp.on('Debugger.scriptParsed', (event) => {
    const aux = event.executionContextAuxData as { isDefault?: boolean } | undefined
    if (counting && aux?.isDefault !== false) scripts.push(event.url || '(inline)')
  })
  await cdp.send('Debugger.enable')
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' })
  // Let lazy images and anything deferred settle before the count is closed.
  await page.waitForLoadState('networkidle')
  counting = false
  return { scripts, requests, page, close: () => context.close() }
}

test('a user filters the gallery, selects images and exports a zip whose page is inert offline [P35]', async ({
  page,
  studio,
  outsideRequests,
  browser
}) => {
  const { api, close } = await connectApi(studio)
  await api.invoke('models.refresh', { profileId: 'demo' })
  await generateImages(api, [SCRIPT_PROMPT, 'lighthouse at dawn', ATTR_PROMPT, PLAIN_FOX, 'ceramic teapot'])
  close()

  await openStudio(page, studio)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Gallery' }).click()
  const grid = page.getByRole('listbox', { name: 'Images' })
  await expect(grid.getByRole('option')).toHaveCount(5)

  await page.getByLabel('Search prompts').fill('fox')
  await expect(grid.getByRole('option')).toHaveCount(3)
  await expect(page.getByText('3 images match')).toBeVisible()

  // Newest first (the order in which the three jobs finished). Click the first, shift-click the last
  // (all three), then ctrl-click the plain one away: the two hostile prompts stay selected.
  const options = grid.getByRole('option')
  const shown: string[] = []
  for (const option of await options.all()) shown.push((await option.getAttribute('aria-label')) ?? '')
  expect([...shown].sort()).toEqual([ATTR_PROMPT, PLAIN_FOX, SCRIPT_PROMPT].sort())
  await options.nth(0).click()
  await expect(
    page.getByRole('complementary', { name: 'Image details' }).getByText('studio-image-v3', { exact: true })
  ).toBeVisible()
  await options.nth(2).click({ modifiers: ['Shift'] })
  await expect(page.getByText('3 selected images of 3')).toBeVisible()
  await options.nth(shown.indexOf(PLAIN_FOX)).click({ modifiers: ['ControlOrMeta'] })
  await expect(page.getByText('2 selected images of 3')).toBeVisible()
  const selected = shown.filter((prompt) => prompt !== PLAIN_FOX)

  await page.getByRole('button', { name: 'Export selected…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export images' })
  await expect(dialog.getByLabel('The 2 selected images')).toBeChecked()
  await expect(dialog.getByLabel('Zip file')).toBeChecked()
  await dialog.getByRole('button', { name: 'Start export' }).click()

  const tray = page.getByRole('region', { name: 'Exports' })
  const download = page.waitForEvent('download')
  await tray.getByRole('link', { name: 'Download zip' }).click()
  const zipPath = join(mkdtempSync(join(tmpdir(), 'gs-e2e-zip-')), 'export.zip')
  await (await download).saveAs(zipPath)

  // The zip: exactly the two selected images, named from the template, listed in both manifests.
  const files = unzipSync(readFileSync(zipPath))
  const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? []).toString('utf8')) as {
    images: { file: string; prompt: string; model: string }[]
  }
  expect(manifest.images.map((i) => i.prompt)).toEqual(selected)
  for (const image of manifest.images) {
    expect(image.file).toMatch(/^images\/\d{4}-\d{2}-\d{2}_studio-image-v3_00[12]\.png$/)
    expect(files[image.file]?.length).toBeGreaterThan(100)
  }
  const csv = Buffer.from(files['manifest.csv'] ?? []).toString('utf8')
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3)

  // Unpacked on disk and opened as a file in a fresh page: nothing runs, nothing is fetched from anywhere
  // but the export itself, and the captions are the prompts exactly.
  const dir = mkdtempSync(join(tmpdir(), 'gs-e2e-unzipped-'))
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true })
    writeFileSync(join(dir, name), bytes)
  }
  const opened = await openFromDisk(browser, join(dir, 'index.html'))
  try {
    expect(opened.scripts).toEqual([])
    const base = pathToFileURL(dir).href
    expect(opened.requests.filter((url) => !url.startsWith(`${base}/`))).toEqual([])
    expect(opened.requests.filter((url) => !url.startsWith('file:'))).toEqual([])
    const captions = await opened.page.locator('.prompt').allTextContents()
    expect(captions).toEqual(selected)
    const shown = await opened.page.locator('img').evaluateAll((imgs) =>
      imgs.map((img) => {
        const image = img as unknown as { complete: boolean; naturalWidth: number }
        return image.complete && image.naturalWidth > 0
      })
    )
    expect(shown).toEqual([true, true])
    expect(await opened.page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)).toBeUndefined()
    await opened.page.screenshot({ path: `${SHOTS}/gallery-export-page.png`, fullPage: true })
  } finally {
    await opened.close()
  }

  // The detector itself works: a page with a script is caught.
  const control = join(dir, 'control.html')
  writeFileSync(control, '<!doctype html><p>x</p><script>document.title = "ran"</script>')
  const caught = await openFromDisk(browser, control)
  expect(caught.scripts.length).toBeGreaterThan(0)
  await caught.close()

  // The detail's job link opens that job on the Queue screen.
  await page
    .getByRole('complementary', { name: 'Image details' })
    .getByRole('button', { name: 'Open in Queue' })
    .click()
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Queue' })
  ).toHaveAttribute('aria-current', 'page')

  expect(outsideRequests).toEqual([])
})

test('screenshots: empty, full, filtered, detail, selection with export progress, usage; light and dark', async ({
  page,
  studio
}) => {
  // Each theme exports 2,999 images, each copy with its story written in by ExifTool (issue 26).
  test.setTimeout(420_000)
  const outside: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1') && !request.url().startsWith('ws://127.0.0.1'))
      outside.push(request.url())
  })
  // Empty: the fresh host of the fixture.
  await openStudio(page, studio)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Gallery' }).click()
  await expect(page.getByText('No images yet')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/gallery-empty-light.png` })
  const empty = await connectApi(studio)
  await empty.api.invoke('settings.update', { theme: 'dark' })
  empty.close()
  await page.goto('about:blank')
  await openStudio(page, studio)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Gallery' }).click()
  await expect(page.getByText('No images yet')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/gallery-empty-dark.png` })

  const dataDir = mkdtempSync(join(tmpdir(), 'gs-e2e-gallery-'))
  await seedDataDir(dataDir, { count: 3000, distinct: 120, size: 320 })
  const host = await startWebHostProcess(dataDir)
  try {
    for (const theme of ['light', 'dark'] as const) {
      const { api, close } = await connectApi(host)
      await api.invoke('settings.update', { theme })
      close()
      // A fresh page load each time (the same URL again would only change the fragment).
      await page.goto('about:blank')
      await openStudio(page, host)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Gallery' }).click()
      const grid = page.getByRole('listbox', { name: 'Images' })
      await expect(grid.getByRole('option').first()).toBeVisible()
      await expect(page.getByText('3,000 images')).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/gallery-full-${theme}.png` })

      await page.getByLabel('Search prompts').fill('fox')
      await page.getByLabel('Model').selectOption('studio-image-v3')
      await expect(page.getByText(/^\d+ images match$/)).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/gallery-filtered-${theme}.png` })

      await grid.getByRole('option').nth(1).click()
      const details = page.getByRole('complementary', { name: 'Image details' })
      await expect(details.getByRole('heading', { name: 'Prompt', exact: true })).toBeVisible()
      await expect(details.getByRole('img')).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/gallery-detail-${theme}.png` })

      await page.getByRole('button', { name: 'Clear filters' }).first().click()
      await expect(page.getByText('3,000 images')).toBeVisible()
      await grid.getByRole('option').nth(0).click()
      await grid
        .getByRole('option')
        .nth(7)
        .click({ modifiers: ['Shift'] })
      await page.getByRole('button', { name: 'Select all' }).click()
      await grid
        .getByRole('option')
        .nth(2)
        .click({ modifiers: ['ControlOrMeta'] })
      await expect(page.getByText('2,999 selected images of 3,000')).toBeVisible()
      await page.getByRole('button', { name: 'Export selected…' }).click()
      await page
        .getByRole('dialog', { name: 'Export images' })
        .screenshot({ path: `${SHOTS}/gallery-export-dialog-${theme}.png` })
      await page.getByRole('dialog', { name: 'Export images' }).getByLabel('Folder', { exact: true }).check()
      await page.getByRole('button', { name: 'Start export' }).click()
      await expect(page.getByRole('progressbar')).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/gallery-export-progress-${theme}.png` })
      await expect(
        page.getByRole('region', { name: 'Exports' }).getByText(/Exported 2,999 images/)
      ).toBeVisible({ timeout: 150_000 })
      await page.screenshot({ path: `${SHOTS}/gallery-export-done-${theme}.png` })
      await page.getByRole('button', { name: 'Dismiss' }).click()

      await page.getByRole('tab', { name: 'Usage' }).click()
      await expect(page.getByRole('region', { name: 'By model' })).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/gallery-usage-${theme}.png`, fullPage: true })
      await page.getByRole('tab', { name: 'Images' }).click()
    }
  } finally {
    await host.stop()
  }
  expect(outside).toEqual([])
})
