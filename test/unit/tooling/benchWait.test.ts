import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PageWaitError, waitForLocator, waitInPage, watchPage } from '../../../bench/browserWait'
import { chromiumLaunchOptions } from '../../helpers/chromium'

// The benches' waits (bench/browserWait.ts) in Debian's Chromium on a page of a few lines: a wait that runs
// out has to say what it waited for and what the page showed, without a bench run to find out.
const PAGE = `<!doctype html>
<title>Wait test</title>
<nav>Sidebar text that is not the main region</nav>
<main class="content"><h1 id="screen-title">Bench: empty conversation</h1>
  <ol><li class="message-row">first row</li><li class="message-row">second row</li></ol></main>
<script>
  console.error('the backend is out of reach')
  setTimeout(() => { throw new Error('a render failed') }, 0)
  setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p id="late">late</p>'), 100)
</script>`

interface TestGlobal {
  document: { querySelector(selector: string): { textContent: string | null } | null }
}

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions())
  page = watchPage(await browser.newPage())
  await page.setContent(PAGE)
})

afterAll(async () => {
  await browser.close()
})

describe('bench page waits', () => {
  it('returns what the predicate returned once it is true', async () => {
    const text = await waitInPage(
      page,
      'the late paragraph',
      (id: string) => (globalThis as unknown as TestGlobal).document.querySelector(id)?.textContent,
      { arg: '#late', timeoutMs: 3000 }
    )
    expect(text).toBe('late')
  })

  it('says what it waited for and what the page showed when it runs out', async () => {
    const error = await waitInPage(
      page,
      'the long conversation’s message 50 on screen',
      () => (globalThis as unknown as TestGlobal).document.querySelector('[data-index="49"]') !== null,
      { timeoutMs: 300, rows: '.message-row' }
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PageWaitError)
    const message = (error as Error).message
    expect(message).toContain(
      'timed out after 0.3 s waiting for the long conversation’s message 50 on screen'
    )
    expect(message).toContain('url: about:blank')
    expect(message).toContain('document title: "Wait test"')
    expect(message).toMatch(/visibility: visible/)
    expect(message).toContain('rows (.message-row): 2')
    // The main region's visible text, not the whole body's.
    expect(message).toContain('text of main.content')
    expect(message).toContain('Bench: empty conversation first row second row')
    expect(message).not.toContain('Sidebar text')
    expect(message).toContain('console.error: the backend is out of reach')
    expect(message).toContain('uncaught: a render failed')
  })

  it('says the same for a locator that never shows', async () => {
    const error = await waitForLocator(
      page,
      'the Settings heading',
      page.getByRole('heading', { name: 'Settings' }),
      {
        timeoutMs: 300
      }
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PageWaitError)
    expect((error as Error).message).toMatch(/^timed out after 0\.3 s waiting for the Settings heading\n/)
    expect((error as Error).message).toContain('Bench: empty conversation')
  })

  it('names a predicate that throws, instead of waiting it out', async () => {
    const started = Date.now()
    const error = await waitInPage(
      page,
      'a predicate that reads what is not there',
      () =>
        ((globalThis as unknown as TestGlobal).document.querySelector('#nothing') as { textContent: string })
          .textContent.length > 0,
      { timeoutMs: 5000 }
    ).catch((e: unknown) => e)
    expect(Date.now() - started).toBeLessThan(2500)
    expect((error as Error).message).toMatch(
      /^failed while waiting for a predicate that reads what is not there: /
    )
  })
})
