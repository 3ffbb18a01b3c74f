import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { createBackend } from '../../src/main/backend'
import { createKeyFileCipher } from '../../src/main/secrets/cipher'
import { startWebHost } from '../../src/main/web/server'
import { makeTempDir } from '../../test/helpers/tempDir'
import type { Bench } from '../harness'
import { chromiumLaunchOptions } from '../../test/helpers/chromium'

const TOKENS = 10_000
const TARGET_MS = 50
const root = resolve(__dirname, '..', '..')

/**
 * Installed before the app loads: every long task (> 50 ms, the browser's own definition) and the longest
 * gap between two animation frames, counted only while `window.__bench.on` is true.
 */
const PROBE = `
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

interface Probe {
  longest: number
  longTasks: number
  longTaskMs: number
  maxFrameGap: number
}

async function measure(page: Page, work: () => Promise<void>): Promise<Probe & { ms: number }> {
  await page.evaluate('Object.assign(window.__bench, { on: true, longTasks: [], maxFrameGap: 0, last: 0 })')
  const start = Date.now()
  await work()
  const ms = Date.now() - start
  // One more frame so the last paint is counted.
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))')
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

function rendererDir(): string {
  const dir = process.env.GS_RENDERER_DIR ?? join(root, 'out', 'renderer')
  if (!existsSync(join(dir, 'index.html'))) {
    const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('renderer build failed')
  }
  return dir
}

const fmt = (w: Probe): string =>
  `${w.longTasks === 0 ? 'no task over 50 ms' : `longest task ${w.longest.toFixed(0)} ms (${w.longTasks} over 50 ms, ${w.longTaskMs.toFixed(0)} ms in all)`}, ` +
  `longest frame gap ${w.maxFrameGap.toFixed(0)} ms`

/**
 * Streams a 10,000-token reply (the demo gateway's `[[tokens=N]]`, chunks as fast as it can write them)
 * into the Chat screen in Chromium through the web host, and reports the longest main-thread task while it
 * arrives. Baseline, same page and run: the same text appended to a plain element's textContent, one append
 * per animation frame over the same time, which is about the least a browser can do to show it.
 */
export const chatStream: Bench = {
  name: 'chat: 10,000-token reply streamed into the screen (Chromium, web host)',
  async run() {
    const temp = makeTempDir('gs-bench-chat-')
    const dataDir = join(temp.dir, 'data')
    mkdirSync(dataDir)
    const backend = createBackend({
      dataDir,
      host: 'web',
      secretCipher: createKeyFileCipher(dataDir),
      demoTiming: { chatChunkDelayMs: Number(process.env.CHAT_BENCH_CHUNK_MS ?? 0) }
    })
    const host = await startWebHost({ backend, rendererDir: rendererDir() })
    const browser = await chromium.launch(chromiumLaunchOptions())
    try {
      const page = await browser.newPage({ viewport: { width: 1360, height: 860 } })
      await page.addInitScript(PROBE)
      await page.goto(host.url)
      await page.getByLabel('Model').selectOption('studio-chat')
      const replies = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Reply' })
      const reply = replies.last()

      const ask = async (text: string): Promise<void> => {
        const before = await replies.count()
        await page.getByRole('textbox', { name: 'Message' }).fill(text)
        await page.getByRole('button', { name: 'Send', exact: true }).click()
        await replies.nth(before).getByLabel('Token usage').waitFor({ timeout: 300_000 })
      }
      // Warm up: code loaded and compiled, one short reply on screen.
      await ask('Warm up [[tokens=300]]')

      const subject = await measure(page, () => ask(`Tell me everything [[tokens=${TOKENS}]]`))
      const text = await reply.locator('.md').innerText()
      const words = text.split(/(?<=\s)/)

      // Baseline: the same words, appended per frame to a plain element over the same duration.
      const baseline = await measure(page, async () => {
        await page.evaluate(
          `new Promise((done) => {
            const words = ${JSON.stringify(words)}
            const el = document.createElement('div')
            el.style.cssText = 'position:fixed;inset:0 0 0 50%;overflow:auto;white-space:pre-wrap;background:inherit'
            document.body.append(el)
            const start = performance.now()
            let shown = 0
            const frame = (now) => {
              const due = Math.min(words.length, Math.ceil(((now - start) / ${subject.ms}) * words.length))
              if (due > shown) {
                el.textContent += words.slice(shown, due).join('')
                shown = due
              }
              if (shown < words.length) requestAnimationFrame(frame)
              else { el.remove(); done() }
            }
            requestAnimationFrame(frame)
          })`
        )
      })

      const tokensShown = text.split(/\s+/).filter((w) => w !== '').length
      return {
        name: this.name,
        subject: `chat screen: ${fmt(subject)}; ${tokensShown} tokens in ${(subject.ms / 1000).toFixed(1)} s`,
        baseline: `plain textContent append: ${fmt(baseline)}`,
        ratio: subject.maxFrameGap / Math.max(1, baseline.maxFrameGap),
        target: `longest task ≤ ${TARGET_MS} ms while streaming (ratio: longest frame gap vs the baseline's)`,
        met: subject.longest <= TARGET_MS && tokensShown === TOKENS,
        details: {
          longestTaskMs: Math.round(subject.longest),
          baselineLongestTaskMs: Math.round(baseline.longest),
          maxFrameGapMs: Math.round(subject.maxFrameGap),
          baselineMaxFrameGapMs: Math.round(baseline.maxFrameGap),
          streamMs: subject.ms,
          tokensShown
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
