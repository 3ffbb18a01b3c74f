import { shot } from './support/chat'
import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/**
 * Issue 15: a failure notice no longer sits on the chat's Send button until dismissed. Toasts live in the
 * sidebar's foot and go by themselves; failures stay under the bell, counted until seen.
 */
test('a failed video while writing a chat: the toast covers nothing, goes, and stays under the bell', async ({
  page,
  studio
}) => {
  test.setTimeout(150_000)
  await openStudio(page, studio)
  await openScreen(page, 'Video')
  await page.getByLabel('Prompt').fill('A paper boat that will not float [[fail]]')
  await page.getByLabel('Duration (seconds)').fill('2')
  await page.getByRole('button', { name: 'Generate video' }).click()

  await openScreen(page, 'Chat')
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.click()
  await composer.fill('Writing while a video runs')
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert')
  // The demo gateway takes its time (queued, running, then polled with backoff).
  await expect(toast).toContainText('Video failed', { timeout: 90_000 })
  await shot(page, 'issue15-toast-in-sidebar')

  // Nothing of the screen is under it: not the composer, not Send, not the focused field.
  const toastBox = await toast.boundingBox()
  for (const control of [composer, page.getByRole('button', { name: 'Send', exact: true })]) {
    const box = await control.boundingBox()
    if (!toastBox || !box) throw new Error('no layout')
    expect(overlaps(toastBox, box)).toBe(false)
  }
  await expect(composer).toBeFocused()
  const bell = page.getByRole('button', { name: 'Notifications, 1 unseen' })
  await expect(bell).toBeVisible()

  // The toast goes by itself; the failure is kept under the bell.
  await expect(toast).toHaveCount(0, { timeout: 15_000 })
  await bell.click()
  const list = page.getByRole('dialog', { name: 'Notification list' })
  await expect(list).toContainText('Video failed')
  await shot(page, 'issue15-bell-list')
  await page.keyboard.press('Escape')
  await expect(list).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Notifications', exact: true }).click()
  await list.getByRole('button', { name: 'Show in Queue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible()
})
