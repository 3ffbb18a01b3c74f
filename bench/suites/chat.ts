import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { makeTempDir } from '../../test/helpers/tempDir'
import {
  describeProbe,
  launchChromium,
  longestTaskSample,
  nextPaint,
  pickModel,
  addPlainScroller,
  probed,
  PROBE,
  scrollInSteps,
  startStudio,
  traced,
  type Studio
} from '../browser'
import { benchPage, describePage, waitForLocator, waitInPage } from '../browserWait'
import { chatFixture, writableCopy, type ChatFixture } from '../fixtures'
import { bench, pairedMedians, times, type Sample } from '../harness'

const TARGET_MS = 50
const SCROLL_STEPS = 120

interface LongChatState {
  temp: { dir: string; cleanup: () => void }
  fixture: ChatFixture
  studio: Studio
  browser: Browser
}

/**
 * In the page: the conversation `title` is open and its last message (index `last`, -1: none) is on screen.
 * A row's `data-position` is its place in the whole conversation, counted from 1 (a long one shows its last
 * messages before the rest are read).
 */
function conversationShown([title, last]: [string, number]): boolean {
  const doc = (
    globalThis as unknown as {
      document: {
        querySelector(s: string): {
          textContent: string | null
          getBoundingClientRect(): { top: number; bottom: number; height: number }
        } | null
        querySelectorAll(s: string): { length: number }
      }
    }
  ).document
  if (doc.querySelector('#screen-title')?.textContent !== title) return false
  if (last < 0) return doc.querySelectorAll('.message-row').length === 0
  const log = doc.querySelector('[role="log"][aria-label="Messages"]')
  const row = doc.querySelector(`.message-row[data-position="${last + 1}"]`)
  if (!log || !row) return false
  const box = log.getBoundingClientRect()
  const r = row.getBoundingClientRect()
  return r.height > 0 && r.bottom > box.top && r.top < box.bottom
}

/** First visits per run whose two openings (empty, then long) are compared. */
const OPEN_VISITS = 3

/** The app at `url`, on the Chat screen with its conversation history listed. */
async function openChat(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click()
  await waitForLocator(
    page,
    'the Chat screen’s conversation history',
    page.getByRole('list', { name: 'Conversation history' })
  )
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Clicks the conversation `title` in the list and waits until it is open with its last message (index
 * `last`; -1: none) on screen. The wait is on DOM facts (the screen's title, the rows and their boxes),
 * polled on a timer: see browserWait.ts for why not on animation frames.
 */
async function open(page: Page, title: string, last: number): Promise<number> {
  const start = performance.now()
  await page.getByRole('button', { name: new RegExp(escapeRegExp(title)) }).click()
  const what =
    last < 0 ? `"${title}" open with no messages` : `"${title}" open with its message ${last + 1} on screen`
  await waitInPage(page, what, conversationShown, {
    arg: [title, last] as [string, number],
    rows: '.message-row',
    region: '.chat-screen'
  })
  await nextPaint(page)
  return performance.now() - start
}

/**
 * A conversation of 500 messages and about 200,000 tokens (50 / 20,000 with --quick) in the Chat screen:
 * opening it against opening an empty one, then scrolling it top to bottom and back.
 */
export const longChat = bench<LongChatState>({
  name: 'chat: a 500-message, 200,000-token conversation (web host, Chromium)',
  async setup(ctx) {
    const fixture = ctx.quick
      ? await chatFixture(50, 20_000, ctx.log)
      : await chatFixture(500, 200_000, ctx.log)
    const temp = makeTempDir('gs-bench-chat-')
    const studio = await startStudio(writableCopy(fixture.dataDir, join(temp.dir, 'data')), ctx.rendererDir())
    const browser = await launchChromium()
    return { temp, fixture, studio, browser }
  },
  async run({ fixture, studio, browser }, ctx, run): Promise<Sample[]> {
    // One opening is one sample and single samples swung by a quarter between runs: each run compares the
    // two openings in three first visits (two here, the third below with the scrolling) and takes medians.
    const pairs: { subject: number; baseline: number }[] = []
    for (let i = 0; i < OPEN_VISITS - 1; i++) {
      const visit = await browser.newContext({ viewport: { width: 1360, height: 860 } })
      try {
        const page = await benchPage(await visit.newPage())
        await page.addInitScript(PROBE)
        await openChat(page, studio.host.url)
        const baseline = await open(page, fixture.emptyTitle, -1)
        pairs.push({ baseline, subject: await open(page, fixture.longTitle, fixture.messages - 1) })
      } finally {
        await visit.close()
      }
    }
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
    const page = await benchPage(await context.newPage())
    await page.addInitScript(PROBE)
    try {
      await openChat(page, studio.host.url)
      const emptyMs = await open(page, fixture.emptyTitle, -1)
      const longMs = await traced(browser, page, run === 0 ? ctx.profileDir : null, 'chat-open-long', () =>
        open(page, fixture.longTitle, fixture.messages - 1)
      )
      pairs.push({ subject: longMs, baseline: emptyMs })
      // The scrolling is through the whole conversation: its earlier messages are read after the last ones.
      await waitForLocator(
        page,
        'the whole conversation read (no earlier messages left out)',
        page.locator('.message-scroller[data-earlier="0"]')
      )
      const scroll = await traced(browser, page, run === 0 ? ctx.profileDir : null, 'chat-scroll', () =>
        probed(page, async () => {
          await scrollInSteps(page, '.message-scroller', SCROLL_STEPS, false)
          await scrollInSteps(page, '.message-scroller', SCROLL_STEPS, true)
        })
      )
      await addPlainScroller(page, '.message-scroller')
      const plain = await probed(page, async () => {
        await scrollInSteps(page, '.bench-plain-scroll', SCROLL_STEPS, true)
        await scrollInSteps(page, '.bench-plain-scroll', SCROLL_STEPS, false)
      })
      const scale = `${fixture.messages} messages / ${fixture.tokens.toLocaleString('en')} tokens`
      return [
        {
          key: 'chat.openLong',
          label: `open a conversation of ${scale}`,
          subjectIs: 'click it in the list to its last message painted',
          baselineIs: 'click an empty conversation to its (empty) message list painted',
          unit: 'ms',
          ...pairedMedians(pairs),
          goal: '≤ 1.5× an empty conversation',
          judge: ({ ratio }) => ratio <= 1.5
        },
        longestTaskSample(
          'chat.scrollLong',
          `scroll a conversation of ${scale} top to bottom and back: longest main-thread task`,
          `the message list, ${SCROLL_STEPS} jumps each way`,
          scroll,
          plain
        )
      ]
    } finally {
      await context.close()
    }
  },
  async teardown(state) {
    if (!state) return
    await state.browser.close()
    await state.studio.close()
    state.temp.cleanup()
  }
})

interface StreamState {
  temp: { dir: string; cleanup: () => void }
  studio: Studio
  browser: Browser
  page: Page
}

/** A second CPU-bound process, as on a machine where something else is busy; ended by its pid. */
function startCpuHog(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
}

/**
 * Streams a 10,000-token reply (2,000 with --quick; the demo gateway's `[[tokens=N]]`, chunks as fast as it
 * can write them) into the Chat screen while a second CPU-bound process runs, and reports the longest
 * main-thread task while it arrives. Baseline, same page and run, the hog still running: the same text
 * appended to a plain element's textContent, one append per animation frame over the same time.
 */
export const chatStream = bench<StreamState>({
  name: 'chat: 10,000-token reply streamed into the screen with a CPU-bound process running',
  async setup(ctx) {
    const temp = makeTempDir('gs-bench-chat-')
    const dataDir = join(temp.dir, 'data')
    mkdirSync(dataDir)
    const studio = await startStudio(dataDir, ctx.rendererDir(), { demoTiming: { chatChunkDelayMs: 0 } })
    const browser = await launchChromium()
    const page = await benchPage(await browser.newPage({ viewport: { width: 1360, height: 860 } }))
    await page.addInitScript(PROBE)
    await page.goto(studio.host.url)
    await pickModel(page, page, 'studio-chat')
    return { temp, studio, browser, page }
  },
  async run({ page, browser, studio }, ctx, run): Promise<Sample[]> {
    const tokens = ctx.quick ? 2000 : 10_000
    const replies = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Reply' })
    /** The newest conversation's last message, as the backend has it (the list keeps only some rows in the DOM). */
    const lastMessage = async (): Promise<
      { role: string; status: string; createdAt: number } | undefined
    > => {
      const list = (await studio.backend.dispatch('chat.list', {})) as {
        ok: boolean
        value?: { id: string }[]
      }
      const id = list.value?.[0]?.id
      if (!id) return undefined
      const got = (await studio.backend.dispatch('chat.get', { id })) as {
        value?: { messages: { role: string; status: string; createdAt: number }[] }
      }
      return got.value?.messages.at(-1)
    }
    const ask = async (text: string): Promise<void> => {
      const sent = Date.now()
      await page.getByRole('textbox', { name: 'Message' }).fill(text)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      // Complete in the backend, then shown: the last reply on screen has its token usage.
      for (const deadline = Date.now() + 300_000; ;) {
        const last = await lastMessage()
        if (last?.role === 'assistant' && last.status === 'complete' && last.createdAt >= sent - 1000) break
        if (Date.now() > deadline)
          throw new Error(
            `the reply to "${text}" did not complete in the backend within 300 s; the page showed:\n${await describePage(page, { rows: '.message-row' })}`
          )
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      await waitForLocator(
        page,
        `the reply to "${text}" on screen with its token usage`,
        replies.last().getByLabel('Token usage'),
        { rows: '.message-row' }
      )
    }
    // Each run in a new conversation, warmed up: code loaded and compiled, one short reply on screen.
    await page.getByRole('button', { name: 'New chat' }).click()
    await ask('Warm up [[tokens=300]]')

    const hog = startCpuHog()
    try {
      const subject = await traced(browser, page, run === 0 ? ctx.profileDir : null, 'chat-stream', () =>
        probed(page, () => ask(`Tell me everything [[tokens=${tokens}]]`))
      )
      const text = await replies.last().locator('.md').innerText()
      const words = text.split(/(?<=\s)/)
      const baseline = await probed(page, async () => {
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
      if (tokensShown !== tokens) throw new Error(`${tokensShown} of ${tokens} tokens shown`)
      return [
        {
          key: 'chat.streamWithCpuHog',
          label: `a ${tokens.toLocaleString('en')}-token reply streamed with a second CPU-bound process running: longest main-thread task`,
          subjectIs: `chat screen: ${describeProbe(subject)}; ${(subject.ms / 1000).toFixed(1)} s`,
          baselineIs: `plain textContent append per frame over the same time: ${describeProbe(baseline)}`,
          unit: 'ms (longest task; 0 = none over 50 ms)',
          subject: subject.longest,
          baseline: baseline.longest,
          ratio: times(subject.maxFrameGap, baseline.maxFrameGap, 1),
          goal: `no task over ${TARGET_MS} ms while streaming (ratio: longest frame gap vs the baseline’s)`,
          judge: ({ subject: longest }) => longest <= TARGET_MS,
          details: {
            maxFrameGapMs: Math.round(subject.maxFrameGap),
            baselineMaxFrameGapMs: Math.round(baseline.maxFrameGap),
            streamMs: Math.round(subject.ms)
          }
        }
      ]
    } finally {
      hog.kill('SIGKILL')
    }
  },
  async teardown(state) {
    if (!state) return
    await state.browser.close()
    await state.studio.close()
    state.temp.cleanup()
  }
})
