import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import type { ExportProgress } from '../../../src/shared/schemas/gallery'
import { connectToEmulator, exportFinished, startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

const XSS = '<script>window.__pwned=1</script> fox "><img src=x onerror=alert(1)>'

describe('gallery over the contract, against the emulator', () => {
  const temp = makeTempDir('gs-gallery-int-')
  let emulator: RunningEmulator
  let studio: TestBackend
  let profileId: string
  const jobIds: Record<string, string> = {}

  const finished = (exportId: string): Promise<ExportProgress> => exportFinished(studio, exportId)

  beforeAll(async () => {
    emulator = await startEmulator()
    studio = startTestBackend(temp.dir)
    profileId = await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    const submit = async (
      key: string,
      request: Parameters<typeof studio.api.invoke<'jobs.submit'>>[1]['request']
    ) => {
      jobIds[key] = (await studio.api.invoke('jobs.submit', { request })).id
    }
    await submit('v3', {
      endpoint: 'imagesV3',
      body: { model: 'studio-image-v3', prompt: XSS, n: 2, size: '1024x1024', output_format: 'png' }
    })
    await submit('v2', {
      endpoint: 'imagesV2',
      body: { model: 'studio-image-async', prompt: 'a lighthouse at dawn', size: '1:1', resolution: '1K' },
      count: 1
    })
    await submit('compat', {
      endpoint: 'imagesV1',
      body: { model: 'studio-image-compat', prompt: 'teapot on a table' }
    })
    await studio.backend.engine.waitForIdle()
    // The same prompt again: the emulator draws the same bytes, so the library keeps one file for both.
    await submit('again', {
      endpoint: 'imagesV1',
      body: { model: 'studio-image-compat', prompt: 'teapot on a table' }
    })
    await studio.backend.engine.waitForIdle()
  })
  afterAll(async () => {
    await studio.backend.close()
    await emulator.stop()
    temp.cleanup()
  })

  it('shows every stored image newest first, with facets and a full detail', async () => {
    const page = await studio.api.invoke('gallery.query', { filter: {} })
    expect(page.matching).toBe(5)
    const times = page.items.map((i) => i.createdAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(page.items[0]?.jobId).toBe(jobIds.again)
    expect(new Set(page.items.map((i) => i.jobId))).toEqual(new Set(Object.values(jobIds)))
    const facets = await studio.api.invoke('gallery.facets', {})
    expect(facets.total).toBe(5)
    expect(facets.models).toContainEqual({ value: 'studio-image-v3', count: 2 })
    expect(facets.profiles).toEqual([{ value: profileId, count: 5, name: 'Emulator' }])

    const v3 = page.items.find((i) => i.jobId === jobIds.v3)
    const detail = await studio.api.invoke('gallery.get', { id: v3?.id ?? '' })
    expect(detail).toMatchObject({
      prompt: XSS,
      model: 'studio-image-v3',
      endpoint: '/v3/images/generations',
      mime: 'image/png',
      width: 1024,
      height: 1024,
      billingUnit: 'image',
      imagesInJob: 2,
      profileName: 'Emulator',
      params: { n: 2, size: '1024x1024' }
    })
    expect(detail.usage).toMatchObject({ total_tokens: expect.any(Number) as number })
    // One request made both images: its usage is the job's, not this image's.
    expect(detail.imageUsage).toBeNull()
    // A v2 task's result is an address on the gateway (how long it lives, the spec does not say).
    const v2 = page.items.find((i) => i.jobId === jobIds.v2)
    expect((await studio.api.invoke('gallery.get', { id: v2?.id ?? '' })).fromAddress).toBe(true)
    expect(detail.bytes).toBeGreaterThan(0)
    await expect(studio.api.invoke('gallery.get', { id: 'gone' })).rejects.toThrow(/no longer/)
  })

  it('filters by text, model and favourites', async () => {
    const fox = await studio.api.invoke('gallery.query', { filter: { text: 'fox' } })
    expect(fox.items.map((i) => i.jobId)).toEqual([jobIds.v3, jobIds.v3])
    const one = fox.items[0]?.id ?? ''
    await studio.api.invoke('results.setFavorite', { id: one, favorite: true })
    const favs = await studio.api.invoke('gallery.query', { filter: { favoritesOnly: true } })
    expect(favs.items.map((i) => [i.id, i.favorite])).toEqual([[one, true]])
    const lighthouse = await studio.api.invoke('gallery.query', {
      filter: { models: ['studio-image-async'], text: 'light' }
    })
    expect(lighthouse.matching).toBe(1)
  })

  it('exports the current filter to a zip whose manifest and page list exactly those images', async () => {
    const started = await studio.api.invoke('gallery.export', {
      selection: { kind: 'filter', filter: { text: 'fox' } },
      format: 'zip',
      timeZone: 'UTC'
    })
    const done = await finished(started.exportId)
    expect(done).toMatchObject({ status: 'succeeded', done: 2, total: 2 })
    expect(done.path?.startsWith(join(studio.dataDir, 'exports'))).toBe(true)
    const files = unzipSync(readFileSync(done.path ?? ''))
    const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? []).toString('utf8')) as {
      images: { file: string; prompt: string; model: string; jobId: string; usage: string }[]
    }
    expect(manifest.images.map((i) => [i.prompt, i.model, i.jobId])).toEqual([
      [XSS, 'studio-image-v3', jobIds.v3],
      [XSS, 'studio-image-v3', jobIds.v3]
    ])
    expect(manifest.images[0]?.usage).toBe('2 images')
    for (const image of manifest.images) expect(files[image.file]?.subarray(1, 4).toString()).toBe('80,78,71')
    const html = Buffer.from(files['index.html'] ?? []).toString('utf8')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;')
  })

  it('exports a selection of ids to a folder the user typed', async () => {
    const target = join(temp.dir, 'team share')
    mkdirSync(target)
    await studio.api.invoke('settings.update', { language: 'zh-CN' })
    const page = await studio.api.invoke('gallery.query', { filter: {} })
    const ids = page.items.slice(0, 2).map((i) => i.id)
    const started = await studio.api.invoke('gallery.export', {
      selection: { kind: 'ids', ids },
      format: 'folder',
      folder: target,
      language: 'en'
    })
    const done = await finished(started.exportId)
    expect(done.status).toBe('succeeded')
    expect(readdirSync(join(done.path ?? '', 'images'))).toHaveLength(2)
    expect(readFileSync(join(done.path ?? '', 'manifest.csv'), 'utf8')).toContain('"teapot on a table"')
    // The page speaks the language the user saw (issue 16); none given, the one the settings mean.
    const page1 = readFileSync(join(done.path ?? '', 'index.html'), 'utf8')
    expect(page1).toContain('<html lang="en">')
    expect(page1).toContain('<h1>Gateway Studio export</h1>')
    const again = await finished(
      (await studio.api.invoke('gallery.export', { selection: { kind: 'ids', ids }, format: 'zip' })).exportId
    )
    const page2 = Buffer.from(unzipSync(readFileSync(again.path ?? ''))['index.html'] ?? []).toString('utf8')
    expect(page2).toContain('<html lang="zh-CN">')
    expect(page2).toContain('<h1>Gateway Studio 导出的图片</h1>')
    await studio.api.invoke('settings.update', { language: 'system' })
    await expect(
      studio.api.invoke('gallery.export', { selection: { kind: 'ids', ids }, format: 'zip', folder: 'rel' })
    ).rejects.toThrow(/full path/)
  })

  it('totals usage by day, model and profile', async () => {
    const report = await studio.api.invoke('usage.report', { timeZone: 'UTC' })
    expect(report.total.jobs).toBe(4)
    const byModel = Object.fromEntries(report.byModel.map((r) => [r.key, r]))
    // v3 and v2 are image-billed: images counted; the compat model is token-billed.
    expect(byModel['studio-image-v3']).toMatchObject({ jobs: 1, images: 2, tokens: 0 })
    expect(byModel['studio-image-async']).toMatchObject({ jobs: 1, images: 1 })
    expect(byModel['studio-image-compat']?.tokens).toBeGreaterThan(0)
    expect(report.byDay).toHaveLength(1)
    expect(report.byDay[0]?.key).toBe(new Date().toISOString().slice(0, 10))
    expect(report.byProfile).toEqual([
      expect.objectContaining({ key: profileId, label: 'Emulator', jobs: 4 })
    ])
    await expect(studio.api.invoke('usage.report', { timeZone: 'Nowhere/Else' })).rejects.toThrow(/time zone/)
  })

  it('deletes selected images and their files, keeping files another image still uses', async () => {
    const removed: string[][] = []
    const off = studio.api.on('gallery.removed', ({ ids }) => removed.push(ids))
    const v2 = (await studio.api.invoke('gallery.query', { filter: { models: ['studio-image-async'] } }))
      .items[0]
    const media = await studio.backend.resolveMedia(v2?.mediaId ?? '')
    expect(media && existsSync(media.file)).toBe(true)
    const result = await studio.api.invoke('gallery.delete', {
      selection: { kind: 'ids', ids: [v2?.id ?? ''] },
      confirm: true
    })
    off()
    expect(result).toEqual({ deleted: 1, filesRemoved: 1, filesKept: 0 })
    expect(removed).toEqual([[v2?.id]])
    expect(existsSync(media?.file ?? '')).toBe(false)
    expect((await studio.api.invoke('gallery.facets', {})).total).toBe(4)
    // The job stays in the task list, now without that image.
    expect((await studio.api.invoke('jobs.get', { id: jobIds.v2 ?? '' })).results).toHaveLength(0)
    // Without the user's confirmation nothing happens.
    const refused = await studio.backend.dispatch('gallery.delete', {
      selection: { kind: 'filter', filter: {} }
    })
    expect(refused.ok).toBe(false)
    expect((await studio.api.invoke('gallery.facets', {})).total).toBe(4)

    // Two results share one file: deleting one keeps the file, deleting both removes it.
    const teapots = (await studio.api.invoke('gallery.query', { filter: { text: 'teapot' } })).items
    expect(teapots).toHaveLength(2)
    expect(teapots[0]?.mediaId).toBe(teapots[1]?.mediaId)
    const shared = await studio.backend.resolveMedia(teapots[0]?.mediaId ?? '')
    const first = await studio.api.invoke('gallery.delete', {
      selection: { kind: 'ids', ids: [teapots[0]?.id ?? ''] },
      confirm: true
    })
    expect(first).toEqual({ deleted: 1, filesRemoved: 0, filesKept: 1 })
    expect(existsSync(shared?.file ?? '')).toBe(true)
    const rest = await studio.api.invoke('gallery.delete', {
      selection: { kind: 'filter', filter: { text: 'teapot' } },
      confirm: true
    })
    expect(rest).toEqual({ deleted: 1, filesRemoved: 1, filesKept: 0 })
    expect(existsSync(shared?.file ?? '')).toBe(false)
  })
})
