import { expect, openStudio, test } from './support/fixtures'

test('a new user moves through every screen, changes a setting and finds it after a reload [P2][P4]', async ({
  page,
  studio,
  outsideRequests
}) => {
  await openStudio(page, studio)
  // The token leaves the address bar once it has been taken.
  expect(page.url()).not.toContain('token=')

  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const name of ['Chat', 'Images', 'Edit', 'Queue', 'Gallery', 'Settings']) {
    await nav.getByRole('button', { name }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(nav.getByRole('button', { name })).toHaveAttribute('aria-current', 'page')
  }

  await expect(page.getByText(studio.dataDir)).toBeVisible()
  await page.getByRole('radio', { name: 'Dark' }).check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.screenshot({ path: 'test-results/shell-settings-dark.png' })

  await page.reload()
  await nav.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

  // "Follow the system" tracks the OS scheme live.
  await page.getByRole('radio', { name: 'Follow the system', exact: true }).check()
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

  // The page has no Node: the expressions are evaluated in the browser, as strings, not in this process.
  const nodeGlobals = await page.evaluate('[typeof require, typeof process, typeof Buffer]')
  expect(nodeGlobals).toEqual(['undefined', 'undefined', 'undefined'])
  expect(outsideRequests).toEqual([])
})

test('without the launch token the page explains what to do and the socket stays shut', async ({
  page,
  studio
}) => {
  await page.goto(studio.origin + '/')
  await expect(page.getByRole('alert')).toContainText('npm run web')
})

test('the web host stops cleanly on SIGINT', async ({ studio }) => {
  expect(await studio.stop('SIGINT')).toBe(0)
})
