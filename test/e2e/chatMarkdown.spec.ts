import { lastReply, scriptFault, send, shot, startNewChat, useEmulatorGateway } from './support/chat'
import { startEmulatorProcess, type EmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'

/** Issue 15: GFM in replies (tables, strikethrough, task lists) and highlighted code, loaded lazily. */
let emulator: EmulatorProcess

test.beforeAll(async () => {
  emulator = await startEmulatorProcess(['--timing', 'fast'])
})
test.afterAll(async () => {
  await emulator.stop()
})

const REPLY = [
  'Here are the models and what they cost:',
  '',
  '| Model | Kind | Credits |',
  '| :-- | :-- | --: |',
  '| studio-chat | chat | 1 / 1k tokens |',
  '| seedance-video | video | 0.5 / 1k tokens |',
  '| wan-image | image | 12 / image |',
  '',
  'The ~~old price list~~ is gone.',
  '',
  '- [x] compare prices',
  '- [ ] pick a model',
  '',
  '```ts',
  'interface Price {',
  '  model: string // the id',
  '  credits: number',
  '}',
  'const cheapest = (prices: Price[]): Price => prices.sort((a, b) => a.credits - b.credits)[0]',
  '```'
].join('\n')

test('a reply with a table, strikethrough, a task list and TypeScript renders as such', async ({
  page,
  studio,
  outsideRequests
}) => {
  const highlighter: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/highlight-[^/]*\.js$/.test(request.url())) highlighter.push(request.url())
  })
  await openStudio(page, studio)
  await useEmulatorGateway(page, emulator)
  await startNewChat(page, 'studio-chat', 'Chat completions')
  // Nothing with code has been shown yet: the highlighter has not been fetched.
  expect(highlighter).toEqual([])

  await scriptFault(emulator, '/v1/chat/completions', [{ reply: REPLY }])
  await send(page, 'Compare the prices')
  const reply = lastReply(page)
  const table = reply.getByRole('table')
  await expect(table).toBeVisible()
  await expect(table.getByRole('columnheader')).toHaveText(['Model', 'Kind', 'Credits'])
  await expect(table.getByRole('row')).toHaveCount(4)
  await expect(table.getByRole('cell', { name: '0.5 / 1k tokens' })).toHaveCSS('text-align', 'right')
  await expect(reply.locator('del')).toHaveText('old price list')
  await expect(reply.getByRole('checkbox')).toHaveCount(2)
  await expect(reply.getByRole('checkbox').first()).toBeChecked()

  const code = reply.locator('code.hljs.language-ts')
  await expect(code).toBeVisible()
  await expect(code.locator('.hljs-keyword').first()).toHaveText('interface')
  await expect(code.locator('.hljs-comment')).toHaveText('// the id')
  expect(highlighter).toHaveLength(1)
  await reply.getByRole('table').scrollIntoViewIfNeeded()
  await shot(page, 'issue15-gfm-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await shot(page, 'issue15-gfm-dark')
  expect(outsideRequests).toEqual([])
})
