import type { Page } from '@playwright/test'
import { lastReply, send, shot, startNewChat, useEmulatorGateway } from './support/chat'
import { startEmulatorProcess, type EmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'
import type { RunningWebHost } from './support/webHost'
import { pickModel } from './support/modelPicker'

/** Issue 15: edit-and-resend keeps both branches; regenerate with another model; system-prompt presets. */
let emulator: EmulatorProcess

test.beforeAll(async () => {
  emulator = await startEmulatorProcess(['--timing', 'fast'])
})
test.afterAll(async () => {
  await emulator.stop()
})

const log = (page: Page) => page.getByRole('log', { name: 'Messages' })
const mine = (page: Page) => log(page).getByRole('article', { name: 'Your message' })
const mineTexts = (page: Page) => mine(page).locator('.user-text')
const replies = (page: Page) => log(page).getByRole('article', { name: 'Reply' })

/** The studio on the emulator, a new chat with studio-chat. */
async function startChat(page: Page, studio: RunningWebHost): Promise<void> {
  await openStudio(page, studio)
  await useEmulatorGateway(page, emulator)
  await startNewChat(page, 'studio-chat', 'Chat completions')
}

async function waitForReply(page: Page, said: string): Promise<void> {
  await expect(lastReply(page)).toContainText(`You said: "${said}"`)
  await expect(lastReply(page)).toHaveAttribute('aria-busy', 'false')
}

test('edit a sent message and send it again: both branches are kept and one click apart', async ({
  page,
  studio
}) => {
  await startChat(page, studio)
  await send(page, 'Name a lighthouse')
  await waitForReply(page, 'Name a lighthouse')
  await send(page, 'And its height?')
  await waitForReply(page, 'And its height?')

  const first = mine(page).first()
  await first.hover()
  await first.getByRole('button', { name: 'Edit' }).click()
  const editor = first.getByRole('form', { name: 'Edit message' })
  await expect(editor.getByRole('textbox', { name: 'Edited message' })).toHaveValue('Name a lighthouse')
  await editor.getByRole('textbox', { name: 'Edited message' }).fill('Name a windmill')
  await shot(page, 'issue15-edit-box')
  await editor.getByRole('button', { name: 'Send edited message' }).click()

  // The new branch: the edited message and its own reply, nothing of the old follow-up.
  await waitForReply(page, 'Name a windmill')
  await expect(mineTexts(page)).toHaveText(['Name a windmill'])
  await expect(replies(page)).toHaveCount(1)
  const versions = mine(page).first().getByRole('group', { name: 'Versions: 2 of 2' })
  await expect(versions).toBeVisible()
  await shot(page, 'issue15-branch-new')

  // The old branch is one click away, whole, down to its last reply.
  await versions.getByRole('button', { name: 'Previous version' }).click()
  await expect(mineTexts(page)).toHaveText(['Name a lighthouse', 'And its height?'])
  await expect(replies(page)).toHaveCount(2)
  await expect(mine(page).first().getByRole('group', { name: 'Versions: 1 of 2' })).toBeVisible()
  await shot(page, 'issue15-branch-old')

  // And it survives a reload, on the branch last shown.
  await page.reload()
  await page
    .getByRole('list', { name: 'Conversation history' })
    .getByRole('button', { name: /Name a lighthouse/ })
    .click()
  await expect(mineTexts(page)).toHaveText(['Name a lighthouse', 'And its height?'])
  await mine(page).first().getByRole('button', { name: 'Next version' }).click()
  await expect(mineTexts(page)).toHaveText(['Name a windmill'])
})

test('regenerate a reply with another model, keeping the first; presets give a conversation its system prompt', async ({
  page,
  studio
}) => {
  await startChat(page, studio)
  await send(page, 'Describe the harbour')
  await waitForReply(page, 'Describe the harbour')

  const reply = lastReply(page)
  await reply.hover()
  await reply.getByText('Regenerate').click()
  await expect(reply.getByRole('menuitem', { name: 'Again with studio-chat' })).toBeVisible()
  await shot(page, 'issue15-regenerate-menu')
  await reply.getByRole('menuitem', { name: 'With studio-responses' }).click()
  await expect(lastReply(page)).toContainText('Emulated reply from studio-responses')
  await expect(lastReply(page).getByRole('group', { name: 'Replies: 2 of 2' })).toBeVisible()
  await lastReply(page).getByRole('button', { name: 'Previous reply' }).click()
  await expect(lastReply(page)).toContainText('Emulated reply from studio-chat')
  await expect(replies(page)).toHaveCount(1)

  // A preset from this conversation's system prompt, then given to a new conversation.
  await page.getByRole('button', { name: 'Chat settings' }).click()
  const settings = page.getByRole('region', { name: 'Conversation settings' })
  await settings.getByRole('textbox', { name: 'System prompt' }).fill('Answer like a ship’s log.')
  await settings.getByRole('button', { name: 'Save as preset…' }).click()
  await settings.getByRole('textbox', { name: 'Preset name' }).fill('Ship’s log')
  await settings.getByRole('button', { name: 'Save preset' }).click()
  const preset = settings.getByRole('combobox', { name: 'Preset', exact: true })
  await expect(preset.locator('option:checked')).toHaveText('Ship’s log')
  await expect(settings.getByRole('button', { name: 'Delete the preset Ship’s log' })).toBeVisible()
  await shot(page, 'issue15-presets')

  await page.getByRole('button', { name: 'New chat' }).click()
  await pickModel(page, 'studio-chat')
  await page.getByRole('button', { name: 'Chat settings' }).click()
  const fresh = page.getByRole('region', { name: 'Conversation settings' })
  await expect(fresh.getByRole('textbox', { name: 'System prompt' })).toHaveValue('')
  await fresh.getByRole('combobox', { name: 'Preset', exact: true }).selectOption({ label: 'Ship’s log' })
  await expect(fresh.getByRole('textbox', { name: 'System prompt' })).toHaveValue('Answer like a ship’s log.')
  await send(page, 'Where are we?')
  await waitForReply(page, 'Where are we?')
})
