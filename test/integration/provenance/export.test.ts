import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import { DIGITAL_SOURCE_TYPE } from '../../../src/main/provenance/embed'
import type { JobRequest } from '../../../src/shared/schemas/jobs'
import { connectToEmulator, exportFinished, startTestBackend, type TestBackend } from '../../helpers/backend'
import { makeTempDir } from '../../helpers/tempDir'
import { pixelsHash, readBack } from '../../helpers/exiftool'

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

/** Every file the library keeps, by path: `<yyyy>/<mm>/<sha256>.<ext>` (thumbnails left out). */
function libraryFiles(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/^[0-9a-f]{64}\.(png|jpg|jpeg|webp)$/.test(name)) files.set(path, readFileSync(path))
    }
  }
  walk(root)
  return files
}

interface ManifestEntry {
  file: string
  prompt: string
  model: string
  jobId: string
  resultId: string
  mime: string
}

describe('exports carry each image’s story in standard fields (issue 26)', () => {
  const temp = makeTempDir('gs-provenance-export-')
  let emulator: RunningEmulator
  let studio: TestBackend
  const endpoints = new Map<string, string>()
  let editSource = ''

  beforeAll(async () => {
    emulator = await startEmulator()
    studio = startTestBackend(temp.dir)
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    const submit = async (request: JobRequest): Promise<string> => {
      const job = await studio.api.invoke('jobs.submit', { request })
      endpoints.set(job.id, request.endpoint)
      return job.id
    }
    const v3 = async (format: string): Promise<string> =>
      submit({
        endpoint: 'imagesV3',
        body: {
          model: 'studio-image-v3',
          prompt: `a ${format} fox, 雪`,
          size: '1024x1024',
          output_format: format
        }
      })
    const png = await v3('png')
    await v3('jpeg')
    await v3('webp')
    await submit({
      endpoint: 'partnerA',
      body: {
        model: 'seedream-stream',
        prompt: 'a partner-a lighthouse',
        size: '1280x720',
        watermark: false
      },
      stream: false
    })
    await submit({
      endpoint: 'imagesV2',
      body: { model: 'studio-image-async', prompt: 'a v2 teapot', size: '1:1', resolution: '1K' },
      count: 1
    })
    await submit({ endpoint: 'imagesV1', body: { model: 'studio-image-compat', prompt: 'a v1 kettle' } })
    await studio.backend.engine.waitForIdle()
    const source = (await studio.api.invoke('jobs.get', { id: png })).results[0]
    editSource = source?.mediaId ?? ''
    expect(editSource).not.toBe('')
    await submit({
      endpoint: 'imageEdits',
      body: { model: 'studio-image-compat', prompt: 'make the fox glow', fields: { output_format: 'png' } },
      images: [{ mediaId: editSource }]
    })
    await studio.backend.engine.waitForIdle()
  }, 120_000)

  afterAll(async () => {
    await studio.backend.close()
    await emulator.stop()
    temp.cleanup()
  })

  it('writes every field into the copy of each endpoint’s image; the pixels and the library stay as received', async () => {
    const library = libraryFiles(join(studio.dataDir, 'library'))
    // The library keeps each file as it came: its name is the hash of its bytes.
    for (const [path, bytes] of library) expect(basename(path).split('.')[0]).toBe(sha256(bytes))
    const originalPixels = new Set(await Promise.all([...library.values()].map(pixelsHash)))

    const started = await studio.api.invoke('gallery.export', {
      selection: { kind: 'filter', filter: {} },
      format: 'zip'
    })
    const done = await exportFinished(studio, started.exportId)
    expect(done.status).toBe('succeeded')
    const zip = unzipSync(readFileSync(done.path ?? ''))
    const manifest = JSON.parse(Buffer.from(zip['manifest.json'] ?? new Uint8Array()).toString('utf8')) as {
      images: ManifestEntry[]
    }
    expect(manifest.images.map((entry) => endpoints.get(entry.jobId)).sort()).toEqual(
      ['imageEdits', 'imagesV1', 'imagesV2', 'imagesV3', 'imagesV3', 'imagesV3', 'partnerA'].sort()
    )
    const mimes = new Set(manifest.images.map((entry) => entry.mime))
    expect([...mimes].sort()).toEqual(['image/jpeg', 'image/png', 'image/webp'])

    for (const entry of manifest.images) {
      const copy = Buffer.from(zip[entry.file] ?? new Uint8Array())
      expect(copy.length, entry.file).toBeGreaterThan(0)
      // Nothing beside it: the story is inside.
      expect(zip[`${entry.file}.json`], entry.file).toBeUndefined()
      const path = join(temp.dir, basename(entry.file))
      writeFileSync(path, copy)
      const read = readBack(path)
      expect(read['XMP-iptcExt:DigitalSourceType'], entry.file).toBe(DIGITAL_SOURCE_TYPE)
      expect(String(read['XMP-xmp:CreatorTool'])).toMatch(/^Gateway Studio \d+\.\d+\.\d+/)
      expect(read['XMP-dc:Description'], entry.file).toBe(entry.prompt)
      expect(read['XMP-gs:Model'], entry.file).toBe(entry.model)
      expect(read['XMP-gs:JobId'], entry.file).toBe(entry.jobId)
      expect(read['XMP-gs:ResultId'], entry.file).toBe(entry.resultId)
      expect(read['XMP-gs:GatewayHost'], entry.file).toBe(new URL(emulator.baseUrl).hostname)
      if (endpoints.get(entry.jobId) === 'imageEdits') expect(read['XMP-gs:EditOf']).toEqual([editSource])
      else expect(read['XMP-gs:EditOf']).toBeUndefined()
      // Not one byte of the key, nor the gateway's address with its scheme.
      const text = copy.toString('latin1')
      expect(text).not.toContain(emulator.keys.ordinary)
      expect(text).not.toContain(emulator.baseUrl)
      // The copy's pixels are one of the library's originals, decoded alike.
      expect(originalPixels.has(await pixelsHash(copy)), entry.file).toBe(true)
    }
    // And the originals were not touched by the export.
    for (const [path, bytes] of library) expect(readFileSync(path).equals(bytes), path).toBe(true)
  }, 120_000)
})

describe('a Public export tells nothing but that a model made each image (issue 26)', () => {
  const temp = makeTempDir('gs-provenance-public-')
  let emulator: RunningEmulator
  let studio: TestBackend
  const prompts: string[] = []
  const SEED = 8_675_309

  beforeAll(async () => {
    emulator = await startEmulator()
    studio = startTestBackend(temp.dir)
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    for (let i = 0; i < 10; i++) {
      const prompt = `zebra-${i} quartzite lantern ${i * 7919}`
      prompts.push(prompt)
      await studio.api.invoke('jobs.submit', {
        request: {
          endpoint: 'partnerA',
          body: {
            model: 'seedream-stream',
            prompt,
            size: '1280x720',
            seed: SEED + i,
            watermark: false,
            sequential_image_generation: 'auto',
            sequential_image_generation_options: { max_images: 10 }
          },
          stream: false
        }
      })
    }
    await studio.backend.engine.waitForIdle()
    // The request did carry the seed: what the public export must leave out is really there to leave.
    const full = await studio.api.invoke('gallery.export', {
      selection: { kind: 'filter', filter: {} },
      format: 'zip'
    })
    const fullZip = readFileSync((await exportFinished(studio, full.exportId)).path ?? '')
    expect(fullZip.includes(Buffer.from(String(SEED)))).toBe(true)
    expect(fullZip.includes(Buffer.from(prompts[0] ?? '?'))).toBe(true)
  }, 120_000)

  afterAll(async () => {
    await studio.backend.close()
    await emulator.stop()
    temp.cleanup()
  })

  it('has no byte of a prompt, parameter or gateway host in the zip, its page or its manifest', async () => {
    const started = await studio.api.invoke('gallery.export', {
      selection: { kind: 'filter', filter: {} },
      format: 'zip',
      profile: 'public'
    })
    const done = await exportFinished(studio, started.exportId)
    expect(done.status).toBe('succeeded')
    expect(done.total).toBe(100)
    const raw = readFileSync(done.path ?? '')
    const zip = unzipSync(raw)
    const page = Buffer.from(zip['index.html'] ?? new Uint8Array()).toString('utf8')
    const images = Object.keys(zip).filter((name) => name.startsWith('images/'))
    expect(images).toHaveLength(100)
    const host = new URL(emulator.baseUrl).hostname
    // (The images' pixel size stays: it is the image's, not the request's.)
    const secrets = [...prompts, 'zebra-', 'quartzite', String(SEED), 'seedream-stream', host]
    for (const secret of secrets) {
      // The zip is stored, not compressed: its raw bytes are the files' bytes.
      expect(raw.includes(Buffer.from(secret, 'utf8')), secret).toBe(false)
      expect(page.includes(secret), secret).toBe(false)
    }
    // Each image still says that a model made it, with which app, and nothing else of ours.
    const first = join(temp.dir, 'public.png')
    writeFileSync(first, Buffer.from(zip[images[0] ?? ''] ?? new Uint8Array()))
    const read = readBack(first)
    expect(read['XMP-iptcExt:DigitalSourceType']).toBe(DIGITAL_SOURCE_TYPE)
    expect(String(read['XMP-xmp:CreatorTool'])).toMatch(/^Gateway Studio /)
    expect(
      Object.keys(read).filter((key) => key.startsWith('XMP-gs:') || key === 'XMP-dc:Description')
    ).toEqual([])
  }, 120_000)
})
