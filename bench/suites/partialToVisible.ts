import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { DEMO_TIMING } from '../../src/emulator'
import { makeTempDir } from '../../test/helpers/tempDir'
import { launchChromium, pickModel, startStudio, traced, type Studio } from '../browser'
import { benchPage, waitInPage } from '../browserWait'
import { cpuProfiled } from '../cpuProfile'
import { bench, percentile, times } from '../harness'

/** Measured groups per run (one with --quick), and images per group. */
const GROUPS = 3
const IMAGES = 10
/** The demo gateway's pace for these groups: images 300 ms apart, so each is measured on its own. */
const PARTIAL_DELAY_MS = 300

/**
 * Runs in the page before the app: notes when each `jobs.partial` message arrives on the WebSocket (while
 * measuring), when its image is put in the page, loaded, and first painted (loaded, then the next
 * animation frame). Plain JavaScript text, so nothing of the bundler's helpers has to exist in the page.
 */
const INSTRUMENT = `(() => {
  const bench = { on: false, partials: 0, arrivals: {}, inserted: {}, loaded: {}, visible: {} }
  bench.reset = () => {
    for (const key of ['arrivals', 'inserted', 'loaded', 'visible']) bench[key] = {}
  }
  window.__gsBench = bench
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols)
      // Added before the app's own listener, so this runs first, at arrival.
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string' || !event.data.includes('"jobs.partial"')) return
        const at = performance.now()
        bench.partials += 1
        const id = JSON.parse(event.data)?.payload?.result?.mediaId
        if (bench.on && id && !(id in bench.arrivals)) {
          bench.arrivals[id] = at
          performance.mark('partial arrived ' + id)
        }
      })
    }
  }
  const seen = new WeakSet()
  function check(img) {
    const match = /\\/media\\/([a-f0-9]{32})_thumb$/.exec(img.getAttribute('src') || '')
    const id = match && match[1]
    if (!id || seen.has(img) || !(id in bench.arrivals) || id in bench.inserted) return
    seen.add(img)
    bench.inserted[id] = performance.now()
    const painted = () => {
      bench.loaded[id] = performance.now()
      requestAnimationFrame(() => {
        if (id in bench.visible) return
        bench.visible[id] = performance.now()
        performance.mark('partial visible ' + id)
      })
    }
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

/**
 * The baseline, in the same page: the same thumbnail files, each loaded by a bare <img> (uncached) to
 * paint, `gapMs` apart. Each load starts at a random moment within a frame, as an event from the backend
 * lands: a load started right inside an animation frame (where the one before it ended) measured exactly
 * one frame whatever it cost, which no event ever gets.
 */
const LOAD_DIRECTLY = `async (ids, gapMs, tag) => {
  const times = []
  for (const [n, id] of ids.entries()) {
    await new Promise((resolve) => setTimeout(resolve, gapMs + Math.random() * 1000 / 60))
    times.push(await new Promise((resolve, reject) => {
      const img = new Image()
      const start = performance.now()
      img.onload = () => requestAnimationFrame(() => resolve(performance.now() - start))
      img.onerror = () => reject(new Error('baseline image ' + id + ' failed'))
      img.src = '/media/' + id + '_thumb?' + tag + '=' + n
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

const openScreen = (page: Page, name: string): Promise<void> =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click()

/** For a wait that ran out: how far the partial images got (plain JavaScript text, for the page). */
const PARTIAL_COUNTS = `({ partials: __gsBench.partials, arrived: Object.keys(__gsBench.arrivals).length,
  inserted: Object.keys(__gsBench.inserted).length, loaded: Object.keys(__gsBench.loaded).length,
  visible: Object.keys(__gsBench.visible).length })`

/** Resolves once `want` partial images in all have reached the page. */
async function partialsReach(page: Page, want: number): Promise<void> {
  await waitInPage(
    page,
    `${want} partial images to reach the page`,
    (n: number) => (globalThis as unknown as { __gsBench: { partials: number } }).__gsBench.partials >= n,
    // The arrivals are timed in the page as they come; this wait only says when to read them.
    { arg: want, timeoutMs: 120_000, pollMs: 100, details: PARTIAL_COUNTS }
  )
}

interface Marks {
  arrivals: Record<string, number>
  inserted: Record<string, number>
  loaded: Record<string, number>
  visible: Record<string, number>
}

interface State {
  studio: Studio
  browser: Browser
  page: Page
  temp: { dir: string; cleanup: () => void }
}

const median = (values: number[]): number => Number(percentile(values, 50).toFixed(1))

/**
 * From the moment a partner-a partial image's event reaches the page to the moment its image is painted in
 * the live group (2048² images, shown as their library thumbnail), p95; against a bare <img> of the same
 * file in the same page, loaded while another such group streams into the library (the page on Settings),
 * so that both are measured with the gateway emulator and the library pipeline busy on the same two
 * cores. A real gateway renders its images on its own machine; here it would otherwise count against the
 * app only. The same bare load on a quiet page is printed beside it.
 */
export const partialToVisible = bench<State>({
  name: 'partial image event → image visible in Chromium (2048², p95)',
  async setup(ctx) {
    const temp = makeTempDir('gs-bench-')
    const dataDir = join(temp.dir, 'data')
    mkdirSync(dataDir)
    const studio = await startStudio(dataDir, ctx.rendererDir(), {
      demoTiming: { ...DEMO_TIMING, partialDelayMs: PARTIAL_DELAY_MS }
    })
    const browser = await launchChromium()
    const page = await benchPage(await browser.newPage({ viewport: { width: 1360, height: 860 } }))
    await page.addInitScript({ content: INSTRUMENT })
    await page.goto(studio.host.url)
    await openScreen(page, 'Images')
    return { studio, browser, page, temp }
  },
  async run(state, ctx, run) {
    const { page } = state
    const groups = ctx.quick ? 1 : GROUPS
    await page.evaluate('window.__gsBench.reset(); window.__gsBench.on = true')
    let partials = await page.evaluate<number>('window.__gsBench.partials')
    // With --profile, the first group: the backend's side (it runs in this process) as a CPU profile, the
    // page's as a trace (each image's arrival and first paint are marks in it).
    for (let group = 0; group < groups; group++) {
      const profileDir = run === 0 && group === 0 ? ctx.profileDir : null
      await cpuProfiled(profileDir, 'partial-backend', () =>
        traced(state.browser, page, profileDir, 'partial-renderer', async () => {
          await generateGroup(page, `bench group ${run}-${group}: a harbour at dawn`)
          partials += IMAGES
          await partialsReach(page, partials)
          await waitInPage(
            page,
            `${(group + 1) * IMAGES} partial images painted`,
            (want: number) =>
              Object.keys((globalThis as unknown as { __gsBench: Marks }).__gsBench.visible).length >= want,
            { arg: (group + 1) * IMAGES, timeoutMs: 120_000, pollMs: 100, details: PARTIAL_COUNTS }
          )
        })
      )
    }
    await page.evaluate('window.__gsBench.on = false')
    const marks = await page.evaluate<Marks>(
      '({ arrivals: __gsBench.arrivals, inserted: __gsBench.inserted, loaded: __gsBench.loaded, visible: __gsBench.visible })'
    )
    const ids = Object.keys(marks.visible)
    const since = (at: Record<string, number>): number[] =>
      ids.map((id) => (at[id] ?? 0) - (marks.arrivals[id] ?? 0))
    const latencies = since(marks.visible)

    const quiet = await page.evaluate<number[]>(`(${LOAD_DIRECTLY})(${JSON.stringify(ids)}, 20, 'quiet')`)
    // The baseline proper: one more group streams into the library while the bare loads run, spread over it.
    await generateGroup(page, `bench group ${run}-baseline: a harbour at dawn`)
    await openScreen(page, 'Settings')
    const gap = Math.round((IMAGES * PARTIAL_DELAY_MS) / ids.length)
    const baseline = await page.evaluate<number[]>(
      `(${LOAD_DIRECTLY})(${JSON.stringify(ids)}, ${gap}, 'busy')`
    )
    await partialsReach(page, partials + IMAGES)
    await openScreen(page, 'Images')

    const p95 = percentile(latencies, 95)
    const base95 = percentile(baseline, 95)
    return [
      {
        key: 'partial.toVisible',
        label: 'partial image event → its thumbnail painted in the live group, p95',
        subjectIs: `jobs.partial event reaching the page → image painted in its slot (n = ${latencies.length} per run)`,
        baselineIs: 'a bare <img> of the same thumbnail (uncached) → painted, while another group streams in',
        unit: 'ms (p95)',
        subject: p95,
        baseline: base95,
        ratio: times(p95, base95, 1),
        goal: 'p95 ≤ 1.1× the bare <img>',
        judge: ({ ratio }) => ratio <= 1.1,
        details: {
          'median event → its <img> in the page, ms': median(since(marks.inserted)),
          'median event → loaded, ms': median(since(marks.loaded)),
          'median event → visible, ms': median(latencies),
          'max event → visible, ms': Number(Math.max(...latencies).toFixed(1)),
          'median bare load while streaming, ms': median(baseline),
          'bare load on a quiet page, p95 ms': Number(percentile(quiet, 95).toFixed(1)),
          // Whether the tail is the group's first image (its live group mounting) or any image.
          "median of each group's first image, ms": median(latencies.filter((_, n) => n % IMAGES === 0))
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
