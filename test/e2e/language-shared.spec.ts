import type { Page } from '@playwright/test'
import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'
import { contractClient } from './support/queueClient'
import { pickModel } from './support/modelPicker'

/** Where the screenshots go (test-results by default; a private folder when engineers share a checkout). */
const shotDir = process.env.SHARED_SHOTS_DIR ?? 'test-results'

/**
 * The shared pieces (ui/, media/, jobs/) as the screens show them: the gateway line, billing words, the
 * let-go model notice, the results list and its job cards, a video's state and progress. The screens'
 * own words are their specs' to check (language-images, language-video-edit).
 */
const SHARED = [
  '.gateway-line',
  '.model-facts .pill',
  '.generate-billing',
  '.model-notice',
  '.results-head',
  '.job-list',
  '.results-more',
  '.tq-status',
  '.tq-progress-label'
]

/** Not ours to translate: the gateway's own text exactly as it came, and everything it sent. */
const AS_IT_CAME = ['.notice-said q', '.notice-raw code']

/** Names, not words: formats, and "Token" as Chinese AI tools write it. */
const NAMES = ['JSON', 'PNG', 'WebP', 'JPEG', 'Token']

/**
 * The text of the shared pieces on screen, each text node on its own line, and the names people read or
 * hear (aria-label, title); without what came from the gateway. Run in the page, as a string: the e2e
 * build has no DOM types.
 */
const COLLECT = `(() => {
  const texts = []
  for (const piece of document.querySelectorAll(${JSON.stringify(SHARED.map((s) => `main ${s}`).join(','))})) {
    const copy = piece.cloneNode(true)
    for (const element of copy.querySelectorAll(${JSON.stringify(AS_IT_CAME.join(','))})) element.remove()
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue)
    for (const element of [copy, ...copy.querySelectorAll('[aria-label], [title]')])
      for (const name of ['aria-label', 'title']) texts.push(element.getAttribute(name) || '')
  }
  return texts.join('\\n')
})()`

/** Every English word the shared pieces show, but the given prompts and model ids, paths and names. */
async function englishWords(page: Page, keep: readonly string[]): Promise<string[]> {
  let rest = await page.evaluate<string>(COLLECT)
  for (const text of keep) rest = rest.split(text).join(' ')
  rest = rest.replace(/https?:\/\/\S+|\/\S+/g, ' ').replace(/Gateway Studio/g, ' ')
  return (rest.match(/\b[A-Za-z]{3,}\b/g) ?? []).filter((word) => !NAMES.includes(word))
}

async function shoot(page: Page, name: string, height = 1100): Promise<void> {
  await page.setViewportSize({ width: 1360, height })
  await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${shotDir}/${name}.png` })
  await page.setViewportSize({ width: 1360, height: 860 })
}

test('in 简体中文 failures and shared pieces speak Chinese, and the gateway’s own words stay as they came (issue 16)', async ({
  page,
  studio
}) => {
  test.setTimeout(150_000)
  await openStudio(page, studio)
  await openScreen(page, 'Settings')
  await page.getByRole('radio', { name: '简体中文' }).check()
  const nav = page.getByRole('navigation', { name: '主导航' })

  // A gateway error: the demo gateway is asked to stream a model that does not stream, and answers 400
  // with its envelope (sent over the contract, as the page sends it, so the form's memory of refused
  // streams does not stop it first).
  const kite = '海边逆光的风筝'
  const gatewaySaid = 'Model "seedream-basic" does not support streaming'
  const { api, close } = await contractClient(studio)
  await api.invoke('jobs.submit', {
    request: {
      endpoint: 'partnerA',
      body: {
        model: 'seedream-basic',
        prompt: kite,
        sequential_image_generation: 'auto',
        sequential_image_generation_options: { max_images: 2 }
      },
      stream: true
    }
  })
  close()
  await nav.getByRole('button', { name: '生图' }).click()
  await expect(page.getByText(/^当前网关：演示网关/)).toBeVisible()
  const card = page.getByRole('article', { name: `任务：${kite}` })
  await expect(card.locator('.job-status')).toHaveText('失败', { timeout: 30_000 })
  const alert = card.getByRole('alert')
  await expect(alert.locator('.notice-title')).toHaveText('请求需要修改')
  // The gateway's own words, exactly as it sent them, beside ours and marked as its.
  await expect(alert.locator('.notice-said-label')).toHaveText('网关返回：')
  await expect(alert.locator('.notice-said q')).toHaveText(gatewaySaid)
  await expect(alert).toContainText('请修改标出的值后再试。')
  await expect(alert).toContainText(
    '网关拒绝为这个模型使用流式输出。已记住这一点：下次这个模型会默认关闭流式输出。'
  )
  await expect(alert.getByRole('button', { name: '复用参数（关闭流式输出）' })).toBeVisible()
  await alert.getByText('网关返回的原始内容').click()
  await expect(alert.locator('.notice-raw code')).toContainText('"code":"stream_not_supported"')
  await expect(alert.locator('.notice-raw code')).toContainText(JSON.stringify(gatewaySaid).slice(1, -1))
  await expect(card).toContainText('流式组图')
  await expect(card.getByRole('button', { name: '复制提示词' })).toBeVisible()
  expect(await englishWords(page, [kite, 'seedream-basic', 'seedream-stream'])).toEqual([])
  await card.scrollIntoViewIfNeeded()
  await card.screenshot({ path: `${shotDir}/issue16-shared-gateway-error-zh.png` })

  // A pre-flight message: the shared rule "a transparent background needs PNG or WebP", said in Chinese
  // with the form's name for the field, before anything is sent.
  const form = page.getByRole('form', { name: '生成图片' })
  await pickModel(form, 'studio-image-v3', '模型')
  const fox = '雪地里的红狐狸'
  await form.getByLabel('提示词').fill(fox)
  await form.getByLabel('输出格式').selectOption('jpeg')
  await form.getByLabel('背景').selectOption({ label: '透明' })
  await expect(form.getByLabel('背景')).toHaveAccessibleDescription(
    '透明背景需要 PNG 或 WebP 格式（输出格式：jpeg）。'
  )
  await expect(form.getByRole('button', { name: '生成' })).toBeDisabled()
  expect(await englishWords(page, [kite, fox, 'seedream-basic', 'studio-image-v3'])).toEqual([])
  await shoot(page, 'issue16-shared-preflight-zh', 1300)

  // A video on the demo gateway: its state and elapsed time in Chinese while it runs, then its player.
  await nav.getByRole('button', { name: '视频' }).click()
  const video = page.getByRole('form', { name: '新建视频' })
  await video.getByLabel('提示词').fill('雨夜街头漂流的纸船')
  await video.getByRole('button', { name: '生成视频' }).click()
  const recent = page.getByRole('list', { name: '最近的视频' })
  await expect(recent.locator('.tq-status').first()).toHaveText(
    /在网关排队中|网关正在运行|等待发送|已发送，等待答复/
  )
  await expect(recent.getByText(/^已运行 \d+ 秒$/).first()).toBeVisible()
  expect(await englishWords(page, ['seedance-video'])).toEqual([])
  await shoot(page, 'issue16-shared-video-running-zh')

  // Back in English the same failure reads English at once, with the gateway's words unchanged.
  await nav.getByRole('button', { name: '设置' }).click()
  await page.getByRole('radio', { name: 'English' }).check()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' }).click()
  const english = page.getByRole('article', { name: `Job: ${kite}` }).getByRole('alert')
  await expect(english.locator('.notice-title')).toHaveText('The request needs a fix')
  await expect(english.locator('.notice-said-label')).toHaveText('The gateway said:')
  await expect(english.locator('.notice-said q')).toHaveText(gatewaySaid)
  await expect(english.getByRole('button', { name: 'Remix without streaming' })).toBeVisible()
  // The check sees English where there is some.
  expect(await englishWords(page, [kite])).toEqual(expect.arrayContaining(['Failed', 'Remix']))
  await page.getByRole('article', { name: `Job: ${kite}` }).screenshot({
    path: `${shotDir}/issue16-shared-gateway-error-en.png`
  })
})
