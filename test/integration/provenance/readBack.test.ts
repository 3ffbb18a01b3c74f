import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIGITAL_SOURCE_TYPE, MetadataWriter } from '../../../src/main/provenance/embed'
import { plainTags } from '../../../src/main/provenance/plainTags'
import { settingsOf } from '../../../src/main/provenance/readBack'
import { type PublicRecord } from '../../../src/main/provenance/record'
import { FileSettings } from '../../../src/shared/schemas/fileSettings'
import { READER, readBack } from '../../helpers/exiftool'
import { a1111Exif, piexifInsert } from '../../helpers/jpegExif'
import { pilText, tEXt, withChunks } from '../../helpers/pngChunks'
import { noSettings, SAMPLE_RECORD as record } from '../../helpers/provenance'
import { makeTempDir } from '../../helpers/tempDir'

/** Every field null; each use names its source. */
const NOTHING = noSettings('gateway-studio')

// Real files, read by the real ExifTool: ours as `MetadataWriter.embed` writes them, and other tools'
// chunks and comments byte for byte as those tools write them (PIL's PngInfo for ComfyUI, InvokeAI and
// A1111; piexif for A1111's JPEGs).

// ---------------------------------------------------------------------------------------------------------
// Other tools' bytes

/** Python's `json.dumps` with its defaults: `, ` and `: ` between items, and ASCII only (`\uXXXX`). */
function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`
  if (typeof value === 'object' && value !== null)
    return `{${Object.entries(value)
      .map(([key, item]) => `${pythonJson(key)}: ${pythonJson(item)}`)
      .join(', ')}}`
  return (JSON.stringify(value) ?? 'null').replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}

// ---------------------------------------------------------------------------------------------------------

const comfyPrompt = {
  '3': {
    inputs: {
      seed: 0,
      steps: 24,
      cfg: 6.5,
      sampler_name: 'dpmpp_2m',
      scheduler: 'karras',
      denoise: 1,
      model: ['10', 0],
      positive: ['6', 0],
      negative: ['7', 0],
      latent_image: ['5', 0]
    },
    class_type: 'KSampler',
    _meta: { title: 'KSampler' }
  },
  '4': { inputs: { ckpt_name: 'juggernautXL_v9.safetensors' }, class_type: 'CheckpointLoaderSimple' },
  '10': {
    inputs: {
      lora_name: 'fox.safetensors',
      strength_model: 0.8,
      strength_clip: 1,
      model: ['4', 0],
      clip: ['4', 1]
    },
    class_type: 'LoraLoader'
  },
  '5': { inputs: { width: 832, height: 1216, batch_size: 1 }, class_type: 'EmptyLatentImage' },
  '6': { inputs: { text: '雪中的红狐狸, a red fox in snow', clip: ['10', 1] }, class_type: 'CLIPTextEncode' },
  '7': { inputs: { text: 'blurry, lowres', clip: ['10', 1] }, class_type: 'CLIPTextEncode' },
  '8': { inputs: { samples: ['3', 0], vae: ['4', 2] }, class_type: 'VAEDecode' },
  '9': { inputs: { filename_prefix: 'ComfyUI', images: ['8', 0] }, class_type: 'SaveImage' }
}

const A1111_TEXT =
  'masterpiece, a lighthouse at dusk,\ndramatic sky\nNegative prompt: people, text\n' +
  'Steps: 30, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 7, Seed: 3735928559, Size: 512x768, ' +
  'Model hash: 6ce0161689, Model: v1-5-pruned-emaonly, Lora hashes: "light: 1a2b, sky: 3c4d", Version: v1.10.1'

const A1111_SETTINGS: FileSettings = {
  ...NOTHING,
  source: 'a1111',
  prompt: 'masterpiece, a lighthouse at dusk,\ndramatic sky',
  negativePrompt: 'people, text',
  model: 'v1-5-pruned-emaonly',
  seed: 3735928559,
  width: 512,
  height: 768,
  steps: 30,
  guidance: 7,
  sampler: 'DPM++ 2M',
  scheduler: 'Karras'
}

const A1111_CHINESE =
  '雪山下的湖泊，清晨的薄雾\n第二行提示词\nNegative prompt: 模糊, 水印\nSteps: 20, Sampler: Euler a, CFG scale: 5, Seed: 7, Size: 768x512'

describe('reading back the settings a file was made with (issue 26)', () => {
  let temp: { dir: string; cleanup: () => void }
  let writer: MetadataWriter
  const image = sharp({
    create: { width: 40, height: 24, channels: 3, background: { r: 30, g: 90, b: 160 } }
  })
  const formats: Record<'png' | 'jpeg' | 'webp', Buffer> = {
    png: Buffer.alloc(0),
    jpeg: Buffer.alloc(0),
    webp: Buffer.alloc(0)
  }
  let files = 0

  /** Writes `bytes` to a file of its own and reads its settings as the app will. */
  async function settingsIn(bytes: Buffer, extension: string): Promise<FileSettings | null> {
    const path = join(temp.dir, `file-${files++}.${extension}`)
    writeFileSync(path, bytes)
    const settings = settingsOf(await writer.readTags(path))
    if (settings !== null) expect(FileSettings.safeParse(settings).success).toBe(true)
    // Where an import reads the file's tags from its bytes instead, it must find the same.
    const plain = plainTags(bytes)
    if (plain !== null) expect(settingsOf(plain)).toEqual(settings)
    return settings
  }

  beforeAll(async () => {
    if (!existsSync(READER))
      throw new Error(`${READER} is missing: install Debian's libimage-exiftool-perl (.ci/run does)`)
    temp = makeTempDir('gs-readback-')
    writer = new MetadataWriter(join(temp.dir, 'work'))
    formats.png = await image.clone().png().toBuffer()
    formats.jpeg = await image.clone().jpeg({ quality: 90 }).toBuffer()
    formats.webp = await image.clone().webp({ quality: 80 }).toBuffer()
  })

  afterAll(async () => {
    await writer.close()
    temp.cleanup()
  })

  describe('ours', () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      it(`${format}: a full copy reads back to the request as sent, with its seed, endpoint and ids`, async () => {
        const copy = await writer.embed(formats[format], record)
        expect(copy.embedded).toBe(true)
        const settings = await settingsIn(copy.bytes, format)
        expect(settings).toEqual({
          ...NOTHING,
          source: 'gateway-studio',
          prompt: record.prompt,
          model: record.model,
          endpoint: record.endpoint,
          body: { prompt: record.prompt, model: record.model, ...record.parameters },
          seed: record.seed,
          width: 1024,
          height: 1024,
          steps: 30,
          revisedPrompt: record.revisedPrompt,
          jobId: record.jobId,
          resultId: record.resultId,
          batchId: record.batchId,
          gatewayHost: record.gatewayHost
        })
      })

      it(`${format}: a Public copy reads back as ours, with no prompt or parameters`, async () => {
        const publicRecord: PublicRecord = { profile: 'public', app: 'Gateway Studio 0.1.0' }
        const copy = await writer.embed(formats[format], publicRecord)
        expect(copy.embedded).toBe(true)
        expect(await settingsIn(copy.bytes, format)).toEqual({ ...NOTHING, source: 'gateway-studio' })
      })
    }

    it('a Public copy of a file that arrived with another tool’s story keeps its pixels and colours, not its story', async () => {
      const publicRecord: PublicRecord = { profile: 'public', app: 'Gateway Studio 0.1.0' }
      const p3 = await image.clone().withIccProfile('p3').png().toBuffer()
      const png = withChunks(p3, [
        pilText('parameters', A1111_TEXT),
        tEXt('prompt', pythonJson(comfyPrompt)),
        tEXt('workflow', pythonJson({ nodes: [] }))
      ])
      // A rotated photo's JPEG as A1111 saved it, with a place it was taken and a comment.
      const jpegPath = join(temp.dir, 'rotated.jpeg')
      writeFileSync(jpegPath, piexifInsert(formats.jpeg, a1111Exif(A1111_TEXT)))
      execFileSync(READER, [
        '-q',
        '-overwrite_original',
        '-EXIF:Orientation#=6',
        '-GPSLatitude=48.85',
        '-GPSLatitudeRef=N',
        '-XMP-dc:Description=a lighthouse at dusk',
        jpegPath
      ])
      const jpeg = readFileSync(jpegPath)
      for (const [format, original] of [
        ['png', png],
        ['jpeg', jpeg]
      ] as const) {
        const copy = await writer.embed(original, publicRecord)
        expect(copy.embedded, format).toBe(true)
        const said =
          format === 'png' ? ['lighthouse', 'fox', 'KSampler', '3735928559'] : ['lighthouse', '3735928559']
        // As text, or as A1111's UTF-16 UserComment spells it.
        const says = (bytes: Buffer, text: string): boolean =>
          bytes.includes(text) || bytes.includes(Buffer.from(text, 'utf16le').swap16())
        for (const text of said) {
          expect(says(original, text), `${format}: the original says ${text}`).toBe(true)
          expect(says(copy.bytes, text), `${format}: the copy says ${text}`).toBe(false)
        }
        expect(await settingsIn(copy.bytes, format), format).toEqual({ ...NOTHING, source: 'gateway-studio' })
        expect(
          (await sharp(copy.bytes).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())
        ).toBe(true)
        const path = join(temp.dir, `public-copy.${format}`)
        writeFileSync(path, copy.bytes)
        const tags = readBack(path)
        expect(tags['XMP-iptcExt:DigitalSourceType'], format).toBe(DIGITAL_SOURCE_TYPE)
        if (format === 'png') expect(tags['ICC_Profile:ProfileDescription']).toBe('sP3C')
        if (format === 'jpeg') {
          expect(tags['IFD0:Orientation']).toBe('Rotate 90 CW')
          expect(readBack(jpegPath)['GPS:GPSLatitude']).toBeDefined()
          expect(Object.keys(tags).filter((key) => key.startsWith('GPS'))).toEqual([])
        }
      }
    })

    it('reads a long Chinese prompt back whole, in every format', async () => {
      // ~90 KB of UTF-8: ExifTool's answer arrives in several pieces, and no character may be cut in two.
      let prompt = ''
      for (let index = 0; index < 30_000; index++)
        prompt += String.fromCharCode(0x4e00 + ((index * 7) % 20_000))
      const long = { ...record, prompt, seed: '18446744073709551615' }
      for (const format of ['png', 'jpeg', 'webp'] as const) {
        const copy = await writer.embed(formats[format], long)
        const settings = await settingsIn(copy.bytes, format)
        expect(settings?.prompt, format).toBe(prompt)
        expect(settings?.body?.prompt, format).toBe(prompt)
        expect(settings?.seed, format).toBe('18446744073709551615')
      }
    })

    it('keeps a seed given as text as text, from the PNG chunk', async () => {
      const copy = await writer.embed(formats.png, { ...record, seed: '0042' })
      expect((await settingsIn(copy.bytes, 'png'))?.seed).toBe('0042')
    })
  })

  describe('other tools', () => {
    it('ComfyUI: `prompt` and `workflow` tEXt chunks', async () => {
      const promptJson = pythonJson(comfyPrompt).replace('"seed": 0', '"seed": 18446744073709551615')
      expect(promptJson).toMatch(/^[\x20-\x7e]+$/)
      const workflow = pythonJson({ last_node_id: 10, nodes: [{ id: 3, type: 'KSampler' }], links: [] })
      const png = withChunks(formats.png, [tEXt('prompt', promptJson), tEXt('workflow', workflow)])
      expect(await settingsIn(png, 'png')).toEqual({
        ...NOTHING,
        source: 'comfyui',
        prompt: '雪中的红狐狸, a red fox in snow',
        negativePrompt: 'blurry, lowres',
        model: 'juggernautXL_v9.safetensors',
        seed: '18446744073709551615',
        width: 832,
        height: 1216,
        steps: 24,
        guidance: 6.5,
        sampler: 'dpmpp_2m',
        scheduler: 'karras'
      })
      const workflowOnly = withChunks(formats.png, [tEXt('workflow', workflow)])
      expect(await settingsIn(workflowOnly, 'png')).toEqual({ ...NOTHING, source: 'comfyui' })
    })

    it('InvokeAI: `invokeai_metadata` (iTXt when it is not Latin-1), beside its graph', async () => {
      const metadata = JSON.stringify({
        generation_mode: 'txt2img',
        positive_prompt: 'a harbor, 水彩画',
        negative_prompt: 'people',
        width: 1024,
        height: 768,
        seed: 3180045671,
        cfg_scale: 5.5,
        steps: 30,
        scheduler: 'dpmpp_2m_k',
        model: { key: 'a1b2', hash: 'blake3:ff', name: 'Juggernaut XL v9', base: 'sdxl', type: 'main' },
        app_version: '5.6.0'
      })
      const png = withChunks(formats.png, [
        pilText('invokeai_metadata', metadata),
        pilText('invokeai_graph', '{"id":"g","nodes":{},"edges":[]}')
      ])
      expect(await settingsIn(png, 'png')).toEqual({
        ...NOTHING,
        source: 'invokeai',
        prompt: 'a harbor, 水彩画',
        negativePrompt: 'people',
        model: 'Juggernaut XL v9',
        seed: 3180045671,
        width: 1024,
        height: 768,
        steps: 30,
        guidance: 5.5,
        sampler: 'dpmpp_2m_k'
      })
    })

    it('InvokeAI 2.x: `sd-metadata` beside its `Dream` line', async () => {
      const metadata = JSON.stringify({
        model: 'stable diffusion',
        model_weights: 'stable-diffusion-1.5',
        app_id: 'invoke-ai/InvokeAI',
        app_version: '2.2.5',
        image: {
          prompt: [{ prompt: 'banana sushi', weight: 1.0 }],
          steps: 50,
          cfg_scale: 7.5,
          height: 512,
          width: 512,
          seed: 1234,
          sampler: 'k_lms'
        }
      })
      const png = withChunks(formats.png, [
        tEXt('Dream', '"banana sushi" -s 50 -S 1234 -W 512 -H 512 -C 7.5 -A k_lms'),
        tEXt('sd-metadata', metadata)
      ])
      expect(await settingsIn(png, 'png')).toMatchObject({
        source: 'invokeai',
        prompt: 'banana sushi',
        model: 'stable-diffusion-1.5',
        seed: 1234,
        steps: 50,
        sampler: 'k_lms'
      })
    })

    it('A1111: the `parameters` tEXt chunk, before the pixels or after them', async () => {
      for (const where of ['before IDAT', 'before IEND'] as const) {
        const png = withChunks(formats.png, [pilText('parameters', A1111_TEXT)], where)
        expect(png.indexOf(Buffer.from('tEXtparameters\0', 'latin1'))).toBeGreaterThan(0)
        expect(await settingsIn(png, 'png'), where).toEqual(A1111_SETTINGS)
      }
    })

    it('A1111: a Chinese prompt, in an iTXt chunk', async () => {
      const png = withChunks(formats.png, [pilText('parameters', A1111_CHINESE)])
      expect(png.indexOf(Buffer.from('iTXtparameters\0', 'latin1'))).toBeGreaterThan(0)
      expect(await settingsIn(png, 'png')).toMatchObject({
        source: 'a1111',
        prompt: '雪山下的湖泊，清晨的薄雾\n第二行提示词',
        negativePrompt: '模糊, 水印',
        seed: 7,
        width: 768,
        height: 512,
        sampler: 'Euler a'
      })
    })

    it('A1111: a JPEG with the text in EXIF UserComment, as piexif writes it', async () => {
      const jpeg = piexifInsert(formats.jpeg, a1111Exif(A1111_TEXT))
      expect(await settingsIn(jpeg, 'jpeg')).toEqual(A1111_SETTINGS)
      const chinese = piexifInsert(formats.jpeg, a1111Exif(A1111_CHINESE))
      expect((await settingsIn(chinese, 'jpeg'))?.prompt).toBe('雪山下的湖泊，清晨的薄雾\n第二行提示词')
    })

    it('A1111: a WebP with the text in EXIF UserComment (written by an independent ExifTool)', async () => {
      const path = join(temp.dir, 'a1111.webp')
      writeFileSync(path, formats.webp)
      execFileSync(READER, ['-q', '-overwrite_original', `-UserComment=${A1111_CHINESE}`, path])
      expect(settingsOf(await writer.readTags(path))).toMatchObject({
        source: 'a1111',
        prompt: '雪山下的湖泊，清晨的薄雾\n第二行提示词',
        steps: 20
      })
    })
  })

  describe('files without settings', () => {
    it('gives null for a file with no metadata, or a camera comment', async () => {
      expect(await settingsIn(formats.png, 'png')).toBeNull()
      expect(await settingsIn(formats.jpeg, 'jpeg')).toBeNull()
      const commented = piexifInsert(formats.jpeg, a1111Exif('A walk by the sea, 12 steps from the door'))
      expect(await settingsIn(commented, 'jpeg')).toBeNull()
    })

    it('rejects for a file that is not there: a wrong path is no file without settings', async () => {
      await expect(writer.readTags(join(temp.dir, 'missing.png'))).rejects.toThrow(/not found/i)
    })

    it('gives null for broken chunks, a cut-off file and bytes that are no image, without throwing', async () => {
      const broken = withChunks(formats.png, [
        tEXt('prompt', '{"3": {"class_type": "KSampler", "inputs": {'),
        tEXt('invokeai_metadata', 'not json'),
        tEXt('parameters', '')
      ])
      expect(await settingsIn(broken, 'png')).toBeNull()
      const chunked = withChunks(formats.png, [tEXt('parameters', A1111_TEXT)])
      const cut = chunked.subarray(0, chunked.indexOf(Buffer.from('tEXtparameters', 'latin1')) + 40)
      expect(await settingsIn(cut, 'png')).toBeNull()
      const noise = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 131 + 7) % 256))
      expect(await settingsIn(noise, 'png')).toBeNull()
      expect(await settingsIn(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), 'png')).toBeNull()
    })
  })
})
