import { shot } from './support/chat'
import { expect, openStudio, test } from './support/fixtures'
import { startWebHostProcess, type RunningWebHost } from './support/webHost'
import { pickModel } from './support/modelPicker'

/**
 * Issue 15: a browser tab notices that the web host is gone (killed), says so within 2 s, pauses what needs
 * the backend, and carries on by itself once the host runs again on the same port and data folder.
 */
test('kill the web host: a banner within 2 s, actions paused, reconnect and re-sync after a restart', async ({
  page,
  studio
}) => {
  let restarted: RunningWebHost | null = null
  try {
    await openStudio(page, studio)
    // Something to find again after the restart: a short chat on the demo gateway.
    await pickModel(page, 'studio-chat')
    await page.getByRole('textbox', { name: 'Message' }).fill('Before the outage')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const history = page.getByRole('list', { name: 'Conversation history' })
    await expect(history.getByRole('button', { name: /Before the outage/ })).toBeVisible()
    await expect(page.getByRole('log', { name: 'Messages' })).toContainText('You said: "Before the outage"')

    const killedAt = Date.now()
    await studio.stop('SIGKILL')
    const banner = page.getByRole('alert').filter({ hasText: 'No connection to Gateway Studio' })
    await expect(banner).toBeVisible({ timeout: 2_000 })
    expect(Date.now() - killedAt).toBeLessThan(2_000)
    await expect(banner).toContainText('it was stopped, or it crashed')
    await expect(banner).toContainText('Actions that need it are paused')
    // Controls that need the backend are disabled rather than doing nothing.
    await expect(page.getByRole('button', { name: 'New chat' })).toBeDisabled()
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled()
    await shot(page, 'issue15-connection-lost')

    const port = new URL(studio.origin).port
    restarted = await startWebHostProcess(studio.dataDir, ['--port', port])
    expect(restarted.origin).toBe(studio.origin)
    await expect(page.getByRole('status').filter({ hasText: 'Connected again' })).toBeVisible({
      timeout: 10_000
    })
    await expect(banner).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'New chat' })).toBeEnabled()
    await expect(history.getByRole('button', { name: /Before the outage/ })).toBeVisible()
    await shot(page, 'issue15-connection-back')

    // The page works again: a new message goes through and its reply arrives.
    await page.getByRole('textbox', { name: 'Message' }).fill('After the restart')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(
      page.getByRole('log', { name: 'Messages' }).getByText('You said: "After the restart"')
    ).toBeVisible()
  } finally {
    await restarted?.stop()
  }
})
