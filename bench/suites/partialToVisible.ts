import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { DEMO_TIMING } from '../../src/emulator'
import { createBackend } from '../../src/main/backend'
import { createKeyFileCipher } from '../../src/main/secrets/cipher'
import { startWebHost } from '../../src/main/web/server'
import { makeTempDir } from '../../test/helpers/tempDir'
import { percentile, type Bench } from '../harness'
import { chromiumLaunchOptions } from '../../test/helpers/chromium'

const GROUPS = 3
const IMAGES = 10

/**
 * Runs in the page before the app: notes when each `jobs.partial` message arrives on the WebSocket, and
 * when the image of that media id is first painted in the page (loaded, then the next animation frame).
 * Plain JavaScript text, so nothing of the bundler's helpers has to exist in the page.
 */
const INSTRUMENT = `(() => {
  const arrivals = {}
  const visible = {}
  window.__gsBench = { arrivals, visible }
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols)
      // Added before the app's own listener, so this runs first, at arrival.
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string' || !event.data.includes('"jobs.partial"')) return
        const at = performance.now()
        const id = JSON.parse(event.data)?.payload?.result?.mediaId
        if (id && !(id in arrivals)) arrivals[id] = at
      })
    }
  }
  const seen = new WeakSet()
  function check(img) {
    const match = /\\/media\\/([a-f0-9]{32})_thumb$/.exec(img.getAttribute('src') || '')
    const id = match && match[1]
    if (!id || seen.has(img) || !(id in arrivals) || id in visible) return
    seen.add(img)
    const painted = () => requestAnimationFrame(() => { if (!(id in visible)) visible[id] = performance.now() })
    if (img.complete && img.naturalWidth > 0) painted()
    else img.addEventListener('load', painted, { once: true })
  }
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.target instanceof HTMLImageElement) check(record.target)
      for (const node of record.addedNodes) {
        if (node instanceof HTMLImageElement) check(node)
        else if (node instanceof Element) node.querySelectorAll('img').forEach(check)
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] })
})()`

/** Baseline in the same page: the same thumbnail file, loaded directly by an <img> (uncached), to paint. */
const LOAD_DIRECTLY = `async (ids) => {
  const times = []
  for (const [n, id] of ids.entries()) {
    times.push(await new Promise((resolve, reject) => {
      const img = new Image()
      const start = performance.now()
      img.onload = () => requestAnimationFrame(() => resolve(performance.now() - start))
      img.onerror = () => reject(new Error('baseline image ' + id + ' failed'))
      img.src = '/media/' + id + '_thumb?baseline=' + n
      document.body.appendChild(img)
    }))
  }
  return times
}`

async function generateGroup(page: Page, prompt: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Generate images' })
  await form.getByLabel('Model').selectOption({ label: 'seedream-stream' })
  await form.getByLabel('Prompt').fill(prompt)
  await form.getByLabel('Size').fill('2048x2048')
  const group = form.getByRole('checkbox', { name: 'Generate a group of images' })
  if (!(await group.isChecked())) await group.check()
  await form.getByLabel('Max images').fill(String(IMAGES))
  const stream = form.getByRole('checkbox', { name: 'Show images as they arrive (stream)' })
  if (!(await stream.isChecked())) await stream.check()
  await form.getByRole('button', { name: 'Generate' }).click()
}

/**
 * From the moment a partner-a partial image's event reaches the page to the moment its image is painted in
 * the live group (2048² images, shown as their library thumbnail), p95; against loading the same file
 * with a plain <img> in the same page. Needs a built renderer (`GS_RENDERER_DIR` or out/renderer).
 */
export const partialToVisible: Bench = {
  name: 'partial image event → image visible in Chromium (2048², p95)',
  async run() {
    const root = resolve(__dirname, '..', '..')
    const rendererDir = process.env.GS_RENDERER_DIR ?? join(root, 'out', 'renderer')
    if (!existsSync(join(rendererDir, 'index.html')))
      throw new Error(`No built renderer in ${rendererDir}: run \`npm run build\` (or set GS_RENDERER_DIR).`)
    const temp = makeTempDir('gs-bench-')
    const dataDir = join(temp.dir, 'data')
    mkdirSync(dataDir)
    const backend = createBackend({
      dataDir,
      host: 'web',
      secretCipher: createKeyFileCipher(dataDir),
      // The demo gateway at demo pace, but images 300 ms apart so each is measured on its own.
      demoTiming: { ...DEMO_TIMING, partialDelayMs: 300 }
    })
    const host = await startWebHost({ backend, rendererDir })
    const browser = await chromium.launch(chromiumLaunchOptions())
    try {
      const page = await browser.newPage({ viewport: { width: 1360, height: 860 } })
      await page.addInitScript({ content: INSTRUMENT })
      await page.goto(host.url)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' }).click()
      for (let group = 0; group < GROUPS; group++) {
        await generateGroup(page, `bench group ${group}: a harbour at dawn`)
        await page.waitForFunction(
          // A function, not a string: the app's CSP forbids eval.
          (want) =>
            Object.keys((globalThis as unknown as { __gsBench: { visible: object } }).__gsBench.visible)
              .length >= want,
          (group + 1) * IMAGES,
          { timeout: 120_000, polling: 200 }
        )
      }
      const { arrivals, visible } = await page.evaluate<{
        arrivals: Record<string, number>
        visible: Record<string, number>
      }>('window.__gsBench')
      const ids = Object.keys(visible)
      const latencies = ids.map((id) => (visible[id] ?? 0) - (arrivals[id] ?? 0))
      const baseline = await page.evaluate<number[]>(`(${LOAD_DIRECTLY})(${JSON.stringify(ids)})`)
      const p95 = percentile(latencies, 95)
      const base95 = percentile(baseline, 95)
      return {
        name: this.name,
        subject: `p95 ${p95.toFixed(0)} ms from the jobs.partial event to the image painted in its slot (n = ${latencies.length})`,
        baseline: `p95 ${base95.toFixed(0)} ms for an <img> of the same thumbnail loaded directly`,
        ratio: p95 / Math.max(1, base95),
        target: 'p95 ≤ 150 ms',
        met: p95 <= 150,
        details: {
          'median event → visible, ms': Number(percentile(latencies, 50).toFixed(1)),
          'max event → visible, ms': Number(Math.max(...latencies).toFixed(1)),
          'median direct load, ms': Number(percentile(baseline, 50).toFixed(1))
        }
      }
    } finally {
      await browser.close()
      await host.close()
      await backend.close()
      temp.cleanup()
    }
  }
}
