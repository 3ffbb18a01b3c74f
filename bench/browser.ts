import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { createBackend, type Backend, type BackendOptions } from '../src/main/backend'
import { createKeyFileCipher } from '../src/main/secrets/cipher'
import { startWebHost, type WebHost } from '../src/main/web/server'
import { chromiumLaunchOptions } from '../test/helpers/chromium'
import { explained } from './browserWait'
import { times, type Sample } from './harness'

/**
 * Installed before the app loads: every long task (> 50 ms, the browser's own definition) and the longest
 * gap between two animation frames, counted only while `window.__bench.on` is true. Plain JavaScript text:
 * the app's CSP forbids eval, and nothing of the bundler's helpers exists in the page.
 */
export const PROBE = `
  window.__bench = { on: false, longTasks: [], maxFrameGap: 0, last: 0 }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (window.__bench.on) window.__bench.longTasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: false })
  const tick = (now) => {
    const b = window.__bench
    if (b.on && b.last > 0) b.maxFrameGap = Math.max(b.maxFrameGap, now - b.last)
    b.last = now
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
`

export interface Probe {
  /** Longest main-thread task over 50 ms, or 0 when there was none. */
  longest: number
  longTasks: number
  longTaskMs: number
  maxFrameGap: number
}

/** Runs `work` with the probe on; returns what it saw and how long `work` took. */
export async function probed(page: Page, work: () => Promise<void>): Promise<Probe & { ms: number }> {
  await page.evaluate('Object.assign(window.__bench, { on: true, longTasks: [], maxFrameGap: 0, last: 0 })')
  const start = performance.now()
  await work()
  const ms = performance.now() - start
  // One more frame so the last paint is counted.
  await nextPaint(page)
  const result = await page.evaluate<Probe>(`(() => {
    const b = window.__bench
    b.on = false
    return {
      longest: b.longTasks.length ? Math.max(...b.longTasks) : 0,
      longTasks: b.longTasks.length,
      longTaskMs: b.longTasks.reduce((a, d) => a + d, 0),
      maxFrameGap: b.maxFrameGap
    }
  })()`)
  return { ...result, ms }
}

export const describeProbe = (w: Probe): string =>
  `${w.longTasks === 0 ? 'no task over 50 ms' : `longest task ${w.longest.toFixed(0)} ms (${w.longTasks} over 50 ms, ${w.longTaskMs.toFixed(0)} ms in all)`}, ` +
  `longest frame gap ${w.maxFrameGap.toFixed(0)} ms`

/** Picks a model in a screen's model picker (a searchable combobox) as a user does: type, then the option. */
export async function pickModel(page: Page, scope: Page | Locator, id: string): Promise<void> {
  const picker = scope.getByRole('combobox', { name: 'Model', exact: true })
  // Emptied first: typing the id the picker already shows changes nothing, so its list stays shut (the
  // second group of a run picks the model the first one left chosen).
  await picker.fill('')
  await picker.fill(id)
  // An option is named by all it shows: the id first, then its billing.
  await page
    .getByRole('option', { name: new RegExp(`^${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`) })
    .click()
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions())
}

/** JS heap in use after a full garbage collection (Chrome DevTools Protocol), in MB. */
export async function heapAfterGc(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page)
  try {
    await cdp.send('HeapProfiler.enable')
    await cdp.send('HeapProfiler.collectGarbage')
    const usage = await cdp.send('Runtime.getHeapUsage')
    return usage.usedSize / 1024 / 1024
  } finally {
    await cdp.detach()
  }
}

/**
 * With `--profile`: records a Chromium performance trace around `work` into `<dir>/<name>.json` (open it in
 * DevTools' Performance panel). Without, just runs `work`.
 */
export async function traced<T>(
  browser: Browser,
  page: Page,
  profileDir: string | null,
  name: string,
  work: () => Promise<T>
): Promise<T> {
  if (!profileDir) return work()
  await browser.startTracing(page, {
    path: join(profileDir, `${name}.json`),
    screenshots: false,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
      'disabled-by-default-v8.cpu_profiler',
      'v8.execute',
      'blink.user_timing',
      'loading'
    ]
  })
  try {
    return await work()
  } finally {
    await browser.stopTracing()
  }
}

/** Without an animation frame for this long, a frame-driven step fails instead of waiting for ever. */
const FRAME_STALL_MS = 10_000

/**
 * Page code: rejects (saying the page's visibility) if `frame` has not been called again within
 * FRAME_STALL_MS. Frames are what these steps measure, so they cannot be replaced by a timer; a page that
 * gets none (hidden or occluded on some set-ups) has to fail with that said, not hang the bench.
 */
const STALL_GUARD = `(reject) => {
  let timer = 0
  const fail = () => reject(new Error('no animation frame for ${FRAME_STALL_MS / 1000} s (document.visibilityState: ' +
    document.visibilityState + ', focused: ' + document.hasFocus() + ')'))
  return { frame: () => { clearTimeout(timer); timer = setTimeout(fail, ${FRAME_STALL_MS}) }, done: () => clearTimeout(timer) }
}`

/** Two animation frames: whatever was changed before is painted. */
export const nextPaint = (page: Page): Promise<unknown> =>
  explained(page, 'the next two animation frames (what changed painted)', FRAME_STALL_MS, () =>
    page.evaluate(`new Promise((resolve, reject) => {
      const guard = (${STALL_GUARD})(reject)
      guard.frame()
      requestAnimationFrame(() => requestAnimationFrame(() => { guard.done(); resolve() }))
    })`)
  )

export interface Studio {
  backend: Backend
  host: WebHost
  close(): Promise<void>
}

/** The backend and the web host on a data folder, as `npm run web` runs them. */
export async function startStudio(
  dataDir: string,
  rendererDir: string,
  options: Partial<BackendOptions> = {}
): Promise<Studio> {
  const backend = createBackend({
    dataDir,
    host: 'web',
    secretCipher: createKeyFileCipher(dataDir),
    ...options
  })
  const host = await startWebHost({ backend, rendererDir })
  return {
    backend,
    host,
    async close() {
      await host.close()
      await backend.close()
    }
  }
}

/** The little of the DOM the page functions here touch (bench files are typed without the DOM). */
export interface Box {
  top: number
  bottom: number
}
export interface El {
  getBoundingClientRect(): Box
  getAttribute(name: string): string | null
  scrollBy(x: number, y: number): void
  scrollTop: number
  scrollHeight: number
  clientHeight: number
  complete?: boolean
  naturalWidth?: number
}
export interface PageGlobal {
  document: {
    querySelector(selector: string): El | null
    querySelectorAll(selector: string): Iterable<El>
  }
  requestAnimationFrame: (cb: () => void) => void
}

/**
 * Jumps the scroller `selector` `steps` times, one animation frame apart, to its end (`down`) or its top.
 * Page code as text: tsx would wrap named inner functions in a helper the page does not have.
 */
export function scrollInSteps(page: Page, selector: string, steps: number, down: boolean): Promise<void> {
  const what = `${selector} scrolled to its ${down ? 'end' : 'top'} in ${steps} jumps, a frame apart`
  return explained(page, what, FRAME_STALL_MS, () =>
    page.evaluate(`new Promise((resolve, reject) => {
    const scroller = document.querySelector(${JSON.stringify(selector)})
    if (!scroller) return reject(new Error('no scroller'))
    const start = scroller.scrollTop
    const end = ${down} ? scroller.scrollHeight - scroller.clientHeight : 0
    const guard = (${STALL_GUARD})(reject)
    let step = 0
    const frame = () => {
      guard.frame()
      step += 1
      scroller.scrollTop = start + ((end - start) * step) / ${steps}
      if (step < ${steps}) requestAnimationFrame(frame)
      else { guard.done(); resolve() }
    }
    guard.frame()
    requestAnimationFrame(frame)
  })`)
  )
}

/**
 * Baseline for scrolling: an empty scroller (class `bench-plain-scroll`) of the given height laid over the
 * box of `over`, the browser's own cost of the same jumps.
 */
export async function addPlainScroller(page: Page, over: string): Promise<void> {
  await page.evaluate(`(() => {
    const target = document.querySelector(${JSON.stringify(over)})
    const box = target.getBoundingClientRect()
    const outer = document.createElement('div')
    outer.className = 'bench-plain-scroll'
    outer.style.cssText = 'position:fixed;overflow:auto;background:#111;z-index:10;left:' + box.left + 'px;top:' +
      box.top + 'px;width:' + box.width + 'px;height:' + box.height + 'px'
    const inner = document.createElement('div')
    inner.style.height = target.scrollHeight + 'px'
    outer.append(inner)
    document.body.append(outer)
  })()`)
}

/**
 * The target "no main-thread task over 50 ms" for a scroll of `what`, against the same jumps over an empty
 * scroller of the same height (`addPlainScroller`); the ratio compares the longest frame gaps.
 */
export function longestTaskSample(
  key: string,
  label: string,
  what: string,
  scroll: Probe & { ms: number },
  plain: Probe,
  details: Record<string, number | string> = {}
): Sample {
  return {
    key,
    label,
    subjectIs: `${what}: ${describeProbe(scroll)}`,
    baselineIs: `an empty scroller of the same height, same jumps: ${describeProbe(plain)}`,
    unit: 'ms (longest task; 0 = none over 50 ms)',
    subject: scroll.longest,
    baseline: plain.longest,
    ratio: times(scroll.maxFrameGap, plain.maxFrameGap, 1),
    goal: 'no main-thread task over 50 ms (ratio: longest frame gap vs the baseline’s)',
    judge: ({ subject }) => subject <= 50,
    details: {
      scrollMs: Math.round(scroll.ms),
      longTasks: scroll.longTasks,
      maxFrameGapMs: Math.round(scroll.maxFrameGap),
      ...details
    }
  }
}
