import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MetadataWriter } from '../../../src/main/provenance/embed'
import { plainTags } from '../../../src/main/provenance/plainTags'
import { settingsOf } from '../../../src/main/provenance/readBack'
import { textOf } from '../../../src/main/provenance/foreign'
import { a1111Exif, jpegSegment, jpegWith } from '../../helpers/jpegExif'
import { iTXt, pngChunk, tEXt, withChunks } from '../../helpers/pngChunks'
import { SAMPLE_RECORD } from '../../helpers/provenance'
import { makeTempDir } from '../../helpers/tempDir'

// The same files read both ways: the tags taken from the bytes (`plainTags`) against ExifTool's, as an
// import reads them. Where `plainTags` answers, the settings must be the same, and so must each text it
// found; where it cannot be sure, it must answer null.

const A1111 =
  'masterpiece, a lighthouse at dusk,\ndramatic sky\nNegative prompt: people, text\n' +
  'Steps: 30, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 7, Seed: 3735928559, Size: 512x768'
const A1111_CHINESE =
  '雪山下的湖泊，清晨的薄雾\nNegative prompt: 模糊, 水印\nSteps: 20, Sampler: Euler a, CFG scale: 5, Seed: 7, Size: 768x512'
const COMFY = JSON.stringify({
  '3': {
    class_type: 'KSampler',
    inputs: { seed: 5, steps: 20, cfg: 7, sampler_name: 'euler', positive: ['6', 0] }
  },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a lighthouse' } }
})
const WORKFLOW = JSON.stringify({ nodes: [{ id: 3, type: 'KSampler' }], links: [], version: 0.4 })
const INVOKE = JSON.stringify({
  positive_prompt: 'a paper boat',
  seed: 9,
  width: 768,
  height: 768,
  steps: 30
})

/** A zTXt chunk: keyword, NUL, method 0, deflated Latin-1 text. */
const zTXt = (keyword: string, text: string): Buffer =>
  pngChunk(
    'zTXt',
    Buffer.concat([Buffer.from(`${keyword}\0\0`, 'latin1'), deflateSync(Buffer.from(text, 'latin1'))])
  )

/** A compressed iTXt chunk with no language. */
const iTXtDeflated = (keyword: string, text: string): Buffer =>
  pngChunk(
    'iTXt',
    Buffer.concat([Buffer.from(`${keyword}\0\x01\0\0\0`, 'latin1'), deflateSync(Buffer.from(text, 'utf8'))])
  )

/** An iTXt chunk in a language, with a translated keyword. */
const iTXtFrench = (keyword: string, text: string): Buffer =>
  pngChunk(
    'iTXt',
    Buffer.concat([
      Buffer.from(`${keyword}\0\0\0fr\0`, 'latin1'),
      Buffer.from('Titre\0', 'utf8'),
      Buffer.from(text)
    ])
  )

/** An iTXt chunk with no language but a translated keyword. */
const iTXtTranslated = (keyword: string, text: string): Buffer =>
  pngChunk('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\0\0\0Parameter\0`, 'latin1'), Buffer.from(text)]))

describe('settings read from the bytes, and by ExifTool, agree', () => {
  let temp: { dir: string; cleanup: () => void }
  let writer: MetadataWriter
  let png = Buffer.alloc(0)
  let jpeg = Buffer.alloc(0)
  let files = 0

  /** ExifTool's tags for `bytes`, read as the import reads them. */
  async function exifToolTags(bytes: Buffer, extension: string): Promise<Record<string, unknown>> {
    const path = join(temp.dir, `file-${files++}.${extension}`)
    writeFileSync(path, bytes)
    return writer.readTags(path)
  }

  /** Both readings of `bytes`: same settings, and each text `plainTags` found the same as ExifTool's. */
  async function agree(bytes: Buffer, extension: string): Promise<Record<string, string>> {
    const plain = plainTags(bytes)
    expect(plain).not.toBeNull()
    const tags = await exifToolTags(bytes, extension)
    const byName = new Map(Object.entries(tags).map(([name, value]) => [name.toLowerCase(), value]))
    for (const [name, text] of Object.entries(plain ?? {}))
      expect({ name, text: textOf(byName.get(name.toLowerCase())) }).toEqual({ name, text })
    expect(settingsOf(plain ?? {})).toEqual(settingsOf(tags))
    return plain ?? {}
  }

  beforeAll(async () => {
    temp = makeTempDir('gs-plain-tags-')
    writer = new MetadataWriter(join(temp.dir, 'work'))
    const image = sharp({
      create: { width: 40, height: 24, channels: 3, background: { r: 30, g: 90, b: 160 } }
    })
    png = await image.clone().png().toBuffer()
    jpeg = await image.clone().jpeg({ quality: 90 }).toBuffer()
  })

  afterAll(async () => {
    await writer.close()
    temp.cleanup()
  })

  it('reads the text chunks other tools write, as ExifTool names and reads them', async () => {
    const cases: Buffer[] = [
      withChunks(png, [tEXt('parameters', A1111)]),
      withChunks(png, [tEXt('prompt', COMFY), tEXt('workflow', WORKFLOW)]),
      withChunks(png, [iTXt('parameters', A1111_CHINESE)]),
      withChunks(png, [tEXt('invokeai_metadata', INVOKE)]),
      withChunks(png, [tEXt('sd-metadata', INVOKE)]),
      withChunks(png, [zTXt('parameters', A1111)]),
      withChunks(png, [iTXtDeflated('prompt', COMFY.replace('a lighthouse', '灯塔'))]),
      withChunks(png, [tEXt('parameters', A1111)], 'before IEND'),
      withChunks(png, [tEXt('parameters', `${A1111.replace(/\n/g, '\r\n')}\t \n\n`)]),
      withChunks(png, [tEXt('Software', 'PIL'), tEXt('my notes', 'kept'), tEXt('parameters', '42')]),
      withChunks(png, [iTXt('workflow', WORKFLOW)])
    ]
    const read = []
    for (const bytes of cases) read.push(await agree(bytes, 'png'))
    // Each was read here, not handed on: the A1111 text, the ComfyUI prompt, the InvokeAI record.
    expect(read[0]).toEqual({ 'PNG:Parameters': A1111 })
    expect(read[1]).toEqual({ 'PNG:Prompt': COMFY, 'PNG:Workflow': WORKFLOW })
    expect(read[4]).toEqual({ 'PNG:Sd-metadata': INVOKE })
    expect(settingsOf(read[2] ?? {})?.prompt).toBe('雪山下的湖泊，清晨的薄雾')
  })

  it('reads a PNG with no text, and a JPEG with no EXIF or XMP, as holding no settings', async () => {
    expect(await agree(png, 'png')).toEqual({})
    const noted = jpegWith(jpeg, jpegSegment(0xfffe, Buffer.from('a camera note', 'latin1')))
    expect(await agree(noted, 'jpg')).toEqual({})
    expect(settingsOf({})).toBeNull()
  })

  it('leaves to ExifTool what it cannot be sure it reads the same way', async () => {
    const ours = await writer.embed(png, SAMPLE_RECORD)
    const oursJpeg = await writer.embed(jpeg, SAMPLE_RECORD)
    const iend = png.subarray(-12)
    const notPlain: Record<string, Buffer> = {
      'Latin-1 text': withChunks(png, [tEXt('parameters', 'café at dusk\nSteps: 20')]),
      'two chunks of one name': withChunks(png, [tEXt('parameters', 'a'), tEXt('Parameters', 'b')]),
      'a language': withChunks(png, [iTXtFrench('parameters', 'un phare')]),
      'a translated keyword': withChunks(png, [iTXtTranslated('parameters', 'a lighthouse')]),
      XMP: ours.bytes,
      EXIF: withChunks(png, [pngChunk('eXIf', a1111Exif(A1111).subarray(6))]),
      'an unknown chunk': withChunks(png, [pngChunk('abCd', Buffer.from('x'))]),
      'a control character': withChunks(png, [tEXt('parameters', 'a\x01b')]),
      'bytes after the end': Buffer.concat([png, Buffer.from('trailer')]),
      'a cut file': png.subarray(0, png.length - 20),
      'a chunk running past the end': Buffer.concat([
        png.subarray(0, -12),
        pngChunk('tEXt', Buffer.from('k\0v')).subarray(0, 10),
        iend
      ]),
      'JPEG with A1111 EXIF': jpegWith(jpeg, jpegSegment(0xffe1, a1111Exif(A1111))),
      'JPEG with our XMP': oursJpeg.bytes,
      'JPEG with Photoshop resources': jpegWith(
        jpeg,
        jpegSegment(0xffed, Buffer.from('Photoshop 3.0\0', 'latin1'))
      ),
      'JPEG with a trailer': Buffer.concat([jpeg, Buffer.from('trailer')]),
      WebP: Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1')
    }
    const answered = Object.entries(notPlain)
      .filter(([, bytes]) => plainTags(bytes) !== null)
      .map(([name]) => name)
    expect(answered).toEqual([])
    // And ExifTool does find the settings the plain reader left to it.
    const withExif = await exifToolTags(notPlain['JPEG with A1111 EXIF'] as Buffer, 'jpg')
    expect(settingsOf(withExif)?.source).toBe('a1111')
    expect(settingsOf(await exifToolTags(ours.bytes, 'png'))?.source).toBe('gateway-studio')
  })

  it('never throws on damaged bytes', () => {
    const samples = [
      withChunks(png, [tEXt('parameters', A1111)]),
      jpegWith(jpeg, jpegSegment(0xfffe, Buffer.from('x')))
    ]
    for (const sample of samples)
      for (let cut = 0; cut < sample.length; cut += 7) {
        const damaged = Buffer.from(sample.subarray(0, cut))
        expect(() => plainTags(damaged)).not.toThrow()
        const flipped = Buffer.from(sample)
        flipped[cut] = (flipped[cut] ?? 0) ^ 0xff
        expect(() => plainTags(flipped)).not.toThrow()
      }
  })
})
