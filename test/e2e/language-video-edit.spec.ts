import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'

const shotDir = process.env.CHAT_SHOTS_DIR ?? 'test-results'

/**
 * Parts of these screens whose words belong to shared pieces translated on their own (ui/, media/, jobs/):
 * left out here so this test speaks for the Video and Edit screens' own words only.
 */
const SHARED = [
  '.gateway-line', // ui/GatewayLine: the gateway in use and the demo note
  '.model-facts', // jobs/billing: how the model bills
  '.model-notice', // ui/useModels: why a model was let go
  '.tq-status', // jobs/status: a job's state
  '.tq-progress-label', // jobs/status: its progress
  '.results-head .pill', // media/ResultsList: how many run
  '.job-list', // media/JobCard: the result cards
  '.results-more' // media/ResultsList
]

/** Names, not words: format and key names, the JSON syntax, and the gateway's own billing unit. */
const NAMES = ['JSON', 'PNG', 'WebP', 'JPEG', 'Ctrl', 'Shift', 'Enter', 'http', 'https', 'token']

/**
 * The screen's text, every text node on its own line (options and folded parts included), and the names
 * people read or hear (aria-label, title, placeholder, alt); without shared pieces, code and key caps
 * (field names, keys). Also the model ids the pickers list. Run in the page, as a string: the e2e build has
 * no DOM types.
 */
const COLLECT = `(() => {
  const main = document.querySelector('main')
  const copy = main.cloneNode(true)
  for (const element of copy.querySelectorAll(${JSON.stringify([...SHARED, 'code', 'kbd'].join(','))}))
    element.remove()
  // Model ids as the gateway names them: the one each model picker shows.
  const models = [...main.querySelectorAll('input.model-picker-input')].map((input) => input.value)
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT)
  const texts = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue)
  for (const element of copy.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) texts.push(element.getAttribute(name) || '')
  return { text: texts.join('\\n'), models }
})()`

/** Every English word left on the screen, but model ids, addresses and the durations jobs/status writes. */
async function englishWords(page: Page): Promise<string[]> {
  const { text, models } = await page.evaluate<{ text: string; models: string[] }>(COLLECT)
  let rest = text
  for (const model of models.filter(Boolean)) rest = rest.split(model).join(' ')
  rest = rest
    .replace(/https?:\/\/\S+|\/\S+/g, ' ')
    .replace(/\b\d+ (s|min|h|days)\b/g, ' ')
    .replace(/Gateway Studio/g, ' ')
  return (rest.match(/\b[A-Za-z]{3,}\b/g) ?? []).filter((word) => !NAMES.includes(word))
}

test('in 简体中文 the Video and Edit screens carry no English word of their own (issue 16)', async ({
  page,
  studio
}) => {
  test.setTimeout(120_000)
  await openStudio(page, studio)
  await openScreen(page, 'Settings')
  await page.getByRole('radio', { name: '简体中文' }).check()
  const nav = page.getByRole('navigation', { name: '主导航' })

  // Video: the form with its folded options open, a video started and its card.
  await nav.getByRole('button', { name: '视频' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '视频' })).toBeVisible()
  const form = page.getByRole('form', { name: '新建视频' })
  await expect(form.getByRole('combobox', { name: '模型' })).not.toHaveValue('')
  await page.getByText('更多选项').click()
  await form.getByRole('radio', { name: '从图库选择' }).check()
  await expect(form.getByText('图库中还没有图片，请先生成或导入一张。')).toBeVisible()
  await form.getByRole('radio', { name: '图片地址' }).check()
  await form.getByLabel('宽度').fill('640')
  await expect(form.getByText('宽度和高度请同时填写，或都不填。')).toBeVisible()
  await form.getByLabel('尺寸预设').selectOption({ label: '1280 × 720 · 横屏' })
  await form.getByRole('button', { name: '生成视频' }).click()
  await expect(form.getByText('请输入图片的 http(s) 地址。')).toBeVisible()
  await form.getByRole('radio', { name: '无' }).check()
  await form.getByLabel('提示词').fill('雨夜街头漂流的纸船')
  await form.getByRole('button', { name: '生成视频' }).click()
  const card = page.getByRole('list', { name: '最近的视频' }).getByRole('listitem').first()
  await expect(card).toContainText('雨夜街头漂流的纸船')
  await expect(card.getByRole('button', { name: '在队列中查看' })).toBeVisible()
  expect(await englishWords(page)).toEqual([])
  // Tall enough to show the whole form with its options open.
  await page.setViewportSize({ width: 1360, height: 1400 })
  await page.getByRole('heading', { level: 1, name: '视频' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shotDir}/issue16-video-zh.png` })
  await page.setViewportSize({ width: 1360, height: 860 })

  // Edit: the empty screen, then an image under a painted mask, and an edit sent.
  await nav.getByRole('button', { name: '编辑' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '编辑' })).toBeVisible()
  await expect(page.getByText('选择要编辑的图片', { exact: true })).toBeVisible()
  const send = page.getByRole('button', { name: '发送编辑' })
  await expect(send).toHaveAccessibleDescription('请选择要编辑的图片。')
  expect(await englishWords(page)).toEqual([])
  await page.screenshot({ path: `${shotDir}/issue16-edit-empty-zh.png` })

  const meadow = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#6aa38f' } })
    .png()
    .toBuffer()
  await page
    .getByLabel('要编辑的图片文件')
    .setInputFiles({ name: '草地.png', mimeType: 'image/png', buffer: meadow })
  await expect(page.getByText('480×320 · 蒙版将按此精确尺寸发送')).toBeVisible()
  const tools = page.getByRole('toolbar', { name: '蒙版工具' })
  for (const name of ['画笔', '橡皮擦', '撤销', '重做', '反选', '清除', '放大', '缩小'])
    await expect(tools.getByRole('button', { name })).toBeVisible()
  await expect(tools.getByLabel('画笔大小')).toBeVisible()
  await expect(send).toHaveAccessibleDescription('请描述要修改的内容。')
  await page.getByLabel('要修改什么？').fill('把草地换成雪地')
  await expect(send).toHaveAccessibleDescription('请涂抹要修改的区域（按 B 使用画笔）。')
  await expect(page.getByRole('img', { name: /^蒙版：/ })).toBeVisible()
  // A stroke across the middle of the stage, where the image is.
  const stage = page.getByTestId('mask-stage')
  await stage.dragTo(stage, { sourcePosition: { x: 200, y: 220 }, targetPosition: { x: 520, y: 360 } })
  await expect(page.getByText(/^已涂抹：图片的 [\d.]+% 将被修改。$/)).toBeVisible()
  await expect(send).toHaveAccessibleDescription('准备就绪。蒙版将按图片的精确尺寸发送。')
  expect(await englishWords(page)).toEqual([])
  await page.screenshot({ path: `${shotDir}/issue16-edit-zh.png` })
  await send.click()
  // Sent, or already done when the demo gateway is quicker than this check.
  await expect(
    page.getByText(
      /^(编辑已发送。完成后结果会直接替换画布，和原图并排对比。|编辑完成，可以在画布上和原图对比。)$/
    )
  ).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: '编辑结果' })).toBeVisible()
  expect(await englishWords(page)).toEqual([])
  await page.screenshot({ path: `${shotDir}/issue16-edit-sent-zh.png` })

  // Back in English the same screens read English again, at once.
  await nav.getByRole('button', { name: '设置' }).click()
  await page.getByRole('radio', { name: 'English' }).check()
  const main = page.getByRole('navigation', { name: 'Main' })
  await main.getByRole('button', { name: 'Edit' }).click()
  // The edit may have finished while we were in Settings: then the screen says so instead.
  await expect(
    page.getByText(
      /^(Edit sent\. When it is done, the result takes the canvas’s place, next to the original\.|The edit is done: compare it with the original on the canvas\.)$/
    )
  ).toBeVisible()
  // The mask tools, or the result in their place once the edit is done.
  await expect(page.getByRole('toolbar', { name: /^(Mask tools|Result)$/ })).toBeVisible()
  await page.screenshot({ path: `${shotDir}/issue16-edit-en.png` })
  await main.getByRole('button', { name: 'Video' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'New video' })).toBeVisible()
  // The check sees English where there is some.
  expect(await englishWords(page)).toEqual(expect.arrayContaining(['Generate', 'More', 'options']))
  await page.setViewportSize({ width: 1360, height: 1400 })
  await page.screenshot({ path: `${shotDir}/issue16-video-en.png` })
})
