import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

/** Opens a screen from the sidebar. */
export async function openScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click()
}

/** Opens a gateway's details in Settings (a profile button toggles them, so only when closed). */
export async function openDetails(page: Page, name: string): Promise<Locator> {
  const details = page.getByRole('region', { name: `${name} details` })
  // A profile just added opens by itself: give it a moment before toggling it.
  const open = await details
    .waitFor({ state: 'visible', timeout: 1_500 })
    .then(() => true)
    .catch(() => false)
  if (!open) {
    await page
      .getByRole('list', { name: 'Gateway profiles' })
      .getByRole('button', { name: new RegExp(`^${name} `) })
      .click()
  }
  await expect(details).toBeVisible()
  return details
}

/** Stores a key in a gateway's details, accepting the web host's weak-protection question. */
export async function saveKey(page: Page, gateway: string, key: string): Promise<void> {
  const details = await openDetails(page, gateway)
  await details.getByLabel(/API key/).fill(key)
  await details.getByRole('button', { name: 'Save key' }).click()
  await details
    .getByRole('alertdialog', { name: 'Weak key protection' })
    .getByRole('button', { name: 'Store the key anyway' })
    .click()
  await expect(
    page.getByRole('list', { name: 'Gateway profiles' }).getByText(`Key ••••${key.slice(-4)}`)
  ).toBeVisible()
}

/** Adds a gateway through Settings with its key; `use` makes it the one in use. */
export async function addGateway(
  page: Page,
  gateway: { name: string; baseUrl: string; key: string; use?: boolean }
): Promise<void> {
  await openScreen(page, 'Settings')
  const form = page.getByRole('form', { name: 'Add a gateway' })
  await form.getByLabel('Name').fill(gateway.name)
  await form.getByLabel('Address').fill(gateway.baseUrl)
  await form.getByRole('button', { name: 'Add gateway' }).click()
  await expect(page.getByRole('region', { name: `${gateway.name} details` })).toBeVisible()
  await saveKey(page, gateway.name, gateway.key)
  if (gateway.use) await useGateway(page, gateway.name)
}

/** Makes a listed gateway the one in use, from Settings. */
export async function useGateway(page: Page, name: string): Promise<void> {
  await openScreen(page, 'Settings')
  const profiles = page.getByRole('list', { name: 'Gateway profiles' })
  const details = await openDetails(page, name)
  await details.getByRole('button', { name: 'Use this gateway' }).click()
  await expect(profiles.getByRole('button', { name: new RegExp(`^${name} .*\\(in use\\)$`) })).toBeVisible()
}

/** Writes an emulator config file and returns the `--config` arguments for it. */
export function emulatorConfigArgs(config: unknown): string[] {
  const file = join(tmpdir(), `gs-emu-${process.pid}-${Date.now()}.json`)
  writeFileSync(file, JSON.stringify(config))
  return ['--config', file]
}
