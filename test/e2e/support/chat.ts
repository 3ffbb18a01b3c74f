import type { Locator, Page } from '@playwright/test'
import type { EmulatorProcess } from './emulatorProcess'
import { expect } from './fixtures'
import { addGateway, openScreen } from './gateways'
import { pickModel } from './modelPicker'

/** Adds the separately started emulator as a gateway (ordinary key) through Settings and makes it the one in use. */
export async function useEmulatorGateway(page: Page, emulator: EmulatorProcess): Promise<void> {
  const key = emulator.keys.find((entry) => entry.role === 'ordinary')?.key ?? ''
  await addGateway(page, { name: 'Emulator', baseUrl: emulator.tenants.acme ?? '', key, use: true })
  await openScreen(page, 'Chat')
}

/** Queues fault steps on the emulator over its control API (e.g. a scripted `reply`). */
export async function scriptFault(emulator: EmulatorProcess, path: string, steps: unknown[]): Promise<void> {
  const res = await fetch(`${emulator.origin}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, steps })
  })
  if (!res.ok) throw new Error(`fault script refused: ${res.status} ${await res.text()}`)
}

export async function startNewChat(page: Page, model: string, style?: string): Promise<void> {
  await page.getByRole('button', { name: 'New chat' }).click()
  await pickModel(page, model)
  if (style) {
    const radio = page.getByRole('radio', { name: style })
    if (await radio.count()) await radio.check()
    else await expect(page.getByLabel(`Style: ${style}`)).toBeVisible()
  }
}

export async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
}

/** The last reply in the open conversation. */
export function lastReply(page: Page): Locator {
  return page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Reply' }).last()
}

/** Screenshots to look at; a folder of one's own keeps parallel runs from sweeping them away. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${process.env.CHAT_SHOTS_DIR ?? 'test-results'}/${name}.png` })
}

export async function emulatorPosts(
  emulator: EmulatorProcess,
  path: string
): Promise<{ idempotencyKey: string | null }[]> {
  const res = await fetch(`${emulator.origin}/__emulator/log`)
  const entries = (await res.json()) as { method: string; path: string; idempotencyKey: string | null }[]
  return entries.filter((e) => e.method === 'POST' && e.path === path)
}
