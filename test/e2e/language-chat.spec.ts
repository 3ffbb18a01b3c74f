import type { Locator, Page } from '@playwright/test'
import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'
import { listedModels, pickModel } from './support/modelPicker'

const shotDir = process.env.CHAT_SHOTS_DIR ?? 'test-results'

/**
 * What is not Chat's to translate, taken out before looking for English: what people and models wrote
 * (the message texts, the conversation's title made from the first one, search snippets), and the pieces of
 * ui/ other screens share, which are translated with them (the gateway line and its demo note, error
 * notices).
 */
const NOT_OURS = [
  '.user-text',
  '.md',
  '.reasoning p',
  '.tool-call-args',
  '.conversation-title',
  '.conversation-snippet',
  '#screen-title',
  '.gateway-line',
  '.notice'
]

/**
 * Names that stay as they are in Chinese UI: the product, the request styles' names as their providers'
 * documentation gives them, format and key names, and "Token" as Chinese AI tools write it.
 */
const NAMES =
  /Gateway Studio|OpenAI Chat Completions|OpenAI Responses|Anthropic Messages|Markdown|JSON|PNG|JPEG|WebP|Ctrl|Shift|Enter|Token/g

/** The English words left in the chat screen: its visible text and the names screen readers announce. */
async function englishWords(page: Page, models: readonly string[]): Promise<string[]> {
  const main = page.locator('main')
  const theirs = (
    await Promise.all(NOT_OURS.map((selector) => main.locator(selector).allInnerTexts()))
  ).flat()
  const spoken: string[] = []
  for (const element of await main.locator('[aria-label], [title], [placeholder], [alt]').all()) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      spoken.push((await element.getAttribute(name)) ?? '')
    }
  }
  let text = [await main.innerText(), ...spoken].join('\n')
  for (const piece of [...theirs, ...models]
    .filter((piece) => piece.trim() !== '')
    .sort((a, b) => b.length - a.length)) {
    text = text.split(piece.trim()).join(' ')
  }
  // JSON examples (the tools field's) are syntax, not words.
  text = text.replace(/\[\{.*\}\]/g, ' ').replace(NAMES, ' ')
  return text.match(/\b[A-Za-z]{3,}\b/g) ?? []
}

async function expectNoEnglish(page: Page, models: readonly string[]): Promise<void> {
  expect(await englishWords(page, models)).toEqual([])
}

const reply = (page: Page): Locator =>
  page.getByRole('log', { name: '消息' }).getByRole('article', { name: '回复' }).last()

test('Chat in 简体中文: a designer picks a model, stops one reply, gets another, and reads no English of ours (issue 16)', async ({
  page,
  studio
}) => {
  await openStudio(page, studio)
  await openScreen(page, 'Settings')
  await page.getByRole('radio', { name: '简体中文' }).check()
  const nav = page.getByRole('navigation', { name: '主导航' })
  await nav.getByRole('button', { name: '对话' }).click()

  // A new chat, before a model is picked.
  await expect(page.getByRole('heading', { level: 1, name: '新对话' })).toBeVisible()
  await expect(page.getByRole('button', { name: '新建对话' })).toBeVisible()
  await expect(page.getByText('开始对话')).toBeVisible()
  const picker = page.getByRole('combobox', { name: '模型' })
  await expect(picker).toHaveValue('')
  await expect(picker).toHaveAttribute('placeholder', '选择模型…')
  const models = await listedModels(page, '模型')
  expect(models).toContain('studio-chat')
  await expectNoEnglish(page, models)

  await pickModel(page, 'studio-chat', '模型')
  await expect(page.getByRole('radiogroup', { name: '接口格式' })).toBeVisible()
  await page.getByRole('radio', { name: 'OpenAI Chat Completions' }).check()
  const box = page.getByRole('textbox', { name: '消息' })
  await expect(box).toHaveAttribute('placeholder', '给 studio-chat 发消息')
  await page.screenshot({ path: `${shotDir}/issue16-chat-new-zh.png` })

  // A long reply, stopped while it streams.
  await box.fill('给我三个海报配色的想法 [[tokens=400]]')
  await page.getByRole('button', { name: '发送', exact: true }).click()
  await expect(reply(page).getByRole('status')).toContainText('正在生成')
  // Stop ignores a click within half a second of Send (a double click must not stop the reply it sent).
  await expect.poll(async () => (await reply(page).locator('.md').innerText()).length).toBeGreaterThan(120)
  await page.getByRole('button', { name: '停止' }).click()
  await expect(reply(page).getByText('已停止', { exact: true })).toBeVisible()

  // A short one to the end, with its usage.
  await box.fill('再简短一点')
  await page.getByRole('button', { name: '发送', exact: true }).click()
  await expect(reply(page)).toHaveAttribute('aria-busy', 'false')
  await expect(reply(page).getByLabel('Token 用量')).toContainText('总计')
  await expect(reply(page).getByRole('button', { name: '复制' })).toBeVisible()
  await expect(reply(page).getByText('重新生成')).toBeVisible()
  await expect(page.getByRole('list', { name: '历史对话' })).toContainText('演示网关')
  await expectNoEnglish(page, models)
  await page.screenshot({ path: `${shotDir}/issue16-chat-zh.png` })

  // The settings, the export and regenerate menus, and the delete question.
  await page.getByRole('button', { name: '对话设置' }).click()
  const settings = page.getByRole('region', { name: '对话设置' })
  await expect(settings.getByText('系统提示词')).toBeVisible()
  await expect(settings.getByRole('checkbox', { name: '流式输出' })).toBeChecked()
  await settings.getByText('模型可调用的工具').click()
  await page.getByText('导出', { exact: true }).click()
  await expect(page.getByRole('button', { name: '下载 Markdown' })).toBeVisible()
  await reply(page).getByText('重新生成').click()
  await expect(reply(page).getByRole('menuitem', { name: '用 studio-chat 重新生成' })).toBeVisible()
  await expectNoEnglish(page, models)
  await page.screenshot({ path: `${shotDir}/issue16-chat-settings-zh.png` })

  await page.getByRole('button', { name: '删除', exact: true }).click()
  const question = page.getByRole('alertdialog', { name: '删除这个对话？' })
  await expect(question).toContainText('条消息将被永久删除')
  await page.screenshot({ path: `${shotDir}/issue16-chat-delete-zh.png` })
  await expectNoEnglish(page, models)
  await question.getByRole('button', { name: '取消' }).click()
})
