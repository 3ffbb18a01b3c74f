import { test as base, expect, type Page } from '@playwright/test'
import { startWebHostProcess, type RunningWebHost } from './webHost'

interface Fixtures {
  studio: RunningWebHost
  /** Every request the page made that did not go to the web host; tests assert it stays empty. */
  outsideRequests: string[]
  /**
   * Quits the web host as a user quits the app (SIGTERM, exit code 0 checked), starts it again on the same
   * data folder and opens it in the page; the new host is stopped when the test ends.
   */
  restartStudio: () => Promise<RunningWebHost>
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  studio: async ({}, use, testInfo) => {
    const host = await startWebHostProcess()
    await use(host)
    // A failing test shows what its web host said (and whether it exited while the test ran).
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('web host output', { body: host.output(), contentType: 'text/plain' })
    await host.stop()
  },
  restartStudio: async ({ page, studio }, use) => {
    const started: RunningWebHost[] = []
    await use(async () => {
      const current = started.at(-1) ?? studio
      expect(await current.stop('SIGTERM')).toBe(0)
      const next = await startWebHostProcess(studio.dataDir)
      started.push(next)
      await openStudio(page, next)
      return next
    })
    for (const host of started) await host.stop()
  },
  outsideRequests: async ({ page, studio }, use) => {
    const outside: string[] = []
    page.on('request', (request) => {
      const url = request.url()
      if (!url.startsWith(studio.origin) && !url.startsWith('ws://127.0.0.1') && !url.startsWith('blob:'))
        outside.push(url)
    })
    await use(outside)
  }
})

export async function openStudio(page: Page, host: RunningWebHost): Promise<void> {
  await page.goto(host.url)
  // In whichever language the page speaks (a journey may run in Chinese).
  await expect(page.getByRole('navigation', { name: /^(Main|主导航)$/ })).toBeVisible()
}

export { expect }
