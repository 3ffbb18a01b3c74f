import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './test/helpers/chromium'

/**
 * End-to-end tests drive the real renderer in Debian's Chromium against the web host (the Electron binary
 * cannot be downloaded here), launched as every benchmark launches it (test/helpers/chromium.ts).
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/support/globalSetup.ts',
  globalTeardown: './test/e2e/support/globalTeardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two files at a time: each test has its own web host, data folder and emulator on free ports, and most
  // of a journey is waiting (a gateway's 429, a poll, a download). 17 -> 10.7 minutes, 63 of 63 green.
  workers: 2,
  retries: 0,
  // `json` keeps the last results for `npm run promises` (scripts/promises/cli.ts).
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1360, height: 860 },
    // The app follows the browser's language; journeys read English unless they switch it themselves.
    locale: 'en-US',
    launchOptions: chromiumLaunchOptions(),
    screenshot: 'only-on-failure',
    trace: 'off'
  }
})
