import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ExportManager } from '../../../../../src/main/gallery/export/manager'
import type { GalleryRow } from '../../../../../src/main/gallery/store'
import type { ExportProgress } from '../../../../../src/shared/schemas/gallery'
import { makeTempDir } from '../../../../helpers/tempDir'
import { fileSource } from './fileSource'

const T0 = Date.UTC(2025, 4, 1, 9, 30)

function row(i: number, over: Partial<GalleryRow> = {}): GalleryRow {
  return {
    id: `result-${String(i).padStart(4, '0')}`,
    jobId: `job-${i}`,
    mediaId: `m${i}`,
    mime: 'image/png',
    bytes: 0,
    width: 64,
    height: 48,
    sizeLabel: null,
    prompt: `prompt ${i}`,
    revisedPrompt: null,
    model: 'studio/image:v3',
    endpoint: '/v3/images/generations',
    profileId: 'demo',
    params: JSON.stringify({ endpoint: 'imagesV3', body: { model: 'x', prompt: 'p', seed: i } }),
    usage: JSON.stringify({ total_tokens: 100 + i }),
    billingUnit: 'token',
    createdAt: T0 - i * 1000,
    storedInJob: 1,
    batchId: null,
    ...over
  }
}

describe('export writer', () => {
  let temp: ReturnType<typeof makeTempDir>
  let sources: string
  let exportsDir: string
  let events: ExportProgress[]
  let rows: GalleryRow[]
  let missing: Set<string>
  let onEvent: (progress: ExportProgress, manager: ExportManager) => void

  const manager = (template = '{date}_{model}_{index}'): ExportManager => {
    const m: ExportManager = new ExportManager({
      exportsDir,
      protectedDir: join(temp.dir, 'data'),
      rows: () => rows,
      source: (id) => Promise.resolve(missing.has(id) ? null : fileSource(join(sources, `${id}.png`))),
      nameTemplate: () => template,
      emit: (progress) => {
        events.push(progress)
        onEvent(progress, m)
      },
      appName: 'Gateway Studio',
      appVersion: '1.0.0',
      progressIntervalMs: 0,
      now: () => T0
    })
    return m
  }

  beforeEach(() => {
    temp = makeTempDir('gs-export-')
    sources = join(temp.dir, 'sources')
    exportsDir = join(temp.dir, 'data', 'exports')
    mkdirSync(sources, { recursive: true })
    events = []
    missing = new Set()
    onEvent = () => undefined
    rows = Array.from({ length: 40 }, (_, i) => {
      const bytes = Buffer.alloc(20_000 + i, i)
      writeFileSync(join(sources, `m${i}.png`), bytes)
      return row(i, { bytes: bytes.length })
    })
  })
  afterEach(() => temp.cleanup())

  const selection = { kind: 'filter' as const, filter: {}, except: [] }

  it('writes a zip with named images, manifests and the page, then reports where it is', async () => {
    const m = manager()
    const started = m.start({ selection, format: 'zip', timeZone: 'UTC' })
    expect(started).toMatchObject({ status: 'running', done: 0, total: 40, path: null })
    const done = await m.wait(started.exportId)
    expect(done).toMatchObject({ status: 'succeeded', done: 40, total: 40, skipped: 0, error: null })
    expect(done.path).toBe(join(exportsDir, 'gallery-2025-05-01_09-30-00.zip'))
    expect(done.downloadName).toBe('gallery-2025-05-01_09-30-00.zip')
    expect(readdirSync(exportsDir)).toEqual(['gallery-2025-05-01_09-30-00.zip'])
    const files = unzipSync(readFileSync(done.path ?? ''))
    const names = Object.keys(files)
    expect(names).toHaveLength(43)
    expect(names).toContain('index.html')
    expect(names).toContain('manifest.csv')
    expect(names.filter((n) => n.startsWith('images/'))[0]).toBe('images/2025-05-01_studio-image-v3_001.png')
    expect(
      Buffer.from(files['images/2025-05-01_studio-image-v3_007.png'] ?? []).equals(Buffer.alloc(20_006, 6))
    ).toBe(true)
    const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? []).toString('utf8')) as {
      images: { file: string; prompt: string; seed: number; usage: string }[]
    }
    expect(manifest.images).toHaveLength(40)
    expect(manifest.images[3]).toMatchObject({
      file: 'images/2025-05-01_studio-image-v3_004.png',
      prompt: 'prompt 3',
      seed: 3,
      usage: '103 tokens'
    })
    // Progress went up one file at a time and ended with the final state.
    const dones = events.map((e) => e.done)
    expect([...dones].sort((a, b) => a - b)).toEqual(dones)
    expect(events.at(-1)?.status).toBe('succeeded')
    // A second export at the same second gets its own name.
    const again = await m.wait(m.start({ selection, format: 'zip', timeZone: 'UTC' }).exportId)
    expect(again.path?.endsWith('gallery-2025-05-01_09-30-00-2.zip')).toBe(true)
  })

  it('leaves no zip and no temp file when cancelled midway', async () => {
    onEvent = (progress, m) => {
      if (progress.status === 'running' && progress.done >= 3) m.cancel(progress.exportId)
    }
    const m = manager()
    const done = await m.wait(m.start({ selection, format: 'zip' }).exportId)
    expect(done.status).toBe('cancelled')
    expect(done.path).toBeNull()
    expect(done.done).toBeLessThan(40)
    expect(readdirSync(exportsDir)).toEqual([])
    expect(m.cancel(done.exportId)).toBe(false)
  })

  it('fails cleanly when a file vanishes mid-export: no zip, no temp, a readable error', async () => {
    const m = manager()
    const started = m.start({ selection, format: 'zip' })
    // The file disappears after planning (the library resolved it), before it is read.
    writeFileSync(join(sources, 'm30.png'), '')
    await import('node:fs/promises').then((fs) => fs.unlink(join(sources, 'm30.png')))
    const done = await m.wait(started.exportId)
    expect(done.status).toBe('failed')
    expect(done.error?.message).toMatch(/could not be written/)
    expect(readdirSync(exportsDir)).toEqual([])
  })

  it('writes a folder atomically into a typed folder, and cleans up a cancelled one', async () => {
    const target = join(temp.dir, 'Team exports')
    mkdirSync(target)
    const m = manager('{prompt}')
    const done = await m.wait(
      m.start({ selection, format: 'folder', folder: target, timeZone: 'UTC' }).exportId
    )
    expect(done.status).toBe('succeeded')
    expect(done.downloadName).toBeNull()
    const folder = join(target, 'gallery-2025-05-01_09-30-00')
    expect(done.path).toBe(folder)
    expect(readdirSync(folder).sort()).toEqual(['images', 'index.html', 'manifest.csv', 'manifest.json'])
    expect(readdirSync(join(folder, 'images'))).toContain('prompt 12.png')

    onEvent = (progress, mgr) => {
      if (progress.status === 'running' && progress.done >= 2) mgr.cancel(progress.exportId)
    }
    const cancelled = await m.wait(m.start({ selection, format: 'folder', folder: target }).exportId)
    expect(cancelled.status).toBe('cancelled')
    expect(readdirSync(target)).toEqual(['gallery-2025-05-01_09-30-00'])
  })

  it('writes beside a dangling link of the same name instead of failing with ENOTDIR', async () => {
    const target = join(temp.dir, 'Links')
    mkdirSync(target)
    // A link left behind by something else, pointing at nothing, under the name the export would take.
    symlinkSync(join(temp.dir, 'gone'), join(target, 'gallery-2025-05-01_09-30-00'))
    const m = manager('{prompt}')
    const done = await m.wait(
      m.start({ selection, format: 'folder', folder: target, timeZone: 'UTC' }).exportId
    )
    expect(done.status).toBe('succeeded')
    expect(done.path).toBe(join(target, 'gallery-2025-05-01_09-30-00-2'))
    expect(lstatSync(join(target, 'gallery-2025-05-01_09-30-00')).isSymbolicLink()).toBe(true)
  })

  it('refuses bad destinations and empty selections with words a user can act on', () => {
    const m = manager()
    expect(() => m.start({ selection, format: 'zip', folder: 'relative/path' })).toThrow(/full path/)
    expect(() => m.start({ selection, format: 'zip', folder: join(temp.dir, 'nope') })).toThrow(
      /does not exist/
    )
    mkdirSync(join(temp.dir, 'data', 'library'), { recursive: true })
    expect(() => m.start({ selection, format: 'zip', folder: join(temp.dir, 'data', 'library') })).toThrow(
      /outside the app's data folder/
    )
    expect(() => m.start({ selection, format: 'zip', timeZone: 'Mars/Olympus' })).toThrow(/time zone/)
    rows = []
    expect(() => m.start({ selection, format: 'zip' })).toThrow(/None of the selected images/)
  })

  it('leaves out images whose file the library lost, and says how many', async () => {
    missing = new Set(['m1', 'm2'])
    const m = manager()
    const done = await m.wait(m.start({ selection, format: 'zip' }).exportId)
    expect(done).toMatchObject({ status: 'succeeded', total: 38, skipped: 2 })
  })

  it('sweeps temp files and folders an interrupted export left behind, and nothing else', () => {
    mkdirSync(join(exportsDir, 'gallery-x.tmp-0123456789abcdef', 'images'), { recursive: true })
    writeFileSync(join(exportsDir, 'gallery-y.zip.tmp-0123456789abcdef'), 'half')
    writeFileSync(join(exportsDir, 'gallery-z.zip'), 'whole')
    expect(manager().sweep()).toBe(2)
    expect(readdirSync(exportsDir)).toEqual(['gallery-z.zip'])
    expect(existsSync(join(exportsDir, 'gallery-x.tmp-0123456789abcdef'))).toBe(false)
  })
})
