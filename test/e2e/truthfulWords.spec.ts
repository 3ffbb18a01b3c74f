import { shot } from './support/chat'
import { startEmulatorProcess, type EmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'
import { openDetails, openScreen, saveKey } from './support/gateways'

/** Issue 15: words from what actually happened (a rejected key, no key, a video that does not decode). */
let emulator: EmulatorProcess

test.beforeAll(async () => {
  emulator = await startEmulatorProcess(['--timing', 'fast'])
})
test.afterAll(async () => {
  await emulator.stop()
})

test('no key says there is none; a rejected key says wrong, revoked or disabled, not "enter it again"', async ({
  page,
  studio
}) => {
  await openStudio(page, studio)
  await openScreen(page, 'Settings')
  const form = page.getByRole('form', { name: 'Add a gateway' })
  await form.getByLabel('Name').fill('Acme')
  await form.getByLabel('Address').fill(emulator.tenants.acme ?? '')
  await form.getByRole('button', { name: 'Add gateway' }).click()
  const details = await openDetails(page, 'Acme')

  await details.getByRole('button', { name: 'Test connection' }).click()
  await expect(details.getByRole('alert')).toContainText(
    `No API key is set for this gateway. Enter the key for ${emulator.origin}`
  )

  // A key of another tenant: the gateway answers 401.
  await saveKey(page, 'Acme', emulator.keys.find((k) => k.role === 'otherTenant')?.key ?? '')
  await details.getByRole('button', { name: 'Test connection' }).click()
  const alert = details.getByRole('alert')
  await expect(alert).toContainText('The gateway rejected this key')
  await expect(alert).toContainText('It may be wrong, revoked or disabled.')
  await expect(alert).not.toContainText('again')
  await shot(page, 'issue15-401-words')
})

test('a stored video the player cannot decode says why and offers the file', async ({ page, studio }) => {
  test.setTimeout(90_000)
  // The library's copy is swapped for bytes no player can decode, as a damaged file would be.
  await page.route('**/media/**', async (route) => {
    if (route.request().url().endsWith('_thumb')) return route.continue()
    const response = await route.fetch()
    if (!(response.headers()['content-type'] ?? '').startsWith('video/')) return route.fulfill({ response })
    return route.fulfill({ status: 200, contentType: 'video/mp4', body: Buffer.alloc(4096, 7) })
  })
  await openStudio(page, studio)
  await openScreen(page, 'Video')
  await page.getByLabel('Prompt').fill('A boat that will not play')
  await page.getByLabel('Duration (seconds)').fill('1')
  await page.getByRole('button', { name: 'Generate video' }).click()
  const recent = page.getByRole('list', { name: 'Recent videos' })
  const alert = recent.getByRole('alert').filter({ hasText: 'This video cannot be played here' })
  await expect(alert).toBeVisible({ timeout: 60_000 })
  await expect(alert).toContainText(/could not be decoded|cannot open this file as video\/mp4: it is damaged/)
  await expect(alert.getByRole('link', { name: 'Download the file' })).toHaveAttribute(
    'download',
    /^video-.*\.mp4$/
  )
  await alert.scrollIntoViewIfNeeded()
  await shot(page, 'issue15-video-decode')
})
