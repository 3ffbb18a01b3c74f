import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/emulator'
import { DIGITAL_SOURCE_TYPE } from '../../../src/main/provenance/embed'
import { ProvenanceRecord } from '../../../src/main/provenance/record'
import { parseJson, STORED_LIMITS } from '../../../src/shared/json'
import type { JobRequest } from '../../../src/shared/schemas/jobs'
import { connectToEmulator, startTestBackend, type TestBackend } from '../../helpers/backend'
import { pixelsHash, readBack } from '../../helpers/exiftool'
import { pngChunk, withChunks } from '../../helpers/pngChunks'
import { makeTempDir } from '../../helpers/tempDir'

/**
 * One image leaving the app on its own ("Save as…", drag-out: issue 26), through the real backend's
 * `serveCopy`, the function both shells serve: a generated image leaves with every field of its story
 * written in, its pixels and the library's file untouched; a file with content credentials leaves
 * byte for byte as it came, its story in a sidecar beside it, the two in one zip.
 */
describe('one image’s copy as it leaves the app (issue 26)', () => {
  const temp = makeTempDir('gs-exit-one-')
  let emulator: RunningEmulator
  let studio: TestBackend
  const made: { jobId: string; prompt: string; format: string }[] = []

  beforeAll(async () => {
    emulator = await startEmulator()
    studio = startTestBackend(temp.dir)
    await connectToEmulator(studio, emulator.baseUrl, emulator.keys.ordinary)
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const request: JobRequest = {
        endpoint: 'imagesV3',
        body: {
          model: 'studio-image-v3',
          prompt: `a ${format} fox in the snow, "quoted", 雪中的狐狸`,
          size: '1024x1024',
          output_format: format
        }
      }
      const job = await studio.api.invoke('jobs.submit', { request })
      made.push({ jobId: job.id, prompt: request.body.prompt, format })
    }
    await studio.backend.engine.waitForIdle()
  }, 120_000)

  afterAll(async () => {
    await studio.backend.close()
    await emulator.stop()
    temp.cleanup()
  })

  it('writes every field of a generated image’s story into its copy; pixels and library file stay as they are', async () => {
    for (const { jobId, prompt, format } of made) {
      const job = await studio.api.invoke('jobs.get', { id: jobId })
      const resultId = job.results[0]?.id ?? ''
      const detail = await studio.api.invoke('gallery.get', { id: resultId })
      const stored = await studio.backend.resolveMedia(detail.mediaId)
      const original = readFileSync(stored?.file ?? '')

      const copy = await studio.backend.serveCopy(resultId)
      if (!copy) throw new Error(`no copy of ${resultId}`)
      const ext = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }[detail.mime]
      expect(copy.mime).toBe(detail.mime)
      expect(copy.fileName).toBe(
        `a ${format} fox in the snow, quoted, 雪中的狐狸-${resultId.slice(0, 8)}.${ext}`
      )
      // The drag names its file before the copy is made: the same name and type.
      expect(await studio.api.invoke('gallery.exitFile', { id: resultId })).toEqual({
        fileName: copy.fileName,
        mime: copy.mime,
        sidecar: false
      })
      // The details were told the same, from their one read of the file.
      expect(detail.exit).toEqual({ fileName: copy.fileName, mime: copy.mime, sidecar: false })

      const path = join(temp.dir, copy.fileName)
      writeFileSync(path, copy.bytes)
      const read = readBack(path)
      expect(read['XMP-iptcExt:DigitalSourceType']).toBe(DIGITAL_SOURCE_TYPE)
      expect(String(read['XMP-xmp:CreatorTool'])).toMatch(/^Gateway Studio \d+\.\d+\.\d+/)
      expect(read['XMP-dc:Description']).toBe(prompt)
      expect(read['XMP-gs:Model']).toBe('studio-image-v3')
      expect(read['XMP-gs:Endpoint']).toBe(detail.endpoint)
      expect(read['XMP-gs:JobId']).toBe(jobId)
      expect(read['XMP-gs:ResultId']).toBe(resultId)
      expect(read['XMP-gs:GatewayHost']).toBe(new URL(emulator.baseUrl).hostname)
      // ExifTool reads a date back in its own way: `2025:05:01 09:30:00.000Z`.
      expect(read['XMP-gs:Created']).toBe(
        new Date(detail.createdAt).toISOString().replace(/^(\d{4})-(\d{2})-(\d{2})T/, '$1:$2:$3 ')
      )
      expect(parseJson(String(read['XMP-gs:Parameters']), STORED_LIMITS)).toMatchObject({
        size: '1024x1024',
        output_format: format
      })
      // Not a byte of the key, nor the gateway's address with its scheme.
      expect(copy.bytes.toString('latin1')).not.toContain(emulator.keys.ordinary)
      expect(copy.bytes.toString('latin1')).not.toContain(emulator.baseUrl)
      // The same pixels; the library's file exactly as it was.
      expect(await pixelsHash(copy.bytes)).toBe(await pixelsHash(original))
      expect(copy.bytes.equals(original)).toBe(false)
      expect(readFileSync(stored?.file ?? '').equals(original)).toBe(true)
    }
  }, 60_000)

  it('leaves a file with content credentials byte for byte as it came, zipped with its story', async () => {
    const plain = await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: 40, g: 90, b: 140 } }
    })
      .png()
      .toBuffer()
    const credentialed = withChunks(
      plain,
      [pngChunk('caBX', Buffer.from('jumb-stand-in: the manifest store bytes'))],
      'before IEND'
    )
    const report = await studio.api.invoke('gallery.importFiles', {
      files: [{ name: 'signed by the camera.png', data: credentialed.toString('base64') }]
    })
    const resultId = report.added[0] ?? ''
    const detail = await studio.api.invoke('gallery.get', { id: resultId })
    expect(detail.credentials).toBe(true)

    const copy = await studio.backend.serveCopy(resultId)
    if (!copy) throw new Error('no copy')
    const id8 = resultId.slice(0, 8)
    // An imported file that said nothing of its prompt is named by its id alone.
    expect(copy).toMatchObject({ mime: 'application/zip', fileName: `untitled-${id8}.zip` })
    expect(await studio.api.invoke('gallery.exitFile', { id: resultId })).toEqual({
      fileName: copy.fileName,
      mime: 'application/zip',
      sidecar: true
    })
    expect(detail.exit).toEqual({ fileName: copy.fileName, mime: 'application/zip', sidecar: true })
    const zip = unzipSync(copy.bytes)
    expect(Object.keys(zip).sort()).toEqual([`untitled-${id8}.png`, `untitled-${id8}.png.json`])
    expect(Buffer.from(zip[`untitled-${id8}.png`] ?? new Uint8Array()).equals(credentialed)).toBe(true)
    const sidecar = ProvenanceRecord.parse(
      parseJson(
        Buffer.from(zip[`untitled-${id8}.png.json`] ?? new Uint8Array()).toString('utf8'),
        STORED_LIMITS
      )
    )
    expect(sidecar).toMatchObject({ profile: 'full', resultId, jobId: detail.jobId })
    // The library's file is the one imported, still.
    const stored = await studio.backend.resolveMedia(detail.mediaId)
    expect(readFileSync(stored?.file ?? '').equals(credentialed)).toBe(true)
  })

  it('answers nothing for a result it does not know', async () => {
    expect(await studio.backend.serveCopy('no-such-result')).toBeNull()
    const refused = await studio.backend.dispatch('gallery.exitFile', { id: 'no-such-result' })
    expect(refused.ok).toBe(false)
    expect(refused.ok ? '' : refused.error.code).toBe('not_found')
  })
})
