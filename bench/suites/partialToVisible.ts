import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { DEMO_TIMING } from '../../src/emulator'
import { makeTempDir } from '../../test/helpers/tempDir'
import { launchChromium, pickModel, startStudio, type Studio } from '../browser'
import { cpuProfiled } from '../cpuProfile'
import { bench, percentile, times } from '../harness'

/** Groups per run (one with --quick). */
const GROUPS = 2
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
  await pickModel(page, form, 'seedream-stream')
  await form.getByLabel('Prompt').fill(prompt)
  await form.getByLabel('Size').fill('2048x2048')
  const group = form.getByRole('checkbox', { name: 'Generate a group of images' })
  if (!(await group.isChecked())) await group.check()
  await form.getByLabel('Max images').fill(String(IMAGES))
  const stream = form.getByRole('checkbox', { name: 'Show images as they arrive (stream)' })
  if (!(await stream.isChecked())) await stream.check()
  await form.getByRole('button', { name: 'Generate' }).click()
}

interface State {
  studio: Studio
  browser: Browser
  page: Page
  temp: { dir: string; cleanup: () => void }
  groups: number
}

/**
 * From the moment a partner-a partial image's event reaches the page to the moment its image is painted in
 * the live group (2048² images, shown as their library thumbnail), p95; against loading the same file
 * with a plain <img> in the same page.
 */
export const partialToVisible = bench<State>({
  name: 'partial image event → image visible in Chromium (2048², p95)',
  async setup(ctx) {
    const temp = makeTempDir('gs-bench-')
    const dataDir = join(temp.dir, 'data')
    mkdirSync(dataDir)
    // The demo gateway at demo pace, but images 300 ms apart so each is measured on its own.
    const studio = await startStudio(dataDir, ctx.rendererDir(), {
      demoTiming: { ...DEMO_TIMING, partialDelayMs: 300 }
    })
    const browser = await launchChromium()
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } })
    await page.addInitScript({ content: INSTRUMENT })
    await page.goto(studio.host.url)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' }).click()
    return { studio, browser, page, temp, groups: 0 }
  },
  async run(state, ctx, run) {
    const { page } = state
    const seen = await page.evaluate<number>('Object.keys(window.__gsBench.visible).length')
    const perRun = ctx.quick ? 1 : GROUPS
    // With --profile, the backend's side of the first group (it runs in this process) as a CPU profile.
    for (let group = 0; group < perRun; group++) {
      await cpuProfiled(run === 0 && group === 0 ? ctx.profileDir : null, 'partial-backend', async () => {
        await generateGroup(page, `bench group ${run}-${group}: a harbour at dawn`)
        state.groups += 1
        await page.waitForFunction(
          // A function, not a string: the app's CSP forbids eval.
          (want) =>
            Object.keys((globalThis as unknown as { __gsBench: { visible: object } }).__gsBench.visible)
              .length >= want,
          seen + (group + 1) * IMAGES,
          { timeout: 120_000, polling: 200 }
        )
      })
    }
    const { arrivals, visible } = await page.evaluate<{
      arrivals: Record<string, number>
      visible: Record<string, number>
    }>('window.__gsBench')
    const ids = Object.keys(visible).slice(seen)
    const latencies = ids.map((id) => (visible[id] ?? 0) - (arrivals[id] ?? 0))
    const baseline = await page.evaluate<number[]>(`(${LOAD_DIRECTLY})(${JSON.stringify(ids)})`)
    const p95 = percentile(latencies, 95)
    const base95 = percentile(baseline, 95)
    return [
      {
        key: 'partial.toVisible',
        label: 'partial image event → its thumbnail painted in the live group, p95',
        subjectIs: `jobs.partial event reaching the page → image painted in its slot (n = ${latencies.length} per run)`,
        baselineIs: 'an <img> of the same thumbnail loaded directly (uncached) → painted',
        unit: 'ms (p95)',
        subject: p95,
        baseline: base95,
        ratio: times(p95, base95, 1),
        goal: 'p95 ≤ 1.2× the bare <img>',
        judge: ({ ratio }) => ratio <= 1.2,
        details: {
          'median event → visible, ms': Number(percentile(latencies, 50).toFixed(1)),
          'max event → visible, ms': Number(Math.max(...latencies).toFixed(1)),
          'median direct load, ms': Number(percentile(baseline, 50).toFixed(1)),
          // Whether the tail is the group's first image (its live group mounting) or any image.
          "median of each group's first image, ms": Number(
            percentile(
              latencies.filter((_, n) => n % IMAGES === 0),
              50
            ).toFixed(1)
          )
        }
      }
    ]
  },
  async teardown(state) {
    if (!state) return
    await state.browser.close()
    await state.studio.close()
    state.temp.cleanup()
  }
})
