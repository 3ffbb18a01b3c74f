import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import {
  emulatorPosts,
  lastReply,
  scriptFault,
  send,
  shot,
  startNewChat,
  useEmulatorGateway
} from './support/chat'
import { startEmulatorProcess, type EmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'
import { pickModel } from './support/modelPicker'

const STYLES = [
  { style: 'Chat completions', model: 'studio-chat', word: 'marmalade' },
  { style: 'Messages', model: 'studio-messages', word: 'zeppelin' },
  { style: 'Responses', model: 'studio-chat', word: 'quokka' }
] as const

for (const { style, model, word } of STYLES) {
  test(`${style}: pick a model, watch a reply stream, stop one, reload and find the conversation`, async ({
    page,
    studio,
    outsideRequests
  }) => {
    await openStudio(page, studio)
    await expect(page.getByRole('heading', { level: 1, name: 'New chat' })).toBeVisible()
    await startNewChat(page, model, style)

    // A long reply (the demo gateway streams a chunk every 30 ms): watch it grow, then stop it.
    await send(page, `Tell me about the ${word} [[tokens=400]]`)
    const reply = lastReply(page)
    await expect(reply.getByRole('status')).toContainText('Streaming')
    await expect.poll(async () => (await reply.innerText()).length).toBeGreaterThan(120)
    const before = (await reply.locator('.md').innerText()).length
    await expect.poll(async () => (await reply.locator('.md').innerText()).length).toBeGreaterThan(before)
    await page.getByRole('button', { name: 'Stop' }).click()
    await expect(reply.getByText('Stopped', { exact: true })).toBeVisible()
    const stoppedText = await reply.locator('.md').innerText()
    expect(stoppedText.split(' ').length).toBeLessThan(400)
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()

    // A short one to the end, with its usage.
    await send(page, 'And a short answer please')
    await expect(lastReply(page)).toContainText('You said: "And a short answer please"')
    await expect(lastReply(page).getByRole('definition').first()).toBeVisible()
    await expect(lastReply(page).getByLabel('Token usage')).toContainText('Total')

    // Everything is still there after a reload.
    await page.reload()
    const history = page.getByRole('list', { name: 'Conversation history' })
    await history.getByRole('button', { name: new RegExp(`Tell me about the ${word}`) }).click()
    const replies = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Reply' })
    await expect(replies).toHaveCount(2)
    await expect(replies.first().getByText('Stopped', { exact: true })).toBeVisible()
    await expect(replies.first().locator('.md')).toHaveText(stoppedText)
    if (style === 'Messages') await expect(page.getByLabel('Style: Messages')).toBeVisible()
    else await expect(page.getByRole('radio', { name: style })).toBeChecked()

    // Search finds it by a word of the conversation.
    await page.getByRole('searchbox', { name: 'Search conversations' }).fill(word)
    const results = page.getByRole('list', { name: 'Search results' })
    await expect(results.getByRole('button')).toHaveCount(1)
    await expect(results.locator('mark').first()).toHaveText(new RegExp(word, 'i'))
    expect(outsideRequests).toEqual([])
  })
}

test('attach an image, rename, export as Markdown, hand a reply to the image studio, delete', async ({
  page,
  studio,
  outsideRequests
}) => {
  const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#2e6f8e' } })
    .png()
    .toBuffer()
  await openStudio(page, studio)
  await startNewChat(page, 'studio-messages', 'Messages')
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach image' }).click()
  await (await chooser).setFiles({ name: 'swatch.png', mimeType: 'image/png', buffer: png })
  await expect(
    page.getByRole('list', { name: 'Images to send' }).getByRole('img', { name: 'swatch.png' })
  ).toBeVisible()
  await send(page, 'What colour is this swatch?')
  await expect(lastReply(page)).toContainText('I received 1 image')
  // The sent image is a library thumbnail now, loaded from the app itself.
  const thumb = page.getByRole('list', { name: 'Attached images' }).getByRole('img')
  await expect(thumb).toHaveJSProperty('complete', true)
  await expect(thumb).toHaveJSProperty('naturalWidth', 64)
  await shot(page, 'chat-attachment-light')

  await page.getByRole('button', { name: 'Rename' }).click()
  await page.getByRole('textbox', { name: 'Conversation title' }).fill('Swatch check')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Swatch check' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Conversation history' })).toContainText('Swatch check')

  await page.getByText('Export', { exact: true }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download Markdown' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^Swatch check-.+\.md$/)
  const markdown = readFileSync((await file.path()) ?? '', 'utf8')
  expect(markdown).toContain('# Swatch check')
  expect(markdown).toContain('What colour is this swatch?')
  expect(markdown).toContain('- Image attachment (image/png, 64×40)')

  await lastReply(page).hover()
  await lastReply(page).getByRole('button', { name: 'Send to image studio' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click()

  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete this conversation?' })
  await expect(dialog).toContainText('Swatch check')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Swatch check' })).toBeVisible()
  await page.getByRole('button', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete conversation' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New chat' })).toBeVisible()
  await expect(page.getByText('Your conversations will appear here.')).toBeVisible()
  expect(outsideRequests).toEqual([])
})

test.describe('with a separately started emulator', () => {
  let emulator: EmulatorProcess

  test.beforeAll(async () => {
    emulator = await startEmulatorProcess()
  })
  test.afterAll(async () => {
    await emulator.stop()
  })

  test('an XSS payload in a reply does not run and loads nothing, in every style [P4][P34]', async ({
    page,
    studio,
    outsideRequests
  }) => {
    const evil: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('evil.example')) evil.push(request.url())
    })
    await openStudio(page, studio)
    await useEmulatorGateway(page, emulator)
    // Links open through window.open in a browser tab: recorded instead of opened.
    await page.evaluate(
      `window.__opened = []; window.open = (url) => { window.__opened.push(String(url)); return null }`
    )
    const payload = [
      'Here: <img src=x onerror="window.__pwned=1">',
      '[click](javascript:window.__pwned=2)',
      '![tracker](https://evil.example/t.png)',
      '<script>window.__pwned=3</script>',
      '<svg onload="window.__pwned=4"></svg>',
      '<a href="javascript:window.__pwned=5">raw link</a>',
      '[data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD02PC9zY3JpcHQ+)',
      '<iframe src="https://evil.example/frame"></iframe>',
      '[safe](https://example.com/docs)'
    ].join('\n\n')
    const cases = [
      { path: '/v1/chat/completions', model: 'studio-chat', style: 'Chat completions' },
      { path: '/v1/messages', model: 'studio-messages', style: 'Messages' },
      { path: '/v1/responses', model: 'studio-responses', style: 'Responses' }
    ]
    for (const { path, model, style } of cases) {
      await scriptFault(emulator, path, [{ reply: payload }])
      await startNewChat(page, model, style)
      await send(page, `Show me something (${style})`)
      const reply = lastReply(page)
      await expect(reply.getByText('Stopped')).toHaveCount(0)
      await expect(reply.getByRole('link', { name: 'safe' })).toBeVisible()
      await expect(reply).toContainText('<img src=x onerror="window.__pwned=1">')
      await expect(reply).toContainText('Image: tracker (evil.example, not loaded)')
      expect(await reply.locator('img, script, iframe, svg, object, embed').count()).toBe(0)
      expect(await reply.locator('a[href^="javascript:"], a[href^="data:"]').count()).toBe(0)
      await reply.getByText('click', { exact: true }).click()
    }
    await shot(page, 'chat-xss')
    await lastReply(page).getByRole('link', { name: 'safe' }).click()
    await expect.poll(() => page.evaluate('window.__opened')).toEqual(['https://example.com/docs'])
    expect(await page.evaluate('typeof window.__pwned')).toBe('undefined')
    expect(evil).toEqual([])
    expect(outsideRequests).toEqual([])
  })

  test('tool calls, errors with Retry, and the look in light and dark', async ({
    page,
    studio,
    outsideRequests
  }) => {
    await openStudio(page, studio)
    await useEmulatorGateway(page, emulator)
    await page.getByRole('button', { name: 'New chat' }).click()
    await pickModel(page, 'studio-chat')
    await shot(page, 'chat-empty-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await shot(page, 'chat-empty-dark')
    await page.emulateMedia({ colorScheme: 'light' })

    // Markdown streaming in (the emulator's demo pace: a piece every 30 ms).
    const markdown = [
      '## Three palettes',
      'A **warm** set, a *cool* set and a [reference](https://example.com/palettes).',
      '1. Terracotta `#c65d3b`\n2. Sand `#e8d5b5`\n3. Olive `#6b7445`',
      '```css\n:root {\n  --accent: #c65d3b;\n}\n```',
      '- Sea `#2e6f8e`\n- Foam `#d8eef2`',
      '> Contrast first, mood second.',
      Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')
    ].join('\n\n')
    await scriptFault(emulator, '/v1/chat/completions', [{ reply: markdown }])
    await send(page, 'Give me palettes for a seaside café')
    const reply = lastReply(page)
    await expect(reply.locator('.md-code')).toBeVisible()
    await expect(reply.getByRole('status')).toContainText('Streaming')
    await shot(page, 'chat-streaming-light')
    await expect(reply.getByLabel('Token usage')).toBeVisible()
    await expect(reply.getByRole('list')).toHaveCount(2)
    await expect(reply.getByRole('button', { name: 'Copy', exact: true }).first()).toBeVisible()

    // A tool call: the tools are part of the conversation settings.
    await page.getByRole('button', { name: 'Chat settings' }).click()
    await page.getByText('Tools the model may call').click()
    await page.getByLabel('Tools (JSON)').fill(
      JSON.stringify([
        {
          name: 'find_swatches',
          description: 'Look up paint swatches',
          parameters: { type: 'object', properties: { query: { type: 'string' } } }
        }
      ])
    )
    await page.getByLabel('System prompt').fill('You are a colour consultant.')
    await page.getByLabel('Temperature').fill('0.6')
    await page.getByLabel('Temperature').blur()
    await shot(page, 'chat-settings-light')
    await page.getByRole('button', { name: 'Chat settings' }).click()
    await send(page, '[[tool]] swatches like sea foam')
    const toolCall = lastReply(page).getByRole('region', { name: 'Tool call find_swatches' })
    await expect(toolCall).toContainText('"query": "swatches like sea foam"')
    await expect(toolCall).toContainText('"limit": 3')
    await shot(page, 'chat-tool-call-light')

    // An error shows the gateway's mapped words and its action; Retry sends one request per click.
    await scriptFault(emulator, '/v1/chat/completions', [{ status: 402 }])
    const before = (await emulatorPosts(emulator, '/v1/chat/completions')).length
    await send(page, 'One more idea')
    const failed = lastReply(page)
    await expect(failed.getByRole('alert')).toContainText('Not enough balance')
    await expect(failed.getByRole('alert')).toContainText('run out of balance')
    await shot(page, 'chat-error-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await shot(page, 'chat-error-dark')
    await failed.getByRole('button', { name: 'Retry' }).click()
    await expect(failed).toContainText('You said: "One more idea"')
    const keys = (await emulatorPosts(emulator, '/v1/chat/completions'))
      .slice(before)
      .map((p) => p.idempotencyKey)
    expect(keys).toHaveLength(2)
    expect(new Set(keys).size).toBe(2)
    await page.evaluate("document.querySelector('[role=log]')?.scrollTo(0, 0)")
    await shot(page, 'chat-streamed-dark')
    expect(outsideRequests).toEqual([])
  })
})
