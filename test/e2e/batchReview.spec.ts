import { readFileSync } from 'node:fs'
import { unzipSync } from 'fflate'
import Papa from 'papaparse'
import type { Page } from '@playwright/test'
import { isBlocking, report, scan } from './support/axe'
import { startEmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'
import { contractClient, emulatorControl, useEmulatorProfile } from './support/queueClient'
import { IMAGE_PRICES } from '../helpers/prices'
import { makeTempDir } from '../helpers/tempDir'

/**
 * Issue 25's batch view, as a designer culls a finished batch: Gallery › Batches, the contact sheet by
 * prompt and by model, keep and reject from the keyboard alone, the failed job filtered, the kept images to
 * a new board in one action, the batch exported with its batch.csv, checked against the app's contract
 * and the zip itself, and the batch published to a team location as a board of its own (issue 27).
 */

const PROMPTS = ['a red kite over the sea', 'a paper boat on a pond', 'a lighthouse at dusk']
const SHOTS = process.env.GS_SHOTS_DIR

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

test('a finished batch culled on its contact sheet by keyboard, kept images to a board, exported with its rows', async ({
  page,
  studio
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1360, height: 860 })
  const emulator = await startEmulatorProcess(['--timing', 'fast'])
  const { api, close } = await contractClient(studio)
  const shared = makeTempDir('gs-e2e-batch-publish-')
  try {
    const profileId = await useEmulatorProfile(api, emulator)
    await api.invoke('prices.set', {
      profileId,
      table: IMAGE_PRICES
    })
    // One studio-image-v3 request at a time, so the gateway's refusal of the first one falls on the batch's
    // first row: the batch has one failed row to find, and it is the first tile.
    await api.invoke('lanes.set', {
      profileId,
      endpoint: 'imagesV3',
      limits: { concurrency: 1, perMinute: null }
    })
    await emulatorControl(emulator).script('POST /v3/images/generations', {
      status: 400,
      error: {
        type: 'invalid_request_error',
        code: 'content_policy_violation',
        message: 'This prompt was refused by the safety system.'
      }
    })
    const sent = await api.invoke('batches.submit', {
      name: 'Spring posters',
      screen: 'images',
      spec: {
        bases: [
          { endpoint: 'imagesV3', body: { model: 'studio-image-v3', prompt: '' } },
          { endpoint: 'partnerB', body: { model: 'wan-image', prompt: '', size: '1K' } }
        ],
        prompts: { kind: 'lines', text: PROMPTS.join('\n') },
        combine: 'every'
      },
      fileName: null
    })
    expect(sent.sent).toBe(6)
    const groupId = sent.group.id
    await expect
      .poll(async () => {
        const sheet = await api.invoke('batches.sheet', { id: groupId })
        return sheet.jobs.every((job) => job.status === 'succeeded' || job.status === 'failed')
      })
      .toBe(true)

    await openStudio(page, studio)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Gallery' }).click()
    await page.getByRole('tab', { name: 'Batches' }).click()
    await page
      .getByRole('navigation', { name: 'Batches and compares, newest first' })
      .getByRole('button', { name: /Spring posters/ })
      .click()
    await expect(page.getByRole('heading', { name: 'Spring posters' })).toBeVisible()
    await expect(page.getByText('6 jobs · 5 images · 0 kept · 0 rejected · 1 failed')).toBeVisible()
    const sheet = page.getByRole('group', { name: 'Contact sheet of Spring posters' })
    await expect(sheet.getByRole('heading')).toHaveText(PROMPTS.map((prompt) => new RegExp(`^${prompt}`)))
    await expect(sheet.getByText('This prompt was refused by the safety system.')).toBeVisible()
    await shot(page, 'batch-sheet')

    // Culling by keyboard alone: Tab into the sheet, P keeps and moves on, X rejects, arrows move.
    const tiles = sheet.locator('.sheet-tile-main')
    await tiles.first().focus()
    // The first tile is the refused job (nothing to mark): the arrow moves on to the first image.
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('p')
    await page.keyboard.press('x')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('k')
    await expect(page.getByText('6 jobs · 5 images · 2 kept · 1 rejected · 1 failed')).toBeVisible()
    await expect
      .poll(async () => {
        const read = await api.invoke('batches.sheet', { id: groupId })
        return read.jobs
          .flatMap((job) => job.results.map((result) => result.verdict))
          .filter(Boolean)
          .sort()
      })
      .toEqual(['kept', 'kept', 'rejected'])

    // By model, the failed job alone, then the kept ones.
    await page.getByLabel('Group by').selectOption('model')
    await expect(sheet.getByRole('heading')).toHaveText([/^studio-image-v3/, /^wan-image/])
    await page.getByText('Failed 1').click()
    await expect(tiles).toHaveCount(1)
    await page.getByText('Kept 2').click()
    await expect(tiles).toHaveCount(2)
    await shot(page, 'batch-sheet-kept')
    const findings = await scan(page, 'batch contact sheet')

    // The kept images to a new board, in one action.
    await page.getByRole('button', { name: 'Add 2 kept images to a board…' }).click()
    const boardDialog = page.getByRole('dialog')
    await boardDialog.getByRole('radio', { name: 'New board' }).check()
    await boardDialog.getByRole('textbox').fill('Spring picks')
    findings.push(...(await scan(page, 'kept to board dialog')))
    await boardDialog.getByRole('button', { name: 'Add to board' }).click()
    await expect(page.getByText('2 images added to Spring picks.')).toBeVisible()
    const boards = await api.invoke('boards.list', {})
    expect(boards.find((board) => board.name === 'Spring picks')?.count).toBe(2)

    // The batch exported: its kept images and a batch.csv of all six jobs.
    await page.getByRole('button', { name: 'Export batch…' }).click()
    const exportDialog = page.getByRole('dialog', { name: 'Export “Spring posters”' })
    await expect(exportDialog.getByRole('radio', { name: 'The 2 kept images' })).toBeChecked()
    findings.push(...(await scan(page, 'export batch dialog')))
    await shot(page, 'batch-export')
    await exportDialog.getByRole('button', { name: 'Start export' }).click()
    await expect(exportDialog).toBeHidden()
    let path: string | null = null
    await expect
      .poll(async () => {
        const exports = await api.invoke('gallery.exports', {})
        path = exports.find((progress) => progress.status === 'succeeded')?.path ?? null
        return path !== null
      })
      .toBe(true)
    const files = unzipSync(readFileSync(path ?? ''))
    const rows = Papa.parse<Record<string, string>>(
      Buffer.from(files['batch.csv'] ?? [])
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
      { header: true, skipEmptyLines: true }
    ).data
    expect(rows.map((row) => row.prompt)).toEqual(PROMPTS.flatMap((prompt) => [prompt, prompt]))
    expect(rows.filter((row) => row.status === 'failed').map((row) => row.error)).toEqual([
      'This prompt was refused by the safety system.'
    ])
    const exported = rows.filter((row) => row.files !== '')
    expect(exported.map((row) => row.verdicts)).toEqual(['kept', 'kept'])
    for (const row of exported) expect(files[row.files ?? '']?.length).toBeGreaterThan(0)

    // The batch published to a shared folder: its five images, as a board named after it.
    const location = await api.invoke('locations.save', {
      name: 'Studio share',
      settings: { kind: 'folder', path: shared.dir },
      credentials: null
    })
    await page.getByRole('button', { name: 'Publish to team…' }).click()
    const publishDialog = page.getByRole('dialog', { name: 'Publish “Spring posters” to the team' })
    await expect(publishDialog.getByRole('radio', { name: /^Studio share/ })).toBeChecked()
    findings.push(...(await scan(page, 'publish batch dialog')))
    await shot(page, 'batch-publish')
    await publishDialog.getByRole('button', { name: 'Publish' }).click()
    await expect(
      publishDialog.getByText(
        'Published 5 images to Studio share as the board “Spring posters”. Teammates see it after they sync.'
      )
    ).toBeVisible()
    await publishDialog.getByRole('button', { name: 'Done' }).click()
    const board = (await api.invoke('boards.list', {})).find((b) => b.name === 'Spring posters')
    expect(board?.count).toBe(5)
    expect(await api.invoke('team.boards', {})).toEqual([{ boardId: board?.id, locationId: location.id }])
    expect(findings.filter(isBlocking), report(findings.filter(isBlocking))).toEqual([])
  } finally {
    close()
    await emulator.stop()
    shared.cleanup()
  }
})
