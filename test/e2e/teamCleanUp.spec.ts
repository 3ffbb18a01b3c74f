import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { makeTempDir } from '../helpers/tempDir'
import { expectAxeClean } from './support/axe'
import { expect, openStudio, test } from './support/fixtures'
import { contractClient } from './support/queueClient'

/**
 * Clean up from Settings › Team locations (RELIABILITY P53), on a shared folder, as a designer runs it:
 * the team deleted one of two published images, and a push that never finished left a file. Both images'
 * files are dated three days back on the folder (Clean up goes by the location's own times, so this is
 * how they age; the grace period is not shortened). The dialog is confirmed and its answer read in
 * words; the folder is then looked at directly: the deleted image's file is gone, the live one's, as old,
 * stays, and the recent leftover is kept as the dialog says. Then again in 简体中文.
 */

const SHOTS = process.env.GS_SHOTS_DIR
const LOCATION = 'Studio share'
const DAY = 24 * 60 * 60 * 1000

async function shot(target: Page | Locator, name: string): Promise<void> {
  if (!SHOTS) return
  const path = `${SHOTS}/${name}.png`
  if ('goto' in target) await target.screenshot({ path, fullPage: true, animations: 'disabled' })
  else await target.screenshot({ path, animations: 'disabled' })
}

/** A small picture: a sky, a sea and a sun of its own colours. */
async function picture(sky: string, sea: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <rect width="480" height="200" fill="${sky}"/><rect y="200" width="480" height="120" fill="${sea}"/>
    <circle cx="330" cy="150" r="46" fill="#ffd27a"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

/** Where a team location keeps an image's file: named by its content (`objects/<ab>/<sha256>.png`). */
const fileIn = (folder: string, bytes: Buffer): string =>
  join(folder, 'objects', sha(bytes).slice(0, 2), `${sha(bytes)}.png`)

/** A file of the folder dated `days` back, as the location's listing will date it. */
function dateBack(path: string, days: number): void {
  const then = new Date(Date.now() - days * DAY)
  utimesSync(path, then, then)
}

/** A file put in the folder directly, as a teammate's push cut before its log leaves one. */
function leftover(folder: string, bytes: Buffer): string {
  const path = fileIn(folder, bytes)
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, bytes)
  return path
}

/** A size as the dialog says it (`formatBytes`): whole kilobytes under a megabyte. */
const size = (path: string): string => `${Math.round(statSync(path).size / 1024)} KB`

test('Clean up… in Settings removes the file of an image the team deleted, keeps the live one, and says so [P53]', async ({
  page,
  studio
}) => {
  test.setTimeout(180_000)
  const shared = makeTempDir('gs-e2e-team-clean-')
  const client = await contractClient(studio)
  try {
    const { api } = client
    // Two images published on a board to the shared folder; one then deleted for everyone.
    const kept = await picture('#9cc7e8', '#3c6e8f')
    const deleted = await picture('#e8a27c', '#3d3a6b')
    const location = await api.invoke('locations.save', {
      name: LOCATION,
      settings: { kind: 'folder', path: shared.dir },
      credentials: null
    })
    expect(location.lastCheck?.ok).toBe(true)
    const imported = await api.invoke('gallery.importFiles', {
      files: [
        { name: 'kept.png', data: kept.toString('base64') },
        { name: 'deleted.png', data: deleted.toString('base64') }
      ]
    })
    expect(imported.added).toHaveLength(2)
    const board = await api.invoke('boards.create', { name: 'Moodboard' })
    await api.invoke('boards.add', { boardId: board.id, selection: { kind: 'ids', ids: imported.added } })
    await api.invoke('team.publishBoard', { locationId: location.id, boardId: board.id })
    const keptFile = fileIn(shared.dir, kept)
    const deletedFile = fileIn(shared.dir, deleted)
    expect(existsSync(keptFile)).toBe(true)
    expect(existsSync(deletedFile)).toBe(true)
    await api.invoke('gallery.delete', {
      selection: { kind: 'ids', ids: [imported.added[1] ?? ''] },
      confirm: true,
      forEveryone: true
    })
    await api.invoke('team.sync', { id: location.id })
    // Both files three days old; a leftover of a cut push, just written, beside them.
    dateBack(keptFile, 3)
    dateBack(deletedFile, 3)
    const recentFile = leftover(shared.dir, await picture('#c7e89c', '#6e8f3c'))
    const removedSize = size(deletedFile)

    await openStudio(page, studio)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
    const section = page.getByRole('region', { name: 'Team locations' })
    await section.getByRole('button', { name: `Clean up ${LOCATION}…` }).click()
    const dialog = page.getByRole('alertdialog', { name: `Clean up “${LOCATION}”?` })
    await expect(dialog).toContainText(
      'A normal sync only adds files. Clean up removes what nothing uses any more:'
    )
    await expect(dialog).toContainText('files of images the team deleted, once they are a day old')
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await shot(dialog, 'team-clean-up-ask')
    await expectAxeClean(page, 'Settings › Team locations › Clean up, asking')

    await dialog.getByRole('button', { name: 'Clean up', exact: true }).click()
    const answer = dialog.getByRole('status')
    await expect(answer).toContainText(`Removed 1 file (${removedSize}).`, { timeout: 60_000 })
    await expect(answer.getByRole('list', { name: 'Removed, by kind' }).getByRole('listitem')).toHaveText([
      `Images deleted by the team: 1 file (${removedSize})`
    ])
    await expect(answer).toContainText('1 recent file was kept: a teammate may still be sharing it.')
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeFocused()
    await shot(dialog, 'team-clean-up-done')
    await expectAxeClean(page, 'Settings › Team locations › Clean up, done')

    // At the folder itself: the deleted image's file is gone; the live one, as old, and the recent one stay.
    expect(existsSync(deletedFile)).toBe(false)
    expect(existsSync(keptFile)).toBe(true)
    expect(existsSync(recentFile)).toBe(true)
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()

    // 简体中文: a file nothing names, left three days ago, goes too; the rest stays as it was.
    const oldFile = leftover(shared.dir, await picture('#e8e29c', '#8f863c'))
    dateBack(oldFile, 3)
    const oldSize = size(oldFile)
    await api.invoke('settings.update', { language: 'zh-CN' })
    await page.reload()
    await page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '设置' }).click()
    await page
      .getByRole('region', { name: '团队位置' })
      .getByRole('button', { name: `清理 ${LOCATION}…` })
      .click()
    const zhDialog = page.getByRole('alertdialog', { name: `要清理“${LOCATION}”吗？` })
    await expect(zhDialog).toContainText('平常的同步只会添加文件。')
    await zhDialog.getByRole('button', { name: '清理', exact: true }).click()
    const zhAnswer = zhDialog.getByRole('status')
    await expect(zhAnswer).toContainText(`已删除 1 个文件（${oldSize}）。`, { timeout: 60_000 })
    await expect(
      zhAnswer.getByRole('list', { name: '按类型列出已删除的文件' }).getByRole('listitem')
    ).toHaveText([`团队已删除的图片：1 个文件（${oldSize}）`])
    await expect(zhAnswer).toContainText('保留了 1 个最近的文件：队友可能仍在共享它们。')
    await expect(zhDialog.getByRole('button', { name: '完成' })).toBeFocused()
    await shot(zhDialog, 'team-clean-up-done-zh')
    await expectAxeClean(page, 'Settings › Team locations › Clean up, done, 简体中文')
    expect(existsSync(oldFile)).toBe(false)
    expect(existsSync(keptFile)).toBe(true)
    expect(existsSync(recentFile)).toBe(true)
  } finally {
    client.close()
    shared.cleanup()
  }
})
