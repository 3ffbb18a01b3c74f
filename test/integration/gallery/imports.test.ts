import { mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import { descriptorOf } from '../../../src/shared/gateway/endpoints'
import type { ImportProgress } from '../../../src/shared/schemas/imports'
import type { JobRequest } from '../../../src/shared/schemas/jobs'
import { connectToEmulator, exportFinished, startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'

/** The folder import's last progress (succeeded, failed or cancelled), as the events tell it. */
function importFinished(studio: TestBackend, importId: string): Promise<ImportProgress> {
  return new Promise((resolve) => {
    const off = studio.api.on('gallery.importProgress', (progress) => {
      if (progress.importId === importId && progress.status !== 'running') {
        off()
        resolve(progress)
      }
    })
  })
}

/** A PNG with a `caBX` chunk (a C2PA manifest store) before its IEND, as a provider may send it. */
function withCaBX(png: Buffer): Buffer {
  const iend = png.length - 12
  const data = Buffer.from('jumb-stand-in: the manifest store bytes')
  const chunk = Buffer.alloc(12 + data.length)
  chunk.writeUInt32BE(data.length, 0)
  chunk.write('caBX', 4, 'latin1')
  data.copy(chunk, 8)
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)])
}

const solid = (r: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> => {
  const image = sharp({ create: { width: 32, height: 24, channels: 3, background: { r, g: 90, b: 140 } } })
  return (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp()).toBuffer()
}

describe('images brought into the gallery with the settings their files carry (issue 26)', () => {
  const temp = makeTempDir('gs-imports-')
  let emulator: RunningEmulator
  let maker: TestBackend
  let fresh: TestBackend
  const requests = new Map<string, JobRequest>()
  let exported = ''

  beforeAll(async () => {
    emulator = await startEmulator()
    maker = startTestBackend(temp.dir, 'maker')
    await connectToEmulator(maker, emulator.baseUrl, emulator.keys.ordinary)
    const sent: JobRequest[] = [
      {
        endpoint: 'imagesV3',
        body: { model: 'studio-image-v3', prompt: 'a png fox, 雪', size: '1024x1024', output_format: 'png' }
      },
      {
        endpoint: 'imagesV3',
        body: { model: 'studio-image-v3', prompt: 'a jpeg fox', size: '1024x1024', output_format: 'jpeg' }
      },
      {
        endpoint: 'partnerA',
        body: {
          model: 'seedream-stream',
          prompt: 'a lighthouse',
          size: '1280x720',
          seed: 4242,
          watermark: false
        },
        stream: false
      }
    ]
    for (const request of sent) {
      const job = await maker.api.invoke('jobs.submit', { request })
      requests.set(job.id, request)
    }
    await maker.backend.engine.waitForIdle()
    const folder = join(temp.dir, 'shared')
    mkdirSync(folder)
    const started = await maker.api.invoke('gallery.export', {
      selection: { kind: 'filter', filter: {} },
      format: 'folder',
      folder
    })
    const done = await exportFinished(maker, started.exportId)
    expect(done.status).toBe('succeeded')
    exported = done.path ?? ''
    fresh = startTestBackend(temp.dir, 'fresh')
  }, 120_000)

  afterAll(async () => {
    await fresh.backend.close()
    await maker.backend.close()
    await emulator.stop()
    temp.cleanup()
  })

  it('imports a Full export into a fresh data folder: every image with the request it was made with', async () => {
    const started = await fresh.api.invoke('gallery.importFolder', { folder: exported })
    expect(started.status).toBe('running')
    const done = await importFinished(fresh, started.importId)
    expect(done.status).toBe('succeeded')
    expect(done.counted).toBe(true)
    expect(done.added).toBe(3)
    // The export's manifest and page are not images: listed, with the reason.
    expect(done.skippedFiles.map((skip) => [skip.name, skip.reason]).sort()).toEqual(
      [
        ['index.html', 'notAnImage'],
        ['manifest.csv', 'notAnImage'],
        ['manifest.json', 'notAnImage']
      ].sort()
    )
    expect(done.total).toBe(done.done)

    const page = await fresh.api.invoke('gallery.query', { filter: {}, limit: 10 })
    expect(page.items).toHaveLength(3)
    for (const item of page.items) {
      const detail = await fresh.api.invoke('gallery.get', { id: item.id })
      const settings = detail.imported?.settings
      expect(settings?.source).toBe('gateway-studio')
      const original = requests.get(settings?.jobId ?? '')
      expect(original, detail.imported?.file).toBeDefined()
      // What Use these settings fills the form from: the request as it was sent, seed and all.
      // The endpoint as a job row keeps it: the gateway's path.
      expect(settings?.endpoint).toBe(descriptorOf(original?.endpoint ?? 'imagesV3').path)
      expect(settings?.body).toEqual(original?.body)
      expect(detail.prompt).toBe(original?.body.prompt)
      expect(detail.model).toBe(original?.body.model)
      expect(detail.credentials).toBe(false)
    }
    // Searchable by the prompts the files carried.
    const found = await fresh.api.invoke('gallery.query', { filter: { text: 'lighthouse' }, limit: 10 })
    expect(found.items).toHaveLength(1)
  })

  it('skips what is already in the gallery, by content hash, and never lists imports in the Queue', async () => {
    const again = await fresh.api.invoke('gallery.importFolder', { folder: exported })
    const done = await importFinished(fresh, again.importId)
    expect(done.added).toBe(0)
    expect(done.skippedFiles.filter((skip) => skip.reason === 'duplicate')).toHaveLength(3)
    expect((await fresh.api.invoke('gallery.query', { filter: {}, limit: 10 })).items).toHaveLength(3)
    expect(await fresh.api.invoke('jobs.list', { limit: 50 })).toEqual([])
    const usage = await fresh.api.invoke('usage.report', {})
    expect(usage.total.jobs).toBe(0)
    const facets = await fresh.api.invoke('gallery.facets', {})
    expect(facets.total).toBe(3)
    expect(facets.profiles).toEqual([])
  })

  it('takes dropped files one by one, and says of each one left out why', async () => {
    const a = await solid(10)
    const b = await solid(20, 'webp')
    const truncated = (await solid(30)).subarray(0, 60)
    const report = await fresh.api.invoke('gallery.importFiles', {
      files: [
        { name: 'a.png', data: a.toString('base64') },
        { name: 'again.png', data: a.toString('base64') },
        { name: 'b.webp', data: b.toString('base64') },
        { name: 'notes.txt', data: Buffer.from('a note, not an image').toString('base64') },
        { name: 'cut.png', data: truncated.toString('base64') },
        { name: 'huge.png', data: null },
        { name: 'bad.png', data: '%%%not base64%%%' }
      ]
    })
    expect(report.added).toHaveLength(2)
    expect(report.skipped).toEqual([
      { name: 'again.png', reason: 'duplicate' },
      { name: 'notes.txt', reason: 'notAnImage' },
      { name: 'cut.png', reason: 'damaged' },
      { name: 'huge.png', reason: 'tooLarge' },
      { name: 'bad.png', reason: 'damaged' }
    ])
    const detail = await fresh.api.invoke('gallery.get', { id: report.added[0] ?? '' })
    expect(detail.imported).toEqual({ file: 'a.png', settings: null })
    expect(detail.prompt).toBe('')
    // The library keeps the file as it came.
    const stored = await fresh.backend.resolveMedia(detail.mediaId)
    expect(readFileSync(stored?.file ?? '')).toEqual(a)
    // No thumbnail was made on the way in; the first one asked for is made then.
    const thumb = await fresh.backend.serveMedia(`${detail.mediaId}_thumb`)
    expect(thumb?.mime).toBe('image/webp')
  })

  it('keeps a file with content credentials byte for byte, and says it has them', async () => {
    const credentialed = withCaBX(await solid(40))
    const report = await fresh.api.invoke('gallery.importFiles', {
      files: [{ name: 'credentialed.png', data: credentialed.toString('base64') }]
    })
    const detail = await fresh.api.invoke('gallery.get', { id: report.added[0] ?? '' })
    expect(detail.credentials).toBe(true)
    const stored = await fresh.backend.resolveMedia(detail.mediaId)
    expect(readFileSync(stored?.file ?? '')).toEqual(credentialed)
  })

  it('deletes an imported image with its job, and nothing else', async () => {
    const report = await fresh.api.invoke('gallery.importFiles', {
      files: [{ name: 'doomed.png', data: (await solid(50)).toString('base64') }]
    })
    const id = report.added[0] ?? ''
    const before = await fresh.api.invoke('gallery.facets', {})
    const { jobId } = await fresh.api.invoke('gallery.get', { id })
    await fresh.api.invoke('gallery.delete', { selection: { kind: 'ids', ids: [id] }, confirm: true })
    expect((await fresh.api.invoke('gallery.facets', {})).total).toBe(before.total - 1)
    expect(await fresh.api.invoke('jobs.get', { id: jobId }).catch(() => 'gone')).toBe('gone')
  })

  it('refuses a folder it cannot import, in words that say what to do', async () => {
    const refused = async (folder: string): Promise<string> => {
      const result = await fresh.backend.dispatch('gallery.importFolder', { folder })
      expect(result.ok).toBe(false)
      return result.ok ? '' : result.error.message
    }
    expect(await refused('relative/folder')).toMatch(/full path/)
    expect(await refused(join(temp.dir, 'nowhere'))).toMatch(/does not exist/)
    expect(await refused(join(fresh.dataDir, 'library'))).toMatch(/outside the app's data folder/)
    writeFileSync(join(temp.dir, 'a-file'), 'x')
    expect(await refused(join(temp.dir, 'a-file'))).toMatch(/not a folder/)
  })

  it('walks sub-folders without following links, and stops when cancelled, keeping what came in', async () => {
    const folder = join(temp.dir, 'many')
    mkdirSync(join(folder, 'deeper'), { recursive: true })
    // WebP: ExifTool reads each one's settings (a PNG's or a plain JPEG's are read from its bytes, far too
    // fast for a cancel after the fifth to land before the sixtieth).
    for (let i = 0; i < 60; i++) {
      const where = i % 2 === 0 ? folder : join(folder, 'deeper')
      const image = sharp({
        create: { width: 32, height: 24, channels: 3, background: { r: 60 + i, g: 7, b: 200 } }
      })
      writeFileSync(join(where, `img-${i}.webp`), await image.webp({ lossless: true }).toBuffer())
    }
    symlinkSync(folder, join(folder, 'deeper', 'loop'))
    const started = await fresh.api.invoke('gallery.importFolder', { folder })
    const cancel = new Promise<void>((resolve) => {
      const off = fresh.api.on('gallery.importProgress', (progress) => {
        if (progress.importId === started.importId && progress.done >= 5) {
          off()
          void fresh.api.invoke('gallery.cancelImport', { importId: started.importId }).then(() => resolve())
        }
      })
    })
    const done = await importFinished(fresh, started.importId)
    await cancel
    expect(done.status).toBe('cancelled')
    expect(done.total).toBe(60)
    expect(done.added).toBeGreaterThanOrEqual(5)
    expect(done.added).toBeLessThan(60)
    // What came in stays, and a second run brings in the rest.
    const rest = await fresh.api.invoke('gallery.importFolder', { folder })
    const second = await importFinished(fresh, rest.importId)
    expect(second.status).toBe('succeeded')
    expect(second.added + done.added).toBe(60)
    expect(second.skippedFiles.every((skip) => skip.reason === 'duplicate')).toBe(true)
    const listed = await fresh.api.invoke('gallery.imports', {})
    expect(listed.map((entry) => entry.importId)).toContain(rest.importId)
    // The walk found every file under the folder once: none through the link.
    expect(readdirSync(join(folder, 'deeper')).length).toBe(31)
    expect(statSync(join(folder, 'deeper', 'loop')).isDirectory()).toBe(true)
  })
})
