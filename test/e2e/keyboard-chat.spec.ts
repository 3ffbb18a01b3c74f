import { isBlocking, report, scan } from './support/axe'
import { lastReply } from './support/chat'
import { expect, openStudio, test } from './support/fixtures'
import { expectVisibleFocus, goToByKeys, pickModelByKeys, press, tabTo, typeText } from './support/keyboard'

/*
 * Issue 16, keyboard only: after the page loads no click and no fill, only keys. Chat against the web host's
 * demo gateway: write, send with Enter and with the app's Ctrl+Enter, and read the answers; then find the
 * shortcuts with `?`, close them with Escape and land where the focus was.
 */
test('keyboard only: a chat message is sent and answered, and ? lists the shortcuts', async ({
  page,
  studio,
  outsideRequests
}) => {
  await openStudio(page, studio)
  await goToByKeys(page, 'Chat', 'New chat')

  await pickModelByKeys(page, page.getByRole('combobox', { name: 'Model' }), 'studio-chat')
  const message = page.getByRole('textbox', { name: 'Message' })
  await tabTo(page, message)
  await typeText(page, 'Hello from the keyboard')
  await press(page, 'Enter')
  await expect(lastReply(page)).toContainText('You said: "Hello from the keyboard"', { timeout: 20_000 })
  // Send waits while a reply streams; the next message goes once this one has finished, as a user sees it.
  await expect(lastReply(page)).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 })

  // The app's shortcut sends too, from the same box; Shift+Enter is a new line, not a send.
  await expect(message).toBeFocused()
  await typeText(page, 'Two lines')
  await press(page, 'Shift+Enter')
  await typeText(page, 'and a shortcut')
  await press(page, 'Control+Enter')
  await expect(lastReply(page)).toContainText('and a shortcut', { timeout: 20_000 })
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Reply' })
  ).toHaveCount(2)

  // `?` in the message box is a question mark; from a button it opens the list of shortcuts.
  await typeText(page, '?')
  await expect(message).toHaveValue('?')
  await press(page, 'Backspace')
  const attach = page.getByRole('button', { name: 'Attach image' })
  await tabTo(page, attach, { back: true })
  await press(page, 'Shift+?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(dialog).toBeVisible()
  await expectVisibleFocus(page)
  await expect(dialog.getByRole('region', { name: 'Screens' })).toContainText('Go to Images')
  await expect(dialog.getByRole('region', { name: 'Everywhere' })).toContainText('Ctrl+Enter')
  await expect(dialog.getByRole('region', { name: 'Mask editor' })).toContainText('Undo a stroke')
  await page.screenshot({ path: '/tmp/kb/shortcuts-dialog.png' })
  // The same axe gate every dialog passes (a11y.spec.ts lists it too, in both languages and themes).
  const blocking = (await scan(page, 'keyboard shortcuts')).filter(isBlocking)
  expect(blocking, report(blocking)).toEqual([])
  await press(page, 'Escape')
  await expect(dialog).toBeHidden()
  await expect(attach).toBeFocused()

  // The same table gives the tooltips.
  const images = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' })
  await expect(images).toHaveAttribute('title', /^Images \(Alt\+\d\)$/)
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveAttribute(
    'aria-keyshortcuts',
    'Control+Enter'
  )
  expect(outsideRequests).toEqual([])
})
