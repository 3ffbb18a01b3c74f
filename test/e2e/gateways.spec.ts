import { startEmulatorProcess, type EmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'

let emulator: EmulatorProcess

test.beforeAll(async () => {
  emulator = await startEmulatorProcess()
})

test.afterAll(async () => {
  await emulator.stop()
})

test('a new user adds a gateway, enters the key, tests the connection and sees the models', async ({
  page,
  studio,
  outsideRequests
}) => {
  const key = emulator.keys.find((entry) => entry.role === 'ordinary')?.key ?? ''
  const baseUrl = emulator.tenants.acme ?? ''
  await openStudio(page, studio)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()

  const profiles = page.getByRole('list', { name: 'Gateway profiles' })
  await expect(profiles.getByRole('button', { name: /^Demo gateway .*\(in use\)$/ })).toBeVisible()

  await page.getByLabel('Name', { exact: true }).fill('Acme studio')
  await page.getByLabel('Address').fill('http://gateway.example.com/t/acme')
  await page.getByRole('button', { name: 'Add gateway' }).click()
  await expect(page.getByRole('alert')).toContainText('https://')

  await page.getByLabel('Address').fill(baseUrl)
  await page.getByRole('button', { name: 'Add gateway' }).click()
  const details = page.getByRole('region', { name: 'Acme studio details' })
  await expect(details).toBeVisible()

  // Testing without a key gives the mapped 401 words, not a raw status.
  await details.getByRole('button', { name: 'Test connection' }).click()
  await expect(details.getByRole('alert')).toContainText('API key')

  await details.getByLabel(/API key/).fill(key)
  await details.getByRole('button', { name: 'Save key' }).click()
  // The web host has no OS keychain: the key is stored only after the user agrees.
  const consent = details.getByRole('alertdialog', { name: 'Weak key protection' })
  await expect(consent).toBeVisible()
  await consent.getByRole('button', { name: 'Store the key anyway' }).click()
  await expect(profiles.getByText(`Key ••••${key.slice(-4)}`)).toBeVisible()
  await expect(details.getByLabel(/API key/)).toHaveValue('')

  await details.getByRole('button', { name: 'Test connection' }).click()
  const connected = details.getByRole('status')
  await expect(connected).toContainText(`Connected: ${emulator.models.length} models available`)
  for (const model of emulator.models.slice(0, 3))
    await expect(connected.getByText(model.id, { exact: true })).toBeVisible()

  await details.getByRole('button', { name: 'Use this gateway' }).click()
  await expect(profiles.getByRole('button', { name: /^Acme studio .*\(in use\)$/ })).toBeVisible()
  await page.screenshot({ path: 'test-results/gateways-connected.png', fullPage: true })

  // The key never reaches the page.
  expect(await page.content()).not.toContain(key)
  expect(outsideRequests).toEqual([])
})
