import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { createBackend } from '../../src/main/backend'
import { createKeyFileCipher } from '../../src/main/secrets/cipher'
import { startWebHost } from '../../src/main/web/server'
import { seedDataDir } from '../../test/e2e/support/gallerySeed'
import { makeTempDir } from '../../test/helpers/tempDir'
import { median, type Bench } from '../harness'
import { chromiumLaunchOptions } from '../../test/helpers/chromium'

const IMAGES = 10_000
const DISTINCT = 300
const RUNS = 3
const BUDGET_MS = 1000
const BUDGET_BYTES = 2 * 1024 * 1024

const rendererDir = process.env.GS_RENDERER_DIR ?? resolve(__dirname, '..', '..', 'out', 'renderer')

/** The little of the DOM the page functions below touch (this file is typed without the DOM). */
interface Box {
  top: number
  bottom: number
}
interface Node {
  getBoundingClientRect(): Box
  scrollBy(x: number, y: number): void
  clientHeight: number
  complete?: boolean
  naturalWidth?: number
}
interface PageGlobal {
  document: {
    querySelector(selector: string): Node | null
    querySelectorAll(selector: string): Iterable<Node>
  }
}

/** Truthy (the count) once every tile image inside the grid's visible box has decoded: its first paint. */
function tilesPainted(): number | false {
  const { document } = globalThis as unknown as PageGlobal
  const scroller = document.querySelector('.gallery-scroll')
  if (!scroller) return false
  const box = scroller.getBoundingClientRect()
  const imgs = [...document.querySelectorAll('[role="option"] img')].filter((img) => {
    const r = img.getBoundingClientRect()
    return r.bottom > box.top && r.top < box.bottom
  })
  return imgs.length > 0 && imgs.every((img) => img.complete === true && (img.naturalWidth ?? 0) > 0)
    ? imgs.length
    : false
}

function scrollOneScreen(): void {
  const { document } = globalThis as unknown as PageGlobal
  const scroller = document.querySelector('.gallery-scroll')
  scroller?.scrollBy(0, scroller.clientHeight)
}

async function visibleTilesPainted(page: Page): Promise<number> {
  const handle = await page.waitForFunction(tilesPainted, undefined, { polling: 'raf', timeout: 30_000 })
  return (await handle.jsonValue()) as number
}

/**
 * A gallery of 10,000 images (300 distinct files with their real WebP thumbnails, ~26 KB each) in the web host, in
 * Chromium: time from clicking "Gallery" until every tile on screen has painted, and the image bytes
 * that screen loaded (response sizes), then the bytes of the next screen after one page of scrolling.
 * Baseline: the same click-to-paint for the Settings screen in the same run (what any screen costs).
 */
export const galleryFirstPaint: Bench = {
  name: 'gallery: first paint of 10,000 images in the web host',
  async run() {
    if (!existsSync(join(rendererDir, 'index.html'))) {
      throw new Error(`no built renderer in ${rendererDir}: run electron-vite build (or set GS_RENDERER_DIR)`)
    }
    const temp = makeTempDir('gs-bench-gallery-')
    const dataDir = join(temp.dir, 'data')
    mkdirSync(dataDir, { recursive: true })
    // Grain 40: thumbnails of about 26 KB, like real generated images at 384 px in WebP.
    await seedDataDir(dataDir, { count: IMAGES, distinct: DISTINCT, size: 512, grain: 40, days: 120 })
    const backend = createBackend({ dataDir, host: 'web', secretCipher: createKeyFileCipher(dataDir) })
    const host = await startWebHost({ backend, rendererDir })
    const browser = await chromium.launch(chromiumLaunchOptions())
    const paints: number[] = []
    const settings: number[] = []
    const firstScreen: number[] = []
    let nextScreen = 0
    let tiles = 0
    try {
      for (let run = 0; run < RUNS; run++) {
        // A fresh context each run: no image cache, as on a first visit.
        const context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
        const page = await context.newPage()
        let imageBytes = 0
        page.on('requestfinished', (request) => {
          if (!request.url().includes('/media/')) return
          void request
            .sizes()
            .then((sizes) => (imageBytes += sizes.responseBodySize))
            .catch(() => undefined)
        })
        await page.goto(host.url)
        const nav = page.getByRole('navigation', { name: 'Main' })
        await nav.waitFor()

        let start = performance.now()
        await nav.getByRole('button', { name: 'Settings' }).click()
        await page.getByRole('heading', { name: 'Appearance' }).waitFor()
        settings.push(performance.now() - start)

        start = performance.now()
        await nav.getByRole('button', { name: 'Gallery' }).click()
        tiles = await visibleTilesPainted(page)
        paints.push(performance.now() - start)
        await page.waitForLoadState('networkidle')
        firstScreen.push(imageBytes)

        if (run === RUNS - 1) {
          const before = imageBytes
          await page.evaluate(scrollOneScreen)
          await visibleTilesPainted(page)
          await page.waitForLoadState('networkidle')
          nextScreen = imageBytes - before
        }
        await context.close()
      }
    } finally {
      await browser.close()
      await host.close()
      await backend.close()
      temp.cleanup()
    }
    const paintMs = median(paints)
    const settingsMs = median(settings)
    const bytes = Math.max(...firstScreen, nextScreen)
    return {
      name: galleryFirstPaint.name,
      subject: `gallery first paint ${paintMs.toFixed(0)} ms (${tiles} tiles on screen), ${(bytes / 1024).toFixed(0)} KB images per screen at most`,
      baseline: `Settings screen ${settingsMs.toFixed(0)} ms`,
      ratio: paintMs / settingsMs,
      target: `first paint ≤ ${BUDGET_MS} ms and ≤ ${BUDGET_BYTES / 1024 / 1024} MB of images per screen`,
      met: paintMs <= BUDGET_MS && bytes <= BUDGET_BYTES,
      details: {
        paintRunsMs: paints.map((v) => v.toFixed(0)).join(', '),
        firstScreenKB: firstScreen.map((v) => (v / 1024).toFixed(0)).join(', '),
        nextScreenKB: (nextScreen / 1024).toFixed(0)
      }
    }
  }
}
