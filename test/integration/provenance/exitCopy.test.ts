import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copiesWithMetadata } from '../../../src/main/gallery/export/exitCopy'
import type { PlannedFile } from '../../../src/main/gallery/export/plan'
import type { MediaSource } from '../../../src/main/library'
import { hasContentCredentials } from '../../../src/main/provenance/c2pa'
import { MetadataWriter } from '../../../src/main/provenance/embed'
import { recordJson, recordOf } from '../../../src/main/provenance/record'
import { makeTempDir } from '../../helpers/tempDir'
import { fileSource } from '../../unit/main/gallery/export/fileSource'

/** A PNG chunk: length, type, data, CRC (left zero: credential readers find the chunk, not its sum). */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  return out
}

/** A JPEG APP11 segment holding a JUMBF superbox labelled c2pa, as C2PA puts a manifest store in a JPEG. */
function app11(): Buffer {
  const c2paUuid = Buffer.from('6332706100110010800000aa00389b71', 'hex')
  const jumdData = Buffer.concat([c2paUuid, Buffer.from([0x03]), Buffer.from('c2pa\0', 'latin1')])
  const jumd = Buffer.concat([Buffer.alloc(4), Buffer.from('jumd', 'latin1'), jumdData])
  jumd.writeUInt32BE(jumd.length, 0)
  const jumb = Buffer.concat([Buffer.alloc(4), Buffer.from('jumb', 'latin1'), jumd])
  jumb.writeUInt32BE(jumb.length, 0)
  const payload = Buffer.concat([
    Buffer.from('JP', 'latin1'),
    Buffer.from([0, 1]),
    Buffer.from([0, 0, 0, 1]),
    jumb
  ])
  const segment = Buffer.concat([Buffer.from([0xff, 0xeb, 0, 0]), payload])
  segment.writeUInt16BE(payload.length + 2, 2)
  return segment
}

describe('the copy that leaves for each kind of file (issue 26)', () => {
  const temp = makeTempDir('gs-exit-copy-')
  const writer = new MetadataWriter(join(temp.dir, 'work'))
  const copyOut = copiesWithMetadata(writer)
  const fixtures: Record<string, Buffer> = {}

  const planned = (name: string, bytes: Buffer, mime: MediaSource['mime']): PlannedFile => {
    const path = join(temp.dir, name)
    writeFileSync(path, bytes)
    return {
      source: fileSource(path, mime),
      name,
      createdAt: 0,
      bytes: bytes.length,
      mime,
      record: recordOf(
        {
          resultId: `r-${name}`,
          jobId: 'j1',
          prompt: 'a fox with credentials',
          revisedPrompt: null,
          model: 'provider-model',
          endpoint: 'imagesV3',
          request: { endpoint: 'imagesV3', body: { model: 'provider-model', seed: 7 } },
          batchId: null,
          createdAt: 0
        },
        { app: 'Gateway Studio test', gatewayHost: 'gateway.example.test' }
      )
    }
  }

  beforeAll(async () => {
    const image = sharp({ create: { width: 24, height: 16, channels: 3, background: '#2a6' } })
    const png = await image.clone().png().toBuffer()
    const idat = png.indexOf(Buffer.from('IDAT', 'latin1')) - 4
    fixtures.png = Buffer.concat([
      png.subarray(0, idat),
      chunk('caBX', Buffer.from('manifest store')),
      png.subarray(idat)
    ])
    const jpeg = await image.clone().jpeg().toBuffer()
    fixtures.jpeg = Buffer.concat([jpeg.subarray(0, 2), app11(), jpeg.subarray(2)])
    // A progressive JPEG with its manifest store after the first scan, before the next Huffman table.
    const progressive = await image.clone().jpeg({ progressive: true }).toBuffer()
    const next = progressive.indexOf(
      Buffer.from([0xff, 0xc4]),
      progressive.indexOf(Buffer.from([0xff, 0xda]))
    )
    fixtures['progressive jpeg'] = Buffer.concat([
      progressive.subarray(0, next),
      app11(),
      progressive.subarray(next)
    ])
  })

  afterAll(async () => {
    await writer.close()
    temp.cleanup()
  })

  for (const [format, mime] of [
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['progressive jpeg', 'image/jpeg']
  ] as const) {
    it(`leaves a ${format} with content credentials byte for byte, its story in a sidecar`, async () => {
      const bytes = fixtures[format] as Buffer
      expect(hasContentCredentials(bytes)).toBe(true)
      // The fixture is a real image still, which a viewer opens.
      expect((await sharp(bytes).metadata()).width).toBe(24)
      const file = planned(`credentialed.${format}`, bytes, mime)
      const copy = await copyOut(file)
      expect((await buffer(copy.stream)).equals(bytes)).toBe(true)
      expect(copy.sidecar).toBe(recordJson(file.record))
      expect(JSON.parse(copy.sidecar ?? '')).toMatchObject({ prompt: 'a fox with credentials', seed: 7 })
    })
  }

  it('streams a video as it is, its story in a sidecar', async () => {
    const video = Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42', 'latin1'), Buffer.alloc(4096, 7)])
    const file = planned('clip.mp4', video, 'video/mp4')
    const copy = await copyOut(file)
    expect((await buffer(copy.stream)).equals(video)).toBe(true)
    expect(copy.sidecar).toBe(recordJson(file.record))
  })

  it('writes the story into an image without credentials, nothing beside it', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const copy = await copyOut(planned('plain.png', plain, 'image/png'))
    const bytes = await buffer(copy.stream)
    expect(bytes.equals(plain)).toBe(false)
    expect(bytes.includes(Buffer.from('a fox with credentials'))).toBe(true)
    expect(copy.sidecar).toBeNull()
  })
})
