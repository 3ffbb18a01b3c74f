import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { makeTempDir } from '../../test/helpers/tempDir'
import { launchChromium, nextPaint, traced } from '../browser'
import { waitForLocator, waitInPage, watchPage } from '../browserWait'
import { startupFixture, writableCopy } from '../fixtures'
import { bench, ROOT, times, type BenchContext, type Sample } from '../harness'

/** A bare Node static server: index.html and the built assets, nothing else (the baseline). */
const BARE_SERVER = `
const http = require('node:http'), fs = require('node:fs'), path = require('node:path')
const root = process.argv[1]
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' }
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x')
  const file = path.join(root, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname))
  fs.readFile(file, (error, data) => {
    if (error) { res.writeHead(404); res.end(); return }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' })
    res.end(data)
  })
})
server.listen(0, '127.0.0.1', () => process.stdout.write('http://127.0.0.1:' + server.address().port + '/\\n'))
`

interface Started {
  child: ChildProcess
  url: string
}

/** Spawns `args` and resolves with the first http:// address it prints. */
function spawnServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out)
      if (match?.[1]) resolve({ child, url: match[1] })
    })
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${err}`)))
  })
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

/** Resident memory of a process from /proc (Linux), in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/** The web host as `npm run web` runs it (its launcher and the bundle it built), on a data folder. */
function startWebHostProcess(
  dataDir: string,
  rendererDir: string,
  profileDir: string | null = null
): Promise<Started> {
  // --profile: a Node CPU profile of the whole start (written when the host exits), next to the traces.
  const prof = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []
  return spawnServer([...prof, 'scripts/web/launch.mjs', '--data-dir', dataDir], {
    GS_RENDERER_DIR: rendererDir
  })
}

/** In the page: the Chat screen's message box is there and enabled (the app disables it while offline). */
function messageBoxEnabled(): boolean {
  const { document } = globalThis as unknown as {
    document: { querySelector(selector: string): { matches(selector: string): boolean } | null }
  }
  const box = document.querySelector('textarea.composer-input')
  return box !== null && !box.matches(':disabled')
}

/** The first screen (Chat) is interactive: the navigation and the message box are there and enabled. */
async function interactive(page: Page): Promise<void> {
  await waitForLocator(page, 'the app’s main navigation', page.getByRole('navigation', { name: 'Main' }))
  await waitForLocator(page, 'the Chat screen’s message box', page.getByRole('textbox', { name: 'Message' }))
  await waitInPage(page, 'the Chat screen’s message box enabled (the backend reached)', messageBoxEnabled)
  await nextPaint(page)
}

interface State {
  temp: { dir: string; cleanup: () => void }
  fixtureDir: string
  images: number
  unfinished: number
  browser: Browser
  rendererDir: string
}

/**
 * The web host started on a data folder with a 1,000,000-image library and 10,000 unfinished jobs (10,000
 * and 1,000 with --quick): from spawning the process to the first screen interactive in Chromium, against a
 * bare Node static server serving the same built index.html to the same browser (to its load event). Then
 * the backend's resident memory with those 10,000 live tasks, against the same web host on an empty folder.
 */
export const startup = bench<State>({
  name: 'start-up: web host with 1,000,000 images and 10,000 unfinished jobs',
  async setup(ctx: BenchContext) {
    const images = ctx.quick ? 10_000 : 1_000_000
    const unfinished = ctx.quick ? 1_000 : 10_000
    const fixture = await startupFixture(images, unfinished, ctx.log)
    const temp = makeTempDir('gs-bench-startup-')
    const rendererDir = ctx.rendererDir()
    const browser = await launchChromium()
    // Warm-up start: the web host's bundle built if its sources changed, and the OS file cache, as on any
    // start after the first.
    const warmDir = join(temp.dir, 'warm')
    mkdirSync(warmDir)
    const warm = await startWebHostProcess(warmDir, rendererDir)
    await stop(warm.child)
    return { temp, fixtureDir: fixture.dataDir, images, unfinished, browser, rendererDir }
  },
  async run(state, ctx, run): Promise<Sample[]> {
    const { browser, rendererDir } = state
    const dataDir = writableCopy(state.fixtureDir, join(state.temp.dir, `run-${run}`))
    const emptyDir = join(state.temp.dir, `empty-${run}`)
    mkdirSync(emptyDir)

    // Baseline: a bare static server, to the page's load event.
    let context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
    let start = performance.now()
    const bare = await spawnServer(['-e', BARE_SERVER, rendererDir])
    // Watched, not brought to front: that is a round trip inside the time measured, and each context here
    // holds the browser's only page.
    let page = watchPage(await context.newPage())
    await page.goto(bare.url, { waitUntil: 'load' })
    await nextPaint(page)
    const bareMs = performance.now() - start
    await context.close()
    await stop(bare.child)

    // Subject: the web host on the big data folder, to the first screen interactive.
    context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
    start = performance.now()
    const host = await startWebHostProcess(dataDir, rendererDir, run === 0 ? ctx.profileDir : null)
    const listeningMs = performance.now() - start
    page = watchPage(await context.newPage())
    let rss = 0
    let readyMs = 0
    try {
      await traced(browser, page, run === 0 ? ctx.profileDir : null, 'startup-first-screen', async () => {
        await page.goto(host.url)
        await interactive(page)
      })
      readyMs = performance.now() - start
      // Settled: the engine has scheduled every live task, the first screen's queries are answered.
      await page.waitForTimeout(1500)
      rss = rssMb(host.child.pid ?? 0)
    } finally {
      await context.close()
      await stop(host.child)
    }

    // Memory baseline: the same web host on an empty folder, the same screen.
    context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
    const empty = await startWebHostProcess(emptyDir, rendererDir)
    let emptyRss = 0
    try {
      page = watchPage(await context.newPage())
      await page.goto(empty.url)
      await interactive(page)
      await page.waitForTimeout(1500)
      emptyRss = rssMb(empty.child.pid ?? 0)
    } finally {
      await context.close()
      await stop(empty.child)
    }
    const scale = `${state.images.toLocaleString('en')} images, ${state.unfinished.toLocaleString('en')} unfinished jobs`
    return [
      {
        key: 'startup.toInteractive',
        label: `start-up of the web host with ${scale}, to the first screen interactive`,
        subjectIs:
          'spawn `npm run web`’s command (`node scripts/web/launch.mjs`) → Chat screen interactive in Chromium',
        baselineIs: 'spawn a bare Node static server → the same index.html loaded in the same browser',
        unit: 'ms',
        subject: readyMs,
        baseline: bareMs,
        ratio: times(readyMs, bareMs),
        goal: '≤ 3× the bare static server',
        judge: ({ ratio }) => ratio <= 3,
        details: { listeningMs: Math.round(listeningMs) }
      },
      {
        key: 'memory.backendRss',
        label: `backend resident memory with ${state.unfinished.toLocaleString('en')} live tasks (${state.images.toLocaleString('en')}-image library)`,
        subjectIs: 'RSS of the web host process, first screen shown and settled',
        baselineIs: 'RSS of the same web host on an empty data folder, same screen',
        unit: 'MB',
        subject: rss,
        baseline: emptyRss,
        ratio: times(rss, emptyRss),
        goal: '≤ 400 MB',
        judge: ({ subject }) => subject <= 400
      }
    ]
  },
  async teardown(state) {
    if (!state) return
    await state.browser.close()
    state.temp.cleanup()
  }
})
