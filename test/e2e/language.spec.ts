import { userInfo } from 'node:os'
import { expect, openStudio, test } from './support/fixtures'
import { openScreen } from './support/gateways'

const shotDir = process.env.CHAT_SHOTS_DIR ?? 'test-results'

test('a user switches Settings to 简体中文: the words change at once and stay after a reload (issue 16)', async ({
  page,
  studio
}) => {
  await openStudio(page, studio)
  await openScreen(page, 'Settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  await page.getByRole('radio', { name: '简体中文' }).check()
  const nav = page.getByRole('navigation', { name: '主导航' })
  await expect(nav.getByRole('button', { name: '设置' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: '设置' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: '网关' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  for (const label of ['对话', '生图', '编辑', '视频', '队列', '图库']) {
    await expect(nav.getByRole('button', { name: label })).toBeVisible()
  }
  // The settings screen carries no English word of ours (the product name, URLs, paths and the computer's
  // user name, which the team name's hint shows, are not words).
  const text = (await page.locator('main').innerText())
    .replace(/Gateway Studio|https?:\/\/\S+|\/\S+|English/g, '')
    .replaceAll(userInfo().username, '')
  const english = text.match(/\b[A-Za-z]{3,}\b/g) ?? []
  expect(english.filter((word) => !['Demo', 'demo', 'JSON', 'API'].includes(word))).toEqual([])
  await page.screenshot({ path: `${shotDir}/issue16-settings-zh.png`, fullPage: true })

  await page.reload()
  await expect(
    page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '设置' })
  ).toBeVisible()
  await page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '设置' }).click()
  await page.getByRole('radio', { name: 'English' }).check()
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' })
  ).toBeVisible()
})

test.describe('with a Chinese browser', () => {
  test.use({ locale: 'zh-CN' })
  test('the app follows the browser language by default', async ({ page, studio }) => {
    await page.goto(studio.url)
    await expect(
      page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '图库' })
    ).toBeVisible()
  })
})
