import type { Locator, Page } from '@playwright/test'
import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'
import { pickModel as pickFromPicker } from './support/modelPicker'

const shotDir = process.env.CHAT_SHOTS_DIR ?? 'test-results'

/**
 * Parts of the Images screen whose words belong to shared pieces translated on their own (ui/, media/,
 * jobs/): left out here so this test speaks for the Images screen's own words only.
 */
const SHARED = [
  '.gateway-line', // ui/GatewayLine: the gateway in use and the demo note
  '.model-facts .pill', // jobs/billing: how the model bills
  '.generate-billing', // jobs/billing, again beside the image count
  '.model-notice', // ui/useModels: why a model was let go
  '.results-head .pill', // media/ResultsList: how many run
  '.job-list', // media/JobCard: the result cards
  '.results-more' // media/ResultsList
]

/**
 * Names, not words: formats and the syntax the fields take, option values the API names (url), the
 * providers (Partner A, OpenAI) and the web's own (http, URL).
 */
const NAMES = [
  'JSON',
  'PNG',
  'WebP',
  'JPEG',
  'png',
  'jpeg',
  'webp',
  'url',
  'URL',
  'http',
  'https',
  'Ctrl',
  'Enter'
]
const PROVIDERS = ['Partner A', 'Partner B', 'OpenAI']

/**
 * The screen's text, every text node on its own line (options and folded parts included), and the names
 * people read or hear (aria-label, title, placeholder, alt, an option group's label); without shared
 * pieces and code (paths). Also the model ids the picker lists. Run in the page, as a string: the e2e
 * build has no DOM types.
 */
const COLLECT = `(() => {
  const main = document.querySelector('main')
  const copy = main.cloneNode(true)
  for (const element of copy.querySelectorAll(${JSON.stringify([...SHARED, 'code', 'kbd'].join(','))}))
    element.remove()
  const models = [...main.querySelectorAll('#images-model option')].map((option) => option.textContent)
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT)
  const texts = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue)
  const names = ['aria-label', 'title', 'placeholder', 'alt', 'label']
  for (const element of copy.querySelectorAll(names.map((name) => '[' + name + ']').join(',')))
    for (const name of names) texts.push(element.getAttribute(name) || '')
  return { text: texts.join('\\n'), models }
})()`

/** Every English word left on the screen, but model ids, prompts, addresses and paths, and names. */
async function englishWords(page: Page, prompts: readonly string[] = []): Promise<string[]> {
  const { text, models } = await page.evaluate<{ text: string; models: string[] }>(COLLECT)
  let rest = text
  for (const name of [...models.filter(Boolean), ...prompts, ...PROVIDERS]) rest = rest.split(name).join(' ')
  rest = rest.replace(/https?:\/\/\S+|\/\S+/g, ' ').replace(/Gateway Studio/g, ' ')
  return (rest.match(/\b[A-Za-z]{3,}\b/g) ?? []).filter((word) => !NAMES.includes(word))
}

/** A tall window shows the whole form at once; the shot starts at the screen's title. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1360, height: 1300 })
  await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shotDir}/${name}.png` })
  await page.setViewportSize({ width: 1360, height: 860 })
}

const pickModel = (form: Locator, model: string): Promise<void> => pickFromPicker(form, model, '模型')

test('in 简体中文 the Images screen carries no English word of its own (issue 16)', async ({
  page,
  studio
}) => {
  test.setTimeout(150_000)
  await openStudio(page, studio)
  await openScreen(page, 'Settings')
  await page.getByRole('radio', { name: '简体中文' }).check()
  const nav = page.getByRole('navigation', { name: '主导航' })
  await nav.getByRole('button', { name: '生图' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '生图' })).toBeVisible()
  const form = page.getByRole('form', { name: '生成图片' })
  const generate = form.getByRole('button', { name: '生成' })

  // A new designer: a model chosen, Generate saying what is missing, nothing made yet.
  await expect(form.getByRole('combobox', { name: '模型' })).not.toHaveValue('')
  await expect(generate).toHaveAccessibleDescription('请填写提示词。')
  await expect(page.getByText('还没有图片')).toBeVisible()
  expect(await englishWords(page)).toEqual([])
  await shoot(page, 'issue16-images-empty-zh')

  // Per image: the fields, their options, a field's own issue, then a generation on the demo gateway.
  const fox = '雪地里的红狐狸'
  await pickModel(form, 'studio-image-v3')
  await form.getByLabel('提示词').fill(fox)
  await form.getByLabel('输出格式').selectOption('jpeg')
  await form.getByLabel('背景').selectOption({ label: '透明' })
  await expect(form.getByLabel('背景')).toHaveAccessibleDescription(
    '透明背景需要 PNG 或 WebP 格式（输出格式：jpeg）。'
  )
  await form.getByLabel('背景').selectOption({ label: '不透明' })
  await form.getByLabel('压缩率').fill('80')
  const count = form.getByRole('textbox', { name: '张数' })
  await count.fill('两张')
  await expect(count).toHaveAccessibleDescription('请填写整数（张数：两张）。')
  await expect(generate).toBeDisabled()
  expect(await englishWords(page, [fox])).toEqual([])
  await shoot(page, 'issue16-images-v3-issue-zh')
  await count.fill('2')
  await expect(generate).toHaveAccessibleDescription('准备就绪。生成的图片会陆续保存到你的图库。')
  await generate.click()
  const card = page.getByRole('article').filter({ hasText: fox })
  await expect(card.locator('img')).toHaveCount(2, { timeout: 30_000 })
  expect(await englishWords(page, [fox])).toEqual([])
  await shoot(page, 'issue16-images-generated-zh')

  // Streaming groups: switches, a group's size, the extra fields and a reference image by address.
  const kite = '沙丘上空的风筝'
  await pickModel(form, 'seedream-stream')
  await form.getByLabel('提示词').fill(kite)
  await expect(form.getByText('Partner A 服务商直连：一组图片可以逐张返回。')).toBeVisible()
  await form.getByRole('checkbox', { name: '生成一组图片（组图）' }).check()
  await form.getByRole('textbox', { name: '最多张数' }).fill('3')
  await form.getByRole('checkbox', { name: '边生成边显示（流式输出）' }).check()
  await form.getByText('额外 JSON 字段').click()
  const extra = form.getByRole('textbox', { name: '额外 JSON 字段' })
  await extra.fill('[1]')
  await expect(extra).toHaveAccessibleDescription('请填写 JSON 对象：{"字段名": 值, …}（额外字段）。')
  const references = form.getByRole('group', { name: /^参考图/ })
  await references.getByRole('textbox', { name: '参考图地址' }).fill('https://example.com/kite.png')
  await references.getByRole('button', { name: '添加地址' }).click()
  await expect(references.getByRole('button', { name: '移除参考图 1' })).toBeVisible()
  // The reference shows as its address, shortened: the designer's own, like a prompt.
  expect(await englishWords(page, [kite, 'example.com/…/kite.png'])).toEqual([])
  await shoot(page, 'issue16-images-partner-a-zh')
  await references.getByRole('button', { name: '移除参考图 1' }).click()
  await extra.fill('')

  // Single image: the size as a tier or width × height, with its pixel facts.
  await pickModel(form, 'wan-image')
  const size = form.getByRole('group', { name: '尺寸' })
  await size.getByRole('radio', { name: '宽 × 高' }).check()
  // Too small: the shared pre-flight's rule in Chinese, the field by the form's name for it.
  await size.getByRole('textbox', { name: '宽度' }).fill('500')
  await size.getByRole('textbox', { name: '高度' }).fill('500')
  await expect(size.getByText('250,000 像素 ✗')).toBeVisible()
  await expect(size.getByText('总像素须在 768×768 到 4096×4096 之间（尺寸：500x500）。')).toBeVisible()
  expect(await englishWords(page, [kite])).toEqual([])
  await size.getByRole('textbox', { name: '宽度' }).fill('1280')
  await size.getByRole('textbox', { name: '高度' }).fill('720')
  await expect(size.getByText('921,600 像素 ✓')).toBeVisible()
  await expect(size.getByText('比例 1.78:1 ✓')).toBeVisible()
  await expect(form.getByText(/^Partner B 的图片地址约 24 小时后失效/)).toBeVisible()
  expect(await englishWords(page, [kite])).toEqual([])
  await shoot(page, 'issue16-images-partner-b-zh')
  await size.getByRole('radio', { name: '档位' }).check()

  // The async task (addresses only) and the compatible endpoint.
  await pickModel(form, 'studio-image-async')
  await expect(form.getByText('“异步任务”会按地址自行下载参考图。')).toBeVisible()
  await expect(form.getByRole('combobox', { name: '画面比例' })).toBeVisible()
  expect(await englishWords(page, [kite])).toEqual([])
  await pickModel(form, 'studio-image-compat')
  await expect(form.getByText('非规范字段，网关可能忽略。')).toBeVisible()
  expect(await englishWords(page, [kite])).toEqual([])

  // Presets: the form saved under a name, and the notice that says so.
  await form.getByRole('button', { name: '存为预设…' }).click()
  const save = form.getByRole('group', { name: '存为预设' })
  await save.getByRole('textbox', { name: '预设名称' }).fill('风筝海报')
  await save.getByRole('button', { name: '保存预设' }).click()
  await expect(form.getByRole('status')).toHaveText('已保存为预设“风筝海报”。')
  await expect(form.getByRole('button', { name: '删除预设' })).toBeVisible()
  expect(await englishWords(page, [kite, '风筝海报'])).toEqual([])
  await shoot(page, 'issue16-images-preset-zh')

  // Back in English the same screen reads English again at once, the notice included.
  await nav.getByRole('button', { name: '设置' }).click()
  await page.getByRole('radio', { name: 'English' }).check()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' }).click()
  const english = page.getByRole('form', { name: 'Generate images' })
  await expect(english.getByRole('status')).toHaveText('Saved as the preset “风筝海报”.')
  // The check sees English where there is some.
  expect(await englishWords(page, [kite, '风筝海报'])).toEqual(
    expect.arrayContaining(['Generate', 'Prompt', 'Model'])
  )
  await shoot(page, 'issue16-images-en')
})
