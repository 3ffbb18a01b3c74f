import type { Locator, Page } from '@playwright/test'
import { emulatorPosts, shot } from './support/chat'
import { startEmulatorProcess, type EmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'
import { addGateway, openDetails, openScreen } from './support/gateways'

/**
 * Issue 15: Cancel looked final but was local. Without a cancel call the button says "Stop tracking" and
 * that the gateway may still bill; with one (the emulator's opt-in route, set in Settings) it is sent and
 * the gateway's answer is shown.
 */
let emulator: EmulatorProcess

test.beforeAll(async () => {
  // Demo pace (a task is held for about 8 s) and the cancel route the spec does not have, opted into.
  emulator = await startEmulatorProcess(['--cancel-route'])
})
test.afterAll(async () => {
  await emulator.stop()
})

const taskRow = (page: Page, prompt: string): Locator =>
  page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').filter({ hasText: prompt }).first()

async function startVideo(page: Page, prompt: string): Promise<void> {
  await openScreen(page, 'Video')
  await page.getByLabel('Prompt').fill(prompt)
  await page.getByLabel('Duration (seconds)').fill('2')
  await page.getByRole('button', { name: 'Generate video' }).click()
  await expect(page.getByRole('list', { name: 'Recent videos' }).getByText(prompt)).toBeVisible()
  await openScreen(page, 'Queue')
}

async function deletes(): Promise<string[]> {
  const res = await fetch(`${emulator.origin}/__emulator/log`)
  const entries = (await res.json()) as { method: string; path: string }[]
  return entries.filter((e) => e.method === 'DELETE').map((e) => e.path)
}

test('cancel without a cancel call only stops tracking and says so; with one it is sent and answered', async ({
  page,
  studio
}) => {
  test.setTimeout(120_000)
  await openStudio(page, studio)
  await addGateway(page, {
    name: 'Acme',
    baseUrl: emulator.tenants.acme ?? '',
    key: emulator.keys.find((k) => k.role === 'ordinary')?.key ?? '',
    use: true
  })

  // No cancel call: "Stop tracking", with what it does not do said next to it.
  await startVideo(page, 'A slow pan over the harbour')
  const first = taskRow(page, 'A slow pan over the harbour')
  const stop = first.getByRole('button', { name: 'Stop tracking' })
  await expect(stop).toBeVisible({ timeout: 15_000 })
  await expect(stop).toHaveAccessibleDescription(/the gateway may still run and bill it/)
  await shot(page, 'issue15-stop-tracking')
  await stop.click()
  // The row itself says what stopping means for a task the gateway holds, not only the toast (issue 25).
  await expect(first).toContainText('No longer tracked — the gateway may still finish and bill it')
  const toasts = page.getByRole('region', { name: 'Notifications' })
  await expect(toasts.getByRole('status').filter({ hasText: 'Stopped tracking' })).toContainText(
    'it may still run and bill “A slow pan over the harbour”'
  )
  expect(await deletes()).toEqual([])

  // Settings documents the cancel call and fills in the provider default.
  await openScreen(page, 'Settings')
  const details = await openDetails(page, 'Acme')
  await details.getByText('Advanced: field names and extra JSON fields').click()
  const help = details.getByRole('region', { name: 'Cancelling video tasks' })
  await expect(help).toContainText('Not set. The gateway interface shows no cancel endpoint')
  await help.getByRole('button', { name: 'Fill in the provider default' }).click()
  await expect(details.getByLabel('Field names')).toHaveValue(
    /"path": "\/v1\/videos\/generations\/tasks\/\{id\}"/
  )
  await details.getByRole('button', { name: 'Save advanced settings' }).click()
  await expect(help).toContainText('Cancel sends DELETE /v1/videos/generations/tasks/{id}')
  await help.scrollIntoViewIfNeeded()
  await shot(page, 'issue15-settings-cancel-call')

  // With it: "Cancel" sends the call, and the gateway's answer is shown.
  await startVideo(page, 'A quick cut to the lighthouse')
  const second = taskRow(page, 'A quick cut to the lighthouse')
  const cancel = second.getByRole('button', { name: 'Cancel' })
  await expect(cancel).toHaveAttribute('title', /asks the gateway to cancel it \(DELETE/)
  await expect(second.getByRole('button', { name: 'Stop tracking' })).toHaveCount(0)
  // Wait until the gateway holds it (the row shows its task id once sent).
  await expect(second).toContainText(/Queued|Running/, { timeout: 15_000 })
  await cancel.click()
  await expect(second).toContainText('Cancelled')
  await expect(toasts.getByRole('status').filter({ hasText: 'Cancelled at the gateway' })).toContainText(
    'it reports the task as cancelled'
  )
  await shot(page, 'issue15-cancelled-at-gateway')
  expect(await deletes()).toHaveLength(1)
  expect(await emulatorPosts(emulator, '/v1/videos/generations')).toHaveLength(2)
})
