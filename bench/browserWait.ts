import type { Locator, Page } from 'playwright-core'

/**
 * Every wait a browser bench makes on its page goes through here, so that one that runs out says what it
 * waited for and what the page showed, on any machine, instead of Playwright's bare "Timeout exceeded".
 *
 * Page predicates are polled on a timer, never with `polling: 'raf'`: animation frames are a fact of the
 * compositor, not of the DOM, and a page that is hidden, occluded or not the one in front may get none
 * (whether a headless page counts as visible is up to the browser's build, flags and window set-up), while
 * a timer and the DOM it reads go on. 16 ms is about one check per frame at 60 Hz, as 'raf' gave where
 * frames did come, so an opening measured to "predicate true" is not measured coarser than before.
 * Predicates are functions, never strings: Playwright evaluates a string again at every poll, and the app's
 * CSP (no 'unsafe-eval') throws at the second poll, so a string only works on a machine fast enough to pass
 * at the first.
 */
export const POLL_MS = 16
export const DEFAULT_WAIT_MS = 60_000

/** What the page said since the bench opened it: console errors, uncaught errors, failed requests. */
interface PageLog {
  /** False when the page was first watched by a wait, not when it opened: earlier messages are missing. */
  fromOpening: boolean
  lines: string[]
}

const KEPT_LINES = 40
const SHOWN_LINES = 10
const logs = new WeakMap<Page, PageLog>()

/** The URL without its query (the web host's session token travels there). */
function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.origin}${parsed.pathname}${parsed.search ? '?…' : ''}${parsed.hash}`
  } catch {
    return url
  }
}

/**
 * Starts keeping the page's console errors, uncaught errors and failed requests for a failed wait to show.
 * Call it right after the page is made, before `goto`, so the failure shows what happened while it loaded.
 */
export function watchPage(page: Page, fromOpening = true): Page {
  if (logs.has(page)) return page
  const log: PageLog = { fromOpening, lines: [] }
  const add = (line: string): void => {
    log.lines.push(line.replace(/\s+/g, ' ').trim().slice(0, 400))
    if (log.lines.length > KEPT_LINES) log.lines.shift()
  }
  page.on('console', (message) => {
    if (message.type() === 'error') add(`console.error: ${message.text()}`)
  })
  page.on('pageerror', (error) => add(`uncaught: ${error.message}`))
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed'
    // Aborted loads are the gallery's images scrolled past, not faults.
    if (reason.includes('ERR_ABORTED')) return
    add(`request failed: ${request.method()} ${withoutQuery(request.url())} (${reason})`)
  })
  page.on('crash', () => add('the page crashed'))
  logs.set(page, log)
  return page
}

/**
 * A page a bench is about to drive: watched from now on, and brought to the front of its browser, so that
 * a page opened after another one (or after a context the bench closed) is the visible, focused one, as a
 * hand-written script's single page always is.
 */
export async function benchPage(page: Page): Promise<Page> {
  watchPage(page)
  await page.bringToFront()
  return page
}

export interface ShowOptions {
  /** A selector of the rows this wait is about (`.message-row`); their count is shown. */
  rows?: string
  /** A selector of the region whose visible text is shown; `main` (or the body) when not given. */
  region?: string
  /**
   * A page expression as text (plain JavaScript: nothing of the bundler reaches the page) whose value is
   * shown as JSON too: a bench's own figures, e.g. a list's scroll position.
   */
  details?: string
}

export interface WaitOptions extends ShowOptions {
  /** 60 s unless given. */
  timeoutMs?: number
  /** POLL_MS unless given: a wait whose end is not what the bench times may poll less often. */
  pollMs?: number
}

/** Plain JavaScript text, like the benches' other page code: the app's CSP forbids eval. */
const PAGE_STATE = `(rows, region, details) => {
  const main = (region && document.querySelector(region)) || document.querySelector('main, [role="main"]') || document.body
  const text = main ? String(main.innerText || main.textContent || '').replace(/\\s+/g, ' ').trim() : ''
  let extra = null
  try { extra = details ? details() : null } catch (error) { extra = 'could not read: ' + error }
  return {
    url: location.href.replace(/\\?[^#]*/, '?…'),
    title: document.title,
    visibility: document.visibilityState,
    focused: document.hasFocus(),
    region: main ? main.tagName.toLowerCase() + (main.id ? '#' + main.id : '') + (typeof main.className === 'string' && main.className ? '.' + main.className.trim().split(/\\s+/).join('.') : '') : '(none)',
    textLength: text.length,
    text: text.length > 1500 ? text.slice(0, 1500) + '…' : text,
    rows: rows ? document.querySelectorAll(rows).length : null,
    details: extra
  }
}`

interface PageState {
  url: string
  title: string
  visibility: string
  focused: boolean
  region: string
  textLength: number
  text: string
  rows: number | null
  details: unknown
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/**
 * What the page shows, as lines: its address, title and visibility, the visible text of its main region,
 * how many of the given rows there are, and what it said since it opened. Never throws: a page that is
 * closed, crashed or too busy to answer says so instead.
 */
export async function describePage(page: Page, options: ShowOptions = {}): Promise<string> {
  const lines: string[] = []
  if (page.isClosed()) lines.push('  (the page is closed)')
  else {
    const expression = `(${PAGE_STATE})(${JSON.stringify(options.rows ?? null)}, ${JSON.stringify(
      options.region ?? null
    )}, ${options.details ? `() => (${options.details})` : 'null'})`
    try {
      const state = await withTimeout(page.evaluate<PageState>(expression), 5000, 'the page')
      lines.push(
        `  url: ${state.url}`,
        `  document title: ${JSON.stringify(state.title)}`,
        `  visibility: ${state.visibility}${state.focused ? ', focused' : ', not focused'}`
      )
      if (options.rows !== undefined) lines.push(`  rows (${options.rows}): ${state.rows ?? 0}`)
      if (state.details !== null) lines.push(`  details: ${JSON.stringify(state.details)}`)
      lines.push(`  text of ${state.region} (${state.textLength} chars): ${JSON.stringify(state.text)}`)
    } catch (error) {
      lines.push(`  (could not read the page: ${firstLine(error)})`)
    }
  }
  const log = logs.get(page)
  if (!log) lines.push('  (console not watched: the bench made this page without watchPage)')
  else {
    const since = log.fromOpening ? 'since it opened' : 'since the wait began'
    if (log.lines.length === 0) lines.push(`  no console error, uncaught error or failed request ${since}`)
    else {
      const shown = log.lines.slice(-SHOWN_LINES)
      lines.push(
        `  console errors, uncaught errors and failed requests ${since} (${shown.length === log.lines.length ? 'all' : `last ${shown.length} of ${log.lines.length}`}):`,
        ...shown.map((line) => `    ${line}`)
      )
    }
  }
  return lines.join('\n')
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''

/** Thrown by a wait that failed: says what it waited for and what the page showed. */
export class PageWaitError extends Error {
  override name = 'PageWaitError'
}

/**
 * Runs `work` (a wait on `page`); if it fails, throws a PageWaitError naming `what` it waited for, why it
 * stopped (timed out, or the page threw) and what the page showed then.
 */
export async function explained<T>(
  page: Page,
  what: string,
  timeoutMs: number,
  work: () => Promise<T>,
  show: ShowOptions = {}
): Promise<T> {
  watchPage(page, false)
  try {
    return await work()
  } catch (error) {
    const why = firstLine(error)
    const timedOut =
      error instanceof Error && (error.name === 'TimeoutError' || /Timeout \d+ms exceeded/.test(why))
    const head = timedOut
      ? `timed out after ${timeoutMs / 1000} s waiting for ${what}`
      : `failed while waiting for ${what}: ${why}`
    const shown = await describePage(page, show)
    // A timeout's own words name Playwright's call; any other failure's are in `head` already.
    const tail = timedOut ? `\n  (Playwright: ${why})` : ''
    throw new PageWaitError(`${head}\nthe page showed:\n${shown}${tail}`, { cause: error })
  }
}

/**
 * Waits until `predicate` (run in the page, polled every POLL_MS) returns something truthy, and returns it.
 * `predicate` is a function, not text (see above); it runs in the page, so it must not call helpers of
 * its own module, nor define named inner functions (tsx wraps them in a `__name` the page lacks).
 */
export async function waitInPage<R, A = undefined>(
  page: Page,
  what: string,
  predicate: (arg: A) => R,
  options: WaitOptions & { arg?: A } = {}
): Promise<Exclude<R, false | null | undefined | 0 | ''>> {
  const timeout = options.timeoutMs ?? DEFAULT_WAIT_MS
  return explained(
    page,
    what,
    timeout,
    async () => {
      // Playwright types the argument the page function receives through its `Unboxed` mapping, which
      // TypeScript cannot relate to a generic `A`; for the plain JSON arguments the benches pass they are
      // the same type.
      const run = predicate as unknown as (arg: unknown) => R
      const handle = await page.waitForFunction(run, options.arg as unknown, {
        polling: options.pollMs ?? POLL_MS,
        timeout
      })
      return (await handle.jsonValue()) as Exclude<R, false | null | undefined | 0 | ''>
    },
    options
  )
}

/** Waits for `locator` to be visible (or the `state` given), saying what the page showed if it never is. */
export function waitForLocator(
  page: Page,
  what: string,
  locator: Locator,
  options: WaitOptions & { state?: 'attached' | 'detached' | 'visible' | 'hidden' } = {}
): Promise<void> {
  const timeout = options.timeoutMs ?? DEFAULT_WAIT_MS
  return explained(
    page,
    what,
    timeout,
    () => locator.waitFor({ state: options.state ?? 'visible', timeout }),
    options
  )
}
