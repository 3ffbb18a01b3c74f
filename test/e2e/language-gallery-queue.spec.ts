import type { Locator, Page } from '@playwright/test'
import type { ApiClient } from '../../src/shared/client'
import { expect, openStudio, test } from './support/fixtures'
import { connectApi, generateImages } from './support/galleryApi'
import { openScreen } from './support/gateways'
import { submitV2Group } from './support/queueClient'

const shotDir = process.env.LANG_SHOTS_DIR ?? 'test-results'

/**
 * Parts of these screens whose words belong to shared pieces translated on their own (jobs/, media/): left
 * out so this test speaks for the Gallery's and Queue's own. Endpoint names are words too (images.endpoints, ui.endpoints).
 */
const SHARED = [
  '.tq-status', // jobs/status: a job's state
  '.tq-progress-label', // jobs/status: its progress
  '.tq-task-status', // jobs/status: a task's state
  '.tq-cancel-effect', // jobs/cancel: what Cancel does
  '.tq-job-usage', // media/slots: the usage figure
  '.tq-task-usage', // media/slots
  '.vid-facts', // media/facts: size, duration, weight
  '.tq-gateway-words' // the gateway's own status, as it came
]

/** Names, not words: formats, "Token" as Chinese AI tools write it, and the size asked as the gateway takes it. */
const NAMES = ['ZIP', 'PNG', 'WebP', 'JPEG', 'JSON', 'Token', 'auto']

/**
 * The screen's text, every text node on its own line (options, closed dialogs' parts included), and the
 * names people read or hear (aria-label, title, placeholder, alt); without shared pieces, code (ids, paths,
 * file names, the fields of a name template), the parameters as sent (pre) and Cancel's tooltip (jobs/cancel). Run in the page, as a string: the e2e build has no DOM
 * types.
 */
const COLLECT = `(() => {
  const copy = document.querySelector('main').cloneNode(true)
  for (const element of copy.querySelectorAll(${JSON.stringify([...SHARED, 'code', 'pre'].join(','))}))
    element.remove()
  for (const cancel of copy.querySelectorAll('.tq-cancel')) cancel.removeAttribute('title')
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT)
  const texts = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue)
  for (const element of copy.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) texts.push(element.getAttribute(name) || '')
  return texts.join('\\n')
})()`

/** Every English word left on the screen, but model ids, paths, the product and the durations jobs/ writes. */
async function englishWords(page: Page): Promise<string[]> {
  const text = await page.evaluate<string>(COLLECT)
  const rest = text
    .replace(/\b(studio-image-v3|studio-image-async|seedance-video)\b/g, ' ')
    .replace(/https?:\/\/\S+|\/\S+/g, ' ')
    .replace(/\b\d+ (s|min|h|days)\b/g, ' ')
    .replace(/Gateway Studio/g, ' ')
  return (rest.match(/\b[A-Za-z]{3,}\b/g) ?? []).filter((word) => !NAMES.includes(word))
}

const shoot = (page: Page, name: string): Promise<Buffer> =>
  page.screenshot({ path: `${shotDir}/issue16-${name}.png` })

/** Waits until the jobs reached a state they stay in (the demo gateway finishes everything). */
async function settled(api: ApiClient, ids: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const jobs = await Promise.all(ids.map((id) => api.invoke('jobs.get', { id })))
        return jobs.every((job) => !['pending', 'running'].includes(job.status))
      },
      { timeout: 60_000 }
    )
    .toBe(true)
}

test('in 简体中文 the Gallery and Queue carry no English word of their own (issue 16)', async ({
  page,
  studio
}) => {
  test.setTimeout(180_000)
  const { api, close } = await connectApi(studio)
  try {
    await openStudio(page, studio)
    await openScreen(page, 'Settings')
    await page.getByRole('radio', { name: '简体中文' }).check()
    const nav = page.getByRole('navigation', { name: '主导航' })
    const queueButton = nav.getByRole('button', { name: '队列' })

    // A video and a group of two images that run as tasks at the gateway, followed on the Queue.
    await api.invoke('models.refresh', { profileId: 'demo' })
    const video = await api.invoke('jobs.submit', {
      request: {
        endpoint: 'videos',
        body: { model: 'seedance-video', prompt: '雨夜街头漂流的纸船', duration: 2 }
      }
    })
    const group = await submitV2Group(api, '黎明时分的灯塔，两个版本')
    await queueButton.click()
    await expect(page.getByRole('heading', { level: 1, name: '队列' })).toBeVisible()
    await expect(queueButton).toHaveAccessibleDescription(/^\d+ 个运行中$/)
    const rows = page.getByRole('list', { name: '任务列表' })
    const row = (prompt: string): Locator => rows.getByRole('listitem').filter({ hasText: prompt })
    await expect(row('黎明时分的灯塔')).toContainText('（2 个子任务）')
    await row('黎明时分的灯塔').getByRole('button', { name: '显示 2 个子任务' }).click()
    const lines = row('黎明时分的灯塔').getByRole('list', { name: '本任务的子任务' })
    await expect(lines.getByRole('listitem')).toHaveCount(2)
    await expect(lines).toContainText('子任务 1')
    await expect(page.getByRole('radio', { name: /^进行中/ })).toBeVisible()
    expect(await englishWords(page)).toEqual([])
    await shoot(page, 'queue-running-zh')

    // A few images in the gallery; a board, a selection, the export dialog, an export and a detail.
    await generateImages(api, ['雪地里的红狐狸', '清晨的陶瓷茶壶', '海边的旧灯塔'])
    await nav.getByRole('button', { name: '图库' }).click()
    await expect(page.getByRole('heading', { level: 1, name: '图库' })).toBeVisible()
    const grid = page.getByRole('listbox', { name: '图片' })
    await expect(page.getByText(/^\d+ 张图片$/)).toBeVisible()
    await page.getByRole('button', { name: '+ 新建画板' }).click()
    await page.getByRole('textbox', { name: '新画板名称' }).fill('灵感')
    await page.getByRole('button', { name: '创建', exact: true }).click()
    await expect(page.getByRole('button', { name: '重命名…' })).toBeVisible()
    await expect(page.getByText('这个画板还是空的')).toBeVisible()
    expect(await englishWords(page)).toEqual([])
    await page.getByRole('button', { name: '全部图片' }).click()
    await grid.getByRole('option', { name: '雪地里的红狐狸' }).click()
    await grid.getByRole('option', { name: '海边的旧灯塔' }).click({ modifiers: ['Control'] })
    await expect(page.getByText(/^已选 2 张，共 \d+ 张$/)).toBeVisible()
    await page.getByRole('button', { name: '添加到画板…' }).click()
    const add = page.getByRole('dialog', { name: '将 2 张图片添加到画板' })
    await expect(add.getByRole('radio', { name: /^灵感/ })).toBeChecked()
    expect(await englishWords(page)).toEqual([])
    await shoot(page, 'gallery-add-to-board-zh')
    await add.getByRole('button', { name: '添加到画板' }).click()
    await expect(page.getByText('已将 2 张图片添加到画板“灵感”。')).toBeVisible()
    await page.getByRole('button', { name: /^灵感/ }).click()
    await expect(page.getByText('2 张图片', { exact: true })).toBeVisible()
    await grid.getByRole('option', { name: '雪地里的红狐狸' }).click()
    const details = page.getByRole('complementary', { name: '图片详情' })
    await expect(details.getByRole('button', { name: '在队列中打开' })).toBeVisible()
    await expect(details).toContainText('演示网关')
    await expect(details).toContainText('网关上的副本')
    expect(await englishWords(page)).toEqual([])
    await shoot(page, 'gallery-detail-zh')
    await details.getByText('全部参数').scrollIntoViewIfNeeded()
    await shoot(page, 'gallery-detail-facts-zh')

    await grid.getByRole('option', { name: '海边的旧灯塔' }).click({ modifiers: ['Control'] })
    await page.getByRole('button', { name: '导出所选…' }).click()
    const exportDialog = page.getByRole('dialog', { name: '导出图片' })
    await expect(exportDialog.getByRole('radio', { name: '所选的 2 张图片' })).toBeChecked()
    expect(await englishWords(page)).toEqual([])
    await shoot(page, 'gallery-export-zh')
    await exportDialog.getByRole('button', { name: '开始导出' }).click()
    const tray = page.getByRole('region', { name: '导出' })
    await expect(tray.getByText('已导出 2 张图片', { exact: false })).toBeVisible({ timeout: 20_000 })
    await expect(tray.getByRole('link', { name: '下载 ZIP' })).toBeVisible()
    expect(await englishWords(page)).toEqual([])
    await shoot(page, 'gallery-exported-zh')

    await page.getByRole('tab', { name: '用量' }).click()
    await expect(page.getByRole('region', { name: '按日期' })).toBeVisible()
    await expect(page.getByText(/^共统计 \d+ 个任务 · 日期按.+划分$/)).toBeVisible()
    expect(await englishWords(page)).toEqual([])
    await shoot(page, 'gallery-usage-zh')
    await page.getByRole('tab', { name: '图片' }).click()

    // The Queue once everything is done: a job's details, the player, the delete question.
    await settled(api, [video.id, group.id])
    await queueButton.click()
    await expect(queueButton).toHaveAccessibleDescription('没有正在运行的任务')
    await expect(row('雪地里的红狐狸')).toContainText('单次请求，无需轮询')
    await row('雪地里的红狐狸').getByRole('button', { name: '显示详情' }).click()
    await expect(row('雪地里的红狐狸').getByRole('list', { name: '本任务的子任务' })).toBeVisible()
    expect(await englishWords(page)).toEqual([])
    await shoot(page, 'queue-done-zh')
    await row('雨夜街头漂流的纸船').getByRole('button', { name: '播放' }).click()
    const player = page.getByRole('dialog', { name: '视频' })
    await expect(player.locator('video')).toBeVisible()
    expect(await englishWords(page)).toEqual([])
    await shoot(page, 'queue-player-zh')
    await player.getByRole('button', { name: '关闭' }).click()
    await row('清晨的陶瓷茶壶').getByRole('button', { name: '删除…' }).click()
    const remove = page.getByRole('alertdialog', { name: '删除这个任务？' })
    await expect(remove).toContainText('及其 1 个已保存的文件将从图库中移除')
    expect(await englishWords(page)).toEqual([])
    await shoot(page, 'queue-delete-zh')
    await remove.getByRole('button', { name: '保留' }).click()

    // Back in English the same screens read English again, at once; the check sees English there.
    await nav.getByRole('button', { name: '设置' }).click()
    await page.getByRole('radio', { name: 'English' }).check()
    const main = page.getByRole('navigation', { name: 'Main' })
    await main.getByRole('button', { name: 'Queue' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible()
    expect(await englishWords(page)).toEqual(expect.arrayContaining(['Any', 'status', 'Play']))
    await shoot(page, 'queue-done-en')
    await main.getByRole('button', { name: 'Gallery' }).click()
    await expect(page.getByRole('button', { name: 'All images' })).toBeVisible()
    expect(await englishWords(page)).toEqual(expect.arrayContaining(['Favorites', 'only']))
    await shoot(page, 'gallery-en')
  } finally {
    close()
  }
})
