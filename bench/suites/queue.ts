import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { markClosedCleanly } from '../../src/main/dataFolder/database'
import { openDatabase } from '../../src/main/db/connection'
import { migrate } from '../../src/main/db/migrate'
import { migrations } from '../../src/main/db/migrations'
import { JobGroups } from '../../src/main/jobs/groups'
import { QueueControl } from '../../src/main/jobs/queueControl'
import { JobRepository } from '../../src/main/jobs/repository'
import { sweepTempFiles } from '../../src/main/library/atomic'
import { makeImageThumbnail } from '../../src/main/library/thumbnails'
import { ProfileRepository } from '../../src/main/profiles/repository'
import { ApiKeyStore } from '../../src/main/secrets/apiKeys'
import { createKeyFileCipher } from '../../src/main/secrets/cipher'
import { BatchSpec, expandBatch } from '../../src/shared/batches'
import { descriptorOf } from '../../src/shared/gateway/endpoints'
import { ENDPOINTS } from '../../src/shared/gateway/spec'
import type { JobRequest } from '../../src/shared/schemas/jobs'
import { makeTempDir } from '../../test/helpers/tempDir'
import {
  addPlainScroller,
  launchChromium,
  longestTaskSample,
  nextPaint,
  probed,
  PROBE,
  scrollInSteps,
  startStudio,
  traced,
  type Studio
} from '../browser'
import { benchPage, explained, waitForLocator, waitInPage } from '../browserWait'
import { bench, pairedMedians, times, type BenchContext, type Sample } from '../harness'

const VIEWPORT = { width: 1360, height: 860 }
/** First visits per run whose Settings → Queue openings are compared (as the gallery's). */
const FIRST_PAINT_VISITS = 3
/** The way back up: this many jumps, one animation frame apart (as the gallery's scroll). */
const SCROLL_STEPS = 120
/**
 * The way down: this far each frame (ten rows; a fast fling), whatever the list's box: with 20 batch bands
 * above it the box may be a row high, and a step of its own height would take many minutes to the end.
 */
const FLING_PX = 1_000
/** Of each batch's jobs, the first in line: 8 % sent and finished, 2 % refused, 1 % still running remotely. */
const MIX = { done: 0.08, failed: 0.02, running: 0.01 }
const MODEL = 'studio-image-async'
/** Jobs per page of the Queue's list (its `PAGE_SIZE`): the list loads the next as its end comes into view. */
const LIST_PAGE = 50
const PROFILE_ID = 'bench-queue-gateway'

// ---------------------------------------------------------------------------------------------------------
// The gateway the running jobs are polled on: answers every task "still running", at once.

interface FakeGateway {
  url: string
  polls(): number
  /** Anything else it was asked (a send would be a POST): none while the queue is paused. */
  others(): string[]
  close(): Promise<void>
}

function startFakeGateway(): Promise<FakeGateway> {
  let polls = 0
  const others: string[] = []
  const server: Server = createServer((req, res) => {
    const match = /^\/v2\/images\/generations\/([^/?]+)/.exec(req.url ?? '')
    if (req.method === 'GET' && match?.[1]) {
      polls++
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          id: decodeURIComponent(match[1]),
          object: 'image.generation.task',
          model: MODEL,
          status: 'running',
          created_at: Math.floor(Date.now() / 1000) - 120
        })
      )
      return
    }
    others.push(`${req.method ?? '?'} ${req.url ?? ''}`)
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { message: 'not here', type: 'not_found', code: 'not_found' } }))
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        polls: () => polls,
        others: () => others,
        close: () => new Promise((done) => server.close(() => done()))
      })
    })
  })
}

// ---------------------------------------------------------------------------------------------------------
// The data folder: batches as `batches.submit` makes them, part of each already sent, the queue paused.

const COLOURS = ['red', 'teal', 'ochre', 'slate', 'ivory', 'amber', 'olive', 'plum']
const ITEMS = ['sneaker', 'teapot', 'backpack', 'lamp', 'watch', 'chair', 'kettle', 'camera']

/** A product shoot's CSV, as a designer would export it: quoted prompts with commas. */
function csvOf(batch: number, rows: number): string {
  const lines = ['prompt']
  for (let i = 0; i < rows; i++) {
    const colour = COLOURS[(i + batch) % COLOURS.length] as string
    const item = ITEMS[(i * 3 + batch) % ITEMS.length] as string
    lines.push(`"Shoot ${batch + 1}, product ${i + 1}: a ${colour} ${item}, studio light, on white"`)
  }
  return `${lines.join('\n')}\n`
}

/** A few finished images (originals and real thumbnails) in the library, for the finished jobs' rows. */
async function seedMedia(
  db: ReturnType<typeof openDatabase>,
  dataDir: string,
  count: number
): Promise<string[]> {
  const month = new Date()
  const rel = `${month.getUTCFullYear()}/${String(month.getUTCMonth() + 1).padStart(2, '0')}`
  mkdirSync(join(dataDir, 'library', ...rel.split('/')), { recursive: true })
  const insert = db.prepare(
    `INSERT INTO media (id, sha256, mime, path, bytes, width, height, duration_ms, thumb_path, created_at)
     VALUES (?, ?, 'image/png', ?, ?, 1024, 1024, NULL, ?, ?)`
  )
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const png = await sharp({
      create: {
        width: 1024,
        height: 1024,
        channels: 3,
        background: { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 151) % 256 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 }
      }
    })
      .png()
      .toBuffer()
    const thumb = await makeImageThumbnail(png)
    const sha = createHash('sha256').update(png).digest('hex')
    const path = `${rel}/${sha}.png`
    const thumbPath = `${rel}/${sha}_thumb.webp`
    writeFileSync(join(dataDir, 'library', ...path.split('/')), png)
    writeFileSync(join(dataDir, 'library', ...thumbPath.split('/')), thumb.webp)
    const id = sha.slice(0, 32)
    insert.run(id, sha, path, png.length, thumbPath, Date.now())
    ids.push(id)
  }
  return ids
}

/** The name of the big batch (the first made): the one the bench pauses. */
const BIG_BATCH = 'shoot-1.csv'

/**
 * How many jobs each batch holds: the first a fifth of all (2,000 of 10,000) or twice an even share,
 * the rest sharing what is left, as a queue with one big shoot among smaller ones.
 */
function batchSizes(jobsInAll: number, batches: number): number[] {
  // 2,000 of 10,000 in 20; with --quick's 4 batches, half of them.
  const big = Math.max(Math.round(jobsInAll / 5), Math.ceil(jobsInAll / batches) * 2)
  const rest = batches - 1
  const each = Math.floor((jobsInAll - big) / rest)
  return [big, ...Array.from({ length: rest }, (_, i) => each + (i < (jobsInAll - big) % rest ? 1 : 0))]
}

interface Seeded {
  jobs: number
  /** Jobs in the first batch (the big one, paused by the bench) and in the last (its baseline). */
  firstBatch: number
  lastBatch: number
  batches: number
  running: number
  seedMs: number
}

/**
 * `jobsInAll` jobs in `batches` batches (v2 image tasks on a gateway of the user's own), each made as
 * `batches.submit` makes one (its CSV expanded by the builder's own code, the group with its settings and
 * source, the jobs in its transaction), 20 minutes apart, then worked on as the queue would have: the first
 * of each in line sent (`MIX`: of each 500, 40 finished with an image, 10 refused, 5 still running
 * remotely), the rest waiting; the first batch is the big one (`batchSizes`). Then the whole queue paused, as someone looking over a big queue leaves it.
 * Written through the repository and groups classes in one transaction (seconds, not minutes).
 */
async function seedQueue(
  dataDir: string,
  jobsInAll: number,
  batches: number,
  gatewayUrl: string
): Promise<Seeded> {
  const sizes = batchSizes(jobsInAll, batches)
  const started = performance.now()
  mkdirSync(dataDir, { recursive: true })
  const db = openDatabase(join(dataDir, 'studio.db'))
  try {
    migrate(db, migrations)
    new ProfileRepository(db, Date.now).ensureDemo()
    const now = Date.now()
    db.prepare(
      `INSERT INTO profiles (id, kind, name, base_url, created_at, updated_at)
       VALUES (?, 'remote', 'Team gateway', ?, ?, ?)`
    ).run(PROFILE_ID, gatewayUrl, now, now)
    const media = await seedMedia(db, dataDir, 8)
    // The rows' times: each batch made at its own moment, its jobs a millisecond apart, in line in that order.
    let at = now - batches * 20 * 60_000
    const clock = (): number => at
    const repo = new JobRepository(db, clock)
    const groups = new JobGroups(db, clock)
    const context = { lookupModel: (id: string) => ({ id, supported_endpoints: [ENDPOINTS.imagesV2] }) }
    let jobs = 0
    let running = 0
    repo.transaction(() => {
      for (let b = 0; b < batches; b++) {
        const perBatch = sizes[b] ?? 0
        const done = Math.round(perBatch * MIX.done)
        const failed = done + Math.round(perBatch * MIX.failed)
        const runs = failed + Math.max(1, Math.round(perBatch * MIX.running))
        at = now - (batches - b) * 20 * 60_000
        const fileName = `shoot-${b + 1}.csv`
        const spec = BatchSpec.parse({
          bases: [{ endpoint: 'imagesV2', body: { model: MODEL, prompt: '' } }],
          prompts: { kind: 'csv', text: csvOf(b, perBatch) }
        })
        const expansion = expandBatch(spec, context)
        const requests = expansion.rows
          .map((row) => row.request)
          .filter((request): request is JobRequest => request !== undefined && request !== null)
        if (requests.length !== perBatch)
          throw new Error(`the bench batch expands to ${requests.length} jobs, not ${perBatch}`)
        const { summary } = expansion
        const groupId = groups.insert({
          name: fileName,
          screen: 'images',
          settings: {
            kind: 'batch',
            fileName,
            combine: spec.combine,
            models: summary.byModel.map(({ model, endpoint, jobs: n }) => ({ model, endpoint, jobs: n })),
            jobs: summary.jobs,
            images: summary.images
          },
          capMicros: null
        })
        groups.insertSource(groupId, { fileName, spec })
        requests.forEach((request, i) => {
          at += 1
          const text = JSON.stringify(request)
          const { jobId, taskIds } = repo.insertJob({
            kind: descriptorOf(request.endpoint).jobKind,
            endpoint: ENDPOINTS[request.endpoint],
            profileId: PROFILE_ID,
            model: request.body.model,
            prompt: request.body.prompt,
            request,
            billingUnit: 'image',
            taskCount: descriptorOf(request.endpoint).tasksOf?.(request) ?? 1,
            requestHash: (seq) => createHash('sha256').update(`${seq}:${text}`).digest('hex'),
            groupId
          })
          jobs++
          const taskId = taskIds[0] as string
          const remote = {
            remoteId: `imgtask_${b}_${i}`,
            remoteCreatedAt: at + 1000,
            deadlineAt: now + 55 * 60_000
          }
          if (i < done) {
            repo.updateTask(taskId, {
              ...remote,
              status: 'succeeded',
              remoteStatus: 'succeeded',
              pollCount: 6,
              lastPolledAt: at + 40_000,
              nextPollAt: null,
              progress: 1
            })
            repo.insertResult({
              jobId,
              taskId,
              index: 0,
              kind: 'image',
              status: 'stored',
              mediaId: media[i % media.length],
              sizeLabel: '1024x1024'
            })
          } else if (i < failed) {
            repo.updateTask(taskId, {
              ...remote,
              status: 'failed',
              remoteStatus: 'failed',
              pollCount: 3,
              lastPolledAt: at + 20_000,
              nextPollAt: null,
              error: {
                code: 'content_policy_violation',
                message: 'The prompt was refused by the safety system.'
              }
            })
          } else if (i < runs) {
            // Polled for a while already: the next polls are 30 s apart (P25's cap), as in a long batch.
            running++
            repo.updateTask(taskId, {
              ...remote,
              remoteCreatedAt: now - 3 * 60_000,
              status: 'running',
              remoteStatus: 'running',
              pollCount: 10,
              lastPolledAt: now - 10_000,
              nextPollAt: now + 20_000,
              progress: 0.4
            })
          }
        })
      }
    })
    new QueueControl(db, Date.now).setPaused(true)
    // The gateway's key, bound to its address, as Settings stores it (the web host's key file).
    await new ApiKeyStore(db, createKeyFileCipher(dataDir), Date.now).set(
      PROFILE_ID,
      'sk-bench-queue-0000',
      gatewayUrl
    )
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.exec('ANALYZE')
    return {
      jobs,
      batches,
      running,
      firstBatch: sizes[0] ?? 0,
      lastBatch: sizes.at(-1) ?? 0,
      seedMs: performance.now() - started
    }
  } finally {
    db.close()
    sweepTempFiles(join(dataDir, 'library'), join(dataDir, 'library', '.sweep-state.json'), Date.now())
    markClosedCleanly(dataDir)
  }
}

// ---------------------------------------------------------------------------------------------------------
// The page: waits that say what they found, the first screen, the scroll.

/**
 * The Queue's own figures for a wait that ran out (the shared report adds the address, visibility, the
 * screen's text and what the console said): the pause line, how many batch bands and rows (all, and inside
 * the list's box), and the list's box. Plain JavaScript text: the app's CSP forbids eval, and nothing of the
 * bundler's helpers exists in the page.
 */
const QUEUE_DETAILS = `(() => {
  const text = (el) => (el ? el.textContent || '' : '').replace(/\\s+/g, ' ').trim().slice(0, 120)
  const all = (sel) => [...document.querySelectorAll(sel)]
  const scroller = document.querySelector('.tq-scroll')
  const box = scroller ? scroller.getBoundingClientRect() : null
  const rows = all('.tq-list .tq-row')
  return {
    pause: text(document.querySelector('.tq-pause-text')),
    bands: all('.tq-batches .tq-batch').length,
    rows: rows.length,
    rowsInBox: box ? rows.filter((r) => { const b = r.getBoundingClientRect(); return b.bottom > box.top && b.top < box.bottom }).length : 0,
    list: scroller ? { top: scroller.scrollTop, height: scroller.clientHeight, scrollHeight: scroller.scrollHeight } : null,
    more: text(document.querySelector('.tq-more'))
  }
})()`

/** What a failed wait on the Queue shows besides the shared report. */
const QUEUE_SHOW = { rows: '.tq-list .tq-row', region: '.tq-screen', details: QUEUE_DETAILS }

interface FirstScreen {
  bands: number
  rows: number
  /** The list's box, px high (what the bands above it leave). */
  box: number
}

/** The little of the DOM `firstScreen` reads (bench files are typed without the DOM). */
interface QueueEl {
  getBoundingClientRect(): { top: number; bottom: number; height: number }
  querySelector(selector: string): { textContent: string | null } | null
}

/**
 * In the page: the Queue's first screen painted: all `bands` batch bands, and rows filling the list's box
 * (or all of them if fewer), each with its prompt. False until then. A function, not text: Playwright
 * evaluates text again at every poll, which the app's CSP refuses after the first.
 */
function firstScreen(bands: number): FirstScreen | false {
  const { document } = globalThis as unknown as {
    document: {
      querySelector(selector: string): QueueEl | null
      querySelectorAll(selector: string): ArrayLike<QueueEl> & Iterable<QueueEl>
    }
  }
  const scroller = document.querySelector('.tq-scroll')
  const shown = document.querySelectorAll('.tq-batches .tq-batch').length
  if (!scroller || shown < bands) return false
  const box = scroller.getBoundingClientRect()
  if (box.height <= 0) return false
  const rows = [...document.querySelectorAll('.tq-list .tq-row')].filter((r) => {
    const b = r.getBoundingClientRect()
    return b.bottom > box.top && b.top < box.bottom
  })
  if (rows.length === 0 || rows.some((r) => !r.querySelector('.tq-prompt')?.textContent)) return false
  const last = rows.at(-1)?.getBoundingClientRect()
  const list = document.querySelector('.tq-list')?.getBoundingClientRect()
  if (!last || !list) return false
  if (last.bottom < box.bottom - 1 && last.bottom < list.bottom - 1) return false
  return { bands: shown, rows: rows.length, box: Math.round(box.height) }
}

/** Settings, then its first heading painted. */
async function openSettings(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
  await waitForLocator(
    page,
    'the Settings screen’s "Appearance" heading',
    page.getByRole('heading', { name: 'Appearance' })
  )
  await nextPaint(page)
}

async function openQueue(page: Page, bands: number): Promise<FirstScreen> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Queue' }).click()
  const shown = await waitInPage(
    page,
    `the Queue's first screen (all ${bands} batch bands, and rows filling the list)`,
    firstScreen,
    { arg: bands, ...QUEUE_SHOW }
  )
  await nextPaint(page)
  return shown
}

/**
 * Pauses one batch from its band: the click on its "Pause batch" to the band saying so, in ms. Then
 * resumes it and waits for that too, so every run finds the batch as the fixture left it (with the whole
 * queue paused, a resumed batch still sends nothing).
 */
async function pauseBatch(page: Page, name: string): Promise<number> {
  const band = page.getByRole('listitem', { name, exact: true })
  const start = performance.now()
  await band.getByRole('button', { name: 'Pause batch', exact: true }).click()
  await waitForLocator(
    page,
    `the band of batch ${name} saying it is paused`,
    band.getByText('Paused: none of its waiting jobs is sent until you resume it.')
  )
  const ms = performance.now() - start
  await band.getByRole('button', { name: 'Resume batch', exact: true }).click()
  await waitForLocator(
    page,
    `the band of batch ${name} resumed`,
    band.getByRole('button', { name: 'Pause batch', exact: true })
  )
  return ms
}

/** A new page in a fresh context, the app loaded and its navigation there. */
async function freshPage(browser: Browser, url: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  const page = await benchPage(await context.newPage())
  await page.addInitScript(PROBE)
  await page.goto(url)
  await waitForLocator(page, 'the app’s main navigation', page.getByRole('navigation', { name: 'Main' }))
  return { page, close: () => context.close() }
}

/** One first visit: Settings opened, then the Queue to its first screen painted. */
async function firstVisit(
  page: Page,
  bands: number
): Promise<{ subject: number; baseline: number; shown: FirstScreen }> {
  let start = performance.now()
  await openSettings(page)
  const baseline = performance.now() - start
  start = performance.now()
  const shown = await openQueue(page, bands)
  return { subject: performance.now() - start, baseline, shown }
}

/**
 * Flings the list to its very end: FLING_PX a frame, waiting at the bottom of what is loaded for the next
 * page (the list asks for it as its last rows come into view) until the last page has come. Text, like
 * `scrollInSteps`; resolves with the frames it took, rejects after `timeoutMs` saying where it stopped.
 */
const flingToEnd = (timeoutMs: number): string => `new Promise((resolve, reject) => {
  const scroller = document.querySelector('.tq-scroll')
  if (!scroller) return reject(new Error('no .tq-scroll'))
  const started = performance.now()
  let frames = 0
  const frame = () => {
    frames += 1
    const bottom = scroller.scrollHeight - scroller.clientHeight
    const more = document.querySelector('.tq-more')
    if (scroller.scrollTop >= bottom - 1 && !more) return resolve(frames)
    if (performance.now() - started > ${timeoutMs})
      return reject(new Error('stopped at ' + scroller.scrollTop + ' of ' + bottom + ' px, ' +
        document.querySelectorAll('.tq-list .tq-row').length + ' rows drawn, "' +
        (more ? more.textContent : '') + '" below the list'))
    scroller.scrollTop = Math.min(bottom, scroller.scrollTop + ${FLING_PX})
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})`

/** Rows the list has loaded (its `aria-setsize`, the count the virtualizer draws from). */
const LOADED_ROWS = `Number((document.querySelector('.tq-list .tq-row') || { getAttribute: () => 0 }).getAttribute('aria-setsize'))`

interface State {
  temp: { dir: string; cleanup: () => void }
  gateway: FakeGateway
  studio: Studio
  browser: Browser
  seeded: Seeded
}

/**
 * The Queue screen with 10,000 jobs in 20 batches of 500 (1,000 in 4 with --quick), most waiting, some
 * finished, refused or running, the queue paused (issue 25), in the web host and Chromium: first paint
 * against the Settings screen, paired per first visit as the gallery's; then the list scrolled to its very
 * end (loading its pages as it goes) and back up, for the longest main-thread task. The running jobs are
 * polled on a fake gateway of the user's own, which answers at once that they still run.
 */
export const queueScreen = bench<State>({
  name: 'queue screen with 10,000 jobs in batches (web host, Chromium)',
  async setup(ctx: BenchContext) {
    const jobs = ctx.quick ? 1_000 : 10_000
    const batches = ctx.quick ? 4 : 20
    const temp = makeTempDir('gs-bench-queue-')
    const gateway = await startFakeGateway()
    const dataDir = join(temp.dir, 'data')
    const seeded = await seedQueue(dataDir, jobs, batches, gateway.url)
    ctx.log(
      `${seeded.jobs.toLocaleString('en')} jobs in ${batches} batches seeded in ` +
        `${(seeded.seedMs / 1000).toFixed(1)} s; queue paused`
    )
    const studio = await startStudio(dataDir, ctx.rendererDir())
    // P24: every running task is polled within 5 s of start; then every 30 s. The start's burst is over
    // before anything is measured (what follows is the polling any open queue with running jobs has).
    const deadline = Date.now() + 30_000
    while (gateway.polls() < seeded.running) {
      if (Date.now() > deadline)
        throw new Error(
          `only ${gateway.polls()} of the ${seeded.running} running jobs were polled within 30 s of start`
        )
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const browser = await launchChromium()
    return { temp, gateway, studio, browser, seeded }
  },
  async run(state, ctx, run): Promise<Sample[]> {
    const { studio, browser, seeded } = state
    const scale = seeded.jobs.toLocaleString('en')

    // First paint: one opening per fresh page (nothing cached), three per run, medians of each side and
    // of the pairs' ratios (single openings swing ±25 % on a shared machine).
    const pairs: { subject: number; baseline: number }[] = []
    let shown: FirstScreen = { bands: 0, rows: 0, box: 0 }
    for (let i = 0; i < FIRST_PAINT_VISITS - 1; i++) {
      const visit = await freshPage(browser, studio.host.url)
      try {
        const pair = await firstVisit(visit.page, seeded.batches)
        pairs.push({ subject: pair.subject, baseline: pair.baseline })
      } finally {
        await visit.close()
      }
    }
    const { page, close } = await freshPage(browser, studio.host.url)
    try {
      const visit = await traced(browser, page, run === 0 ? ctx.profileDir : null, 'queue-first-paint', () =>
        firstVisit(page, seeded.batches)
      )
      pairs.push({ subject: visit.subject, baseline: visit.baseline })
      shown = visit.shown
      const firstPaint = pairedMedians(pairs)

      // To the very end (every page loaded on the way), then back up in 120 jumps.
      const [down, up] = await traced(
        browser,
        page,
        run === 0 ? ctx.profileDir : null,
        'queue-scroll',
        async () => [
          await probed(page, async () => {
            await explained(
              page,
              'the Queue’s list flung to its very end',
              600_000,
              () => page.evaluate(flingToEnd(600_000)),
              QUEUE_SHOW
            )
          }),
          await probed(page, () => scrollInSteps(page, '.tq-scroll', SCROLL_STEPS, false))
        ]
      )
      const scroll = {
        longest: Math.max(down.longest, up.longest),
        longTasks: down.longTasks + up.longTasks,
        longTaskMs: down.longTaskMs + up.longTaskMs,
        maxFrameGap: Math.max(down.maxFrameGap, up.maxFrameGap),
        ms: down.ms + up.ms
      }
      const loaded = await page.evaluate<number>(LOADED_ROWS)
      if (loaded < seeded.jobs)
        throw new Error(`the Queue's list ended at ${loaded} of ${seeded.jobs} jobs after the scroll`)

      // Pausing the big batch, against pausing the last (a smaller one), each from the click to its band
      // saying so.
      const bigPause = await pauseBatch(page, BIG_BATCH)
      const smallPause = await pauseBatch(page, `shoot-${seeded.batches}.csv`)

      // Baseline: the same way over an empty scroller of the list's height, in the same page.
      await addPlainScroller(page, '.tq-scroll')
      const plain = await probed(page, async () => {
        await scrollInSteps(page, '.bench-plain-scroll', SCROLL_STEPS, true)
        await scrollInSteps(page, '.bench-plain-scroll', SCROLL_STEPS, false)
      })
      const asked = state.gateway.others()
      if (asked.length > 0)
        throw new Error(
          `the paused queue asked its gateway for more than polls: ${asked.slice(0, 3).join(', ')}`
        )

      return [
        {
          key: 'queue.firstPaint',
          label: `Queue screen first paint, ${scale} jobs in ${seeded.batches} batches`,
          subjectIs: 'click "Queue" to every batch band and a list box full of rows painted',
          baselineIs: 'click "Settings" to its first heading painted',
          unit: 'ms',
          ...firstPaint,
          goal: '≤ 1.5× the Settings screen',
          judge: ({ ratio }) => ratio <= 1.5,
          details: {
            bands: shown.bands,
            'rows in the list box': shown.rows,
            'list box px': shown.box,
            ...firstPaint.details
          }
        },
        {
          key: 'queue.pauseBatch',
          label: `pausing a batch of ${seeded.firstBatch.toLocaleString('en')} jobs, ${scale} in the queue`,
          subjectIs: `click its "Pause batch" to its band saying it is paused (${seeded.firstBatch.toLocaleString('en')} jobs)`,
          baselineIs: `the same for the last batch (${seeded.lastBatch.toLocaleString('en')} jobs)`,
          unit: 'ms',
          subject: bigPause,
          baseline: smallPause,
          ratio: times(bigPause, smallPause),
          goal: 'visible within 1 s',
          judge: ({ subject }) => subject <= 1000
        },
        longestTaskSample(
          'queue.scrollLongestTask',
          `Queue scrolled to its end and back, ${scale} jobs in batches: longest main-thread task`,
          `the Queue's list flung to its end (loading its ${Math.ceil(seeded.jobs / LIST_PAGE)} pages), then ${SCROLL_STEPS} jumps back up`,
          scroll,
          plain,
          {
            'longest task down / up (ms)': `${Math.round(down.longest)} / ${Math.round(up.longest)}`,
            'tasks over 50 ms down / up': `${down.longTasks} / ${up.longTasks}`,
            'down ms': Math.round(down.ms),
            'gateway polls so far': state.gateway.polls()
          }
        )
      ]
    } finally {
      await close()
    }
  },
  async teardown(state) {
    if (!state) return
    await state.browser.close()
    await state.studio.close()
    await state.gateway.close()
    state.temp.cleanup()
  }
})
