import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { JobRequest, JobView } from '../../src/shared/schemas/jobs'
import { startEmulatorProcess } from './support/emulatorProcess'
import { expect, openStudio, test } from './support/fixtures'
import {
  contractClient,
  emulatorControl,
  useEmulatorProfile,
  type LoggedRequest
} from './support/queueClient'
import { startWebHostProcess } from './support/webHost'

/**
 * Issue 26's round trip, as a teammate receives a designer's work: a Full export of one studio, imported
 * as a folder into a fresh data folder, an image opened in the Gallery, "Use these settings", Generate.
 * What is sent is the original's request, seed and all, checked against both apps' contract and the
 * gateway's own log. Once in each language.
 */

const SHOTS = process.env.GS_SHOTS_DIR

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

const WORDS = {
  en: {
    nav: 'Main',
    gallery: 'Gallery',
    importOpen: 'Import…',
    folder: 'Folder (full path)',
    importFolder: 'Import folder',
    close: 'Close',
    imported: /Imported 2 images; 3 files skipped\./,
    grid: 'Images',
    details: 'Image details',
    madeWith: 'Made with Gateway Studio',
    useSettings: 'Use these settings',
    form: 'Generate images',
    generate: 'Generate'
  },
  'zh-CN': {
    nav: '主导航',
    gallery: '图库',
    importOpen: '导入…',
    folder: '文件夹（完整路径）',
    importFolder: '导入文件夹',
    close: '关闭',
    imported: /已导入 2 张图片；跳过 3/,
    grid: '图片',
    details: '图片详情',
    madeWith: '由 Gateway Studio 生成',
    useSettings: '使用这些设置',
    form: '生成图片',
    generate: '生成'
  }
} as const

const ORIGINAL: JobRequest = {
  endpoint: 'partnerA',
  body: {
    model: 'seedream-stream',
    prompt: 'a lighthouse at dusk, long exposure',
    size: '1280x720',
    seed: 4242,
    watermark: false
  },
  stream: false
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`a Full export imported into a fresh data folder sends the original request again (${language})`, async ({
    page,
    studio
  }) => {
    test.setTimeout(180_000)
    const words = WORDS[language]
    const emulator = await startEmulatorProcess(['--timing', 'fast'])
    const fresh = await startWebHostProcess()
    const exportDir = mkdtempSync(join(tmpdir(), 'gs-e2e-shared-'))
    const maker = await contractClient(studio)
    const teammate = await contractClient(fresh)
    try {
      // The designer's studio: two images, one of them with a seed, exported Full to a shared folder.
      await useEmulatorProfile(maker.api, emulator)
      const gateway = emulatorControl(emulator)
      await gateway.clearLog()
      const made: JobView[] = []
      for (const request of [
        ORIGINAL,
        {
          endpoint: 'imagesV3',
          body: { model: 'studio-image-v3', prompt: 'a paper boat', size: '1024x1024', output_format: 'png' }
        } satisfies JobRequest
      ])
        made.push(await maker.api.invoke('jobs.submit', { request }))
      await expect
        .poll(async () => {
          const jobs = await Promise.all(made.map((job) => maker.api.invoke('jobs.get', { id: job.id })))
          return jobs.map((job) => job.status)
        })
        .toEqual(['succeeded', 'succeeded'])
      // Both images in the maker's library (a finished job's files may still be on their way in).
      await expect
        .poll(async () => (await maker.api.invoke('gallery.query', { filter: {}, limit: 10 })).items.length)
        .toBe(2)
      const original = await maker.api.invoke('jobs.get', { id: made[0]?.id ?? '' })
      const seedream = (entry: LoggedRequest): boolean =>
        entry.method === 'POST' && entry.bodySummary?.model === ORIGINAL.body.model
      const first = (await gateway.log()).filter(seedream)
      expect(first).toHaveLength(1)
      // The comparison below means something only if the log kept the body's field names.
      expect(first[0]?.bodySummary?.fields).toContain('seed')
      const exported = await maker.api.invoke('gallery.export', {
        selection: { kind: 'filter', filter: {} },
        format: 'folder',
        folder: exportDir
      })
      await expect
        .poll(
          async () =>
            (await maker.api.invoke('gallery.exports', {})).find((e) => e.exportId === exported.exportId)
              ?.status
        )
        .toBe('succeeded')
      const folder = (await maker.api.invoke('gallery.exports', {})).find(
        (e) => e.exportId === exported.exportId
      )?.path

      // The teammate's fresh studio, on the same gateway, in their language.
      await useEmulatorProfile(teammate.api, emulator)
      await teammate.api.invoke('settings.update', { language })
      await openStudio(page, fresh)
      await page
        .getByRole('navigation', { name: words.nav })
        .getByRole('button', { name: words.gallery })
        .click()
      await page.getByRole('button', { name: words.importOpen }).first().click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel(words.folder).fill(folder ?? '')
      await shot(page, `import-dialog-${language}`)
      await dialog.getByRole('button', { name: words.importFolder }).click()
      await expect(page.getByText(words.imported)).toBeVisible({ timeout: 30_000 })
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: words.close }).click()
      const grid = page.getByRole('listbox', { name: words.grid })
      await expect(grid.getByRole('option')).toHaveCount(2)
      await shot(page, `import-done-${language}`)

      await grid.getByRole('option', { name: /lighthouse/ }).click()
      const details = page.getByRole('complementary', { name: words.details })
      await expect(details.getByText(words.madeWith)).toBeVisible()
      await expect(details.getByText('4242', { exact: true })).toBeVisible()
      await shot(page, `import-detail-${language}`)
      await details.getByRole('button', { name: words.useSettings }).click()

      // The Images screen, its form filled from the file: Generate sends what the designer sent.
      const form = page.getByRole('form', { name: words.form })
      await expect(form.getByRole('textbox').first()).toHaveValue(ORIGINAL.body.prompt)
      await shot(page, `import-settings-${language}`)
      await gateway.clearLog()
      await form.getByRole('button', { name: words.generate, exact: true }).click()
      await expect
        .poll(async () => (await teammate.api.invoke('jobs.list', { limit: 10 })).map((job) => job.status))
        .toEqual(['succeeded'])
      const [sent] = await teammate.api.invoke('jobs.list', { limit: 10 })
      expect(sent?.request).toEqual(original.request)
      expect((sent?.request as JobRequest | undefined)?.body).toEqual(ORIGINAL.body)
      // The gateway saw the same model and the same fields as the first time (its log keeps names, never
      // values).
      const again = (await gateway.log()).filter(seedream)
      expect(again).toHaveLength(1)
      expect(again[0]?.bodySummary?.fields?.sort()).toEqual(first[0]?.bodySummary?.fields?.sort())
    } finally {
      maker.close()
      teammate.close()
      await fresh.stop()
      await emulator.stop()
      rmSync(exportDir, { recursive: true, force: true })
    }
  })
}
