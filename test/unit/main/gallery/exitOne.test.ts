import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ImageExit } from '../../../../src/main/gallery/exitOne'
import type { GalleryRow } from '../../../../src/main/gallery/store'
import { MetadataWriter } from '../../../../src/main/provenance/embed'
import { readBack } from '../../../helpers/exiftool'
import { pngChunk, withChunks } from '../../../helpers/pngChunks'
import { makeTempDir } from '../../../helpers/tempDir'
import { fileSource } from './export/fileSource'
import { c2paApp11 } from '../../../helpers/c2paSegments'

const T0 = Date.UTC(2025, 4, 1, 9, 30)

const row = (id: string, mediaId: string, over: Partial<GalleryRow> = {}): GalleryRow => ({
  id,
  jobId: `job-of-${id}`,
  mediaId,
  mime: 'image/png',
  bytes: 0,
  width: 32,
  height: 24,
  sizeLabel: null,
  prompt: 'a lighthouse at dusk: long exposure / 长曝光',
  revisedPrompt: null,
  model: 'studio-image-v3',
  endpoint: '/v3/images/generations',
  profileId: 'team',
  params: JSON.stringify({ endpoint: 'imagesV3', body: { model: 'x', prompt: 'p', seed: 7, size: '32x24' } }),
  usage: null,
  billingUnit: null,
  createdAt: T0,
  storedInJob: 1,
  batchId: 'batch-1',
  ...over
})

describe('one image’s exit copy (issue 26)', () => {
  const temp = makeTempDir('gs-exit-one-unit-')
  const metadata = new MetadataWriter(join(temp.dir, 'work'))
  const rows = new Map<string, GalleryRow>()
  const files = new Map<string, string>()
  let exit: ImageExit
  let credentialed: Buffer
  /** A progressive JPEG with content credentials in an APP11 segment after its first scan. */
  let afterFirstScan: Buffer

  beforeAll(async () => {
    const plain = await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 90, b: 40 } }
    })
      .png()
      .toBuffer()
    credentialed = withChunks(plain, [pngChunk('caBX', Buffer.from('manifest store'))], 'before IEND')
    const progressive = await sharp(plain).jpeg({ progressive: true }).toBuffer()
    // The first scan ends where the Huffman table for the next one starts (a 0xFF in scan data is stuffed).
    const secondTable = progressive.indexOf(
      Buffer.from([0xff, 0xc4]),
      progressive.indexOf(Buffer.from([0xff, 0xda]))
    )
    afterFirstScan = Buffer.concat([
      progressive.subarray(0, secondTable),
      c2paApp11(),
      progressive.subarray(secondTable)
    ])
    for (const [mediaId, bytes, ext] of [
      ['plain', plain, 'png'],
      ['signed', credentialed, 'png'],
      ['progressive', progressive, 'jpg'],
      ['scan-signed', afterFirstScan, 'jpg']
    ] as const) {
      const path = join(temp.dir, `${mediaId}.${ext}`)
      writeFileSync(path, bytes)
      files.set(mediaId, path)
    }
    rows.set('1a2b3c4d-made', row('1a2b3c4d-made', 'plain'))
    rows.set('5e6f7a8b-signed', row('5e6f7a8b-signed', 'signed'))
    rows.set('9c0d1e2f-damaged', row('9c0d1e2f-damaged', 'plain', { params: '{"endpoint": "imag' }))
    rows.set('00000000-gone', row('00000000-gone', 'missing'))
    rows.set('2b2b2b2b-progressive', row('2b2b2b2b-progressive', 'progressive', { mime: 'image/jpeg' }))
    rows.set('3c3c3c3c-scan-signed', row('3c3c3c3c-scan-signed', 'scan-signed', { mime: 'image/jpeg' }))
    exit = new ImageExit({
      row: (id) => rows.get(id) ?? null,
      source: (mediaId) => {
        const path = files.get(mediaId)
        return Promise.resolve(
          path ? fileSource(path, path.endsWith('.jpg') ? 'image/jpeg' : 'image/png') : null
        )
      },
      read: (mediaId) => {
        const path = files.get(mediaId)
        return Promise.resolve(path ? { bytes: readFileSync(path) } : null)
      },
      metadata,
      gatewayHost: (profileId) => (profileId === 'team' ? 'gateway.example.com' : null),
      app: 'Gateway Studio 9.9.9'
    })
  })

  afterAll(async () => {
    await metadata.close()
    temp.cleanup()
  })

  const readCopy = (name: string, bytes: Buffer): Record<string, unknown> => {
    const path = join(temp.dir, name)
    writeFileSync(path, bytes)
    return readBack(path)
  }

  it('names a copy from its prompt and id, safe on every disk, and says so before making it', async () => {
    const copy = await exit.copy('1a2b3c4d-made')
    expect(copy?.fileName).toBe('a lighthouse at dusk long exposure  长曝光-1a2b3c4d.png')
    expect(copy?.sidecar).toBeNull()
    expect(await exit.file('1a2b3c4d-made')).toEqual({
      fileName: copy?.fileName,
      mime: 'image/png',
      sidecar: false
    })
    const served = await exit.serve('1a2b3c4d-made')
    expect(served).toEqual({ bytes: copy?.bytes, mime: 'image/png', fileName: copy?.fileName })
  })

  it('writes the Full story by default, and only how it was made for a Public copy', async () => {
    const full = readCopy('full.png', (await exit.copy('1a2b3c4d-made'))?.bytes ?? Buffer.alloc(0))
    expect(full).toMatchObject({
      'XMP-dc:Description': 'a lighthouse at dusk: long exposure / 长曝光',
      'XMP-gs:Model': 'studio-image-v3',
      'XMP-gs:JobId': 'job-of-1a2b3c4d-made',
      'XMP-gs:ResultId': '1a2b3c4d-made',
      'XMP-gs:BatchId': 'batch-1',
      'XMP-gs:GatewayHost': 'gateway.example.com',
      'XMP-xmp:CreatorTool': 'Gateway Studio 9.9.9'
    })
    const publicCopy = await exit.copy('1a2b3c4d-made', 'public')
    // Nothing of the prompt in its name either.
    expect(publicCopy?.fileName).toBe('untitled-1a2b3c4d.png')
    const read = readCopy('public.png', publicCopy?.bytes ?? Buffer.alloc(0))
    expect(read['XMP-xmp:CreatorTool']).toBe('Gateway Studio 9.9.9')
    expect(read['XMP-iptcExt:DigitalSourceType']).toBeDefined()
    const told = Object.keys(read).filter((tag) => /^XMP-(gs|dc):|PNG:GatewayStudio/.test(tag))
    expect(told).toEqual([])
    expect(JSON.stringify(read)).not.toContain('lighthouse')
  })

  it('tells the story as far as it is known when the stored request no longer reads', async () => {
    const read = readCopy('damaged.png', (await exit.copy('9c0d1e2f-damaged'))?.bytes ?? Buffer.alloc(0))
    expect(read['XMP-dc:Description']).toBe('a lighthouse at dusk: long exposure / 长曝光')
    expect(read['XMP-gs:ResultId']).toBe('9c0d1e2f-damaged')
    expect(read['XMP-gs:Parameters']).toBe('{}')
  })

  it('gives a credentialed file back as it came with a sidecar, served as one zip named ahead', async () => {
    const copy = await exit.copy('5e6f7a8b-signed')
    expect(copy?.bytes.equals(credentialed)).toBe(true)
    expect(copy?.sidecar?.name).toBe(`${copy?.fileName ?? ''}.json`)
    const served = await exit.serve('5e6f7a8b-signed')
    expect(await exit.file('5e6f7a8b-signed')).toEqual({
      fileName: served?.fileName,
      mime: 'application/zip',
      sidecar: true
    })
    expect(served?.fileName).toBe('a lighthouse at dusk long exposure  长曝光-5e6f7a8b.zip')
    const zip = unzipSync(served?.bytes ?? Buffer.alloc(0))
    expect(Buffer.from(zip[copy?.fileName ?? ''] ?? []).equals(credentialed)).toBe(true)
    expect(Buffer.from(zip[copy?.sidecar?.name ?? ''] ?? []).toString('utf8')).toBe(copy?.sidecar?.text)
  })

  it('gives a progressive JPEG with credentials after its first scan back byte for byte, zipped with its story', async () => {
    // The same JPEG without them has its story written in, as the independent reader sees: the
    // difference is the credentials alone.
    const plainCopy = await exit.copy('2b2b2b2b-progressive')
    expect(plainCopy?.sidecar).toBeNull()
    expect(readCopy('progressive.jpg', plainCopy?.bytes ?? Buffer.alloc(0))['XMP-dc:Description']).toBe(
      'a lighthouse at dusk: long exposure / 长曝光'
    )
    expect(await exit.described('3c3c3c3c-scan-signed')).toEqual({
      file: {
        fileName: 'a lighthouse at dusk long exposure  长曝光-3c3c3c3c.zip',
        mime: 'application/zip',
        sidecar: true
      },
      credentials: true
    })
    const served = await exit.serve('3c3c3c3c-scan-signed')
    expect(served?.mime).toBe('application/zip')
    const zip = unzipSync(served?.bytes ?? Buffer.alloc(0))
    const name = 'a lighthouse at dusk long exposure  长曝光-3c3c3c3c.jpg'
    expect(Object.keys(zip).sort()).toEqual([name, `${name}.json`])
    expect(Buffer.from(zip[name] ?? []).equals(afterFirstScan)).toBe(true)
    expect(JSON.parse(Buffer.from(zip[`${name}.json`] ?? []).toString('utf8'))).toMatchObject({
      resultId: '3c3c3c3c-scan-signed',
      prompt: 'a lighthouse at dusk: long exposure / 长曝光'
    })
    // The independent reader still reads the file as the JPEG it was, with nothing of ours written in.
    const read = readCopy('scan-signed.jpg', Buffer.from(zip[name] ?? []))
    expect(read['File:FileType']).toBe('JPEG')
    expect(read['XMP-dc:Description']).toBeUndefined()
  })

  it('answers null for an unknown result and for one whose file is gone', async () => {
    for (const id of ['nobody', '00000000-gone']) {
      expect(await exit.file(id)).toBeNull()
      expect(await exit.described(id)).toBeNull()
      expect(await exit.copy(id)).toBeNull()
      expect(await exit.serve(id)).toBeNull()
    }
  })
})
