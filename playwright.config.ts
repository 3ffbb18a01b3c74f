import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests drive the real renderer in Debian's Chromium against the web host (the Electron binary
 * cannot be downloaded here). The proxy flags keep the browser from calling out: anything that is not
 * loopback fails at once on a closed local port (TOOLCHAIN §7).
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/support/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1360, height: 860 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--proxy-server=http://127.0.0.1:9',
        '--proxy-bypass-list=<-loopback>;localhost;127.0.0.0/8;[::1]'
      ]
    },
    screenshot: 'only-on-failure',
    trace: 'off'
  }
})
