import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { checkWholeImage, headerSize } from '../../../../src/main/library/wholeness'
import type { MediaMime } from '../../../../src/main/library/sniff'
import { makeTempDir } from '../../../helpers/tempDir'
import { image } from './helpers'

const formats: [format: 'png' | 'jpeg' | 'webp', mime: MediaMime][] = [
  ['png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['webp', 'image/webp']
]

describe('the wholeness check that makes an image count before its thumbnail is decoded [P32]', () => {
  const temp = makeTempDir('gs-whole-')
  afterAll(() => temp.cleanup())

  it.each(formats)('reads the size of a whole %s, in memory and from a file', async (format, mime) => {
    const bytes = await image(format, 320, 180)
    await expect(checkWholeImage(bytes, mime)).resolves.toEqual({ width: 320, height: 180 })
    const file = join(temp.dir, `whole.${format}`)
    writeFileSync(file, bytes)
    await expect(checkWholeImage(file, mime)).resolves.toEqual({ width: 320, height: 180 })
  })

  it.each(formats)('refuses a %s cut short anywhere after its header', async (format, mime) => {
    const bytes = await image(format, 320, 180, 7)
    for (const cut of [1, 2, 13, Math.floor(bytes.length / 2)]) {
      const short = bytes.subarray(0, bytes.length - cut)
      await expect(checkWholeImage(short, mime)).rejects.toMatchObject({
        kind: 'rejected',
        reason: 'undecodable'
      })
      const file = join(temp.dir, `short-${cut}.${format}`)
      writeFileSync(file, short)
      await expect(checkWholeImage(file, mime)).rejects.toMatchObject({ reason: 'undecodable' })
    }
  })

  it('refuses a truncated image padded out to its declared length (a lying Content-Length)', async () => {
    const png = await image('png', 200, 200)
    const padded = Buffer.concat([png.subarray(0, 100), Buffer.alloc(900, 0x42)])
    await expect(checkWholeImage(padded, 'image/png')).rejects.toMatchObject({ reason: 'undecodable' })
  })

  it('keeps a JPEG with padding after its end marker, as some encoders write it', async () => {
    const jpeg = await image('jpeg', 64, 48)
    const padded = Buffer.concat([jpeg, Buffer.alloc(32, 0x00)])
    await expect(checkWholeImage(padded, 'image/jpeg')).resolves.toEqual({ width: 64, height: 48 })
  })

  it('refuses a whole-looking file whose header does not parse', async () => {
    const png = await image('png', 64, 48)
    const broken = Buffer.from(png)
    broken.fill(0xee, 16, 29) // the IHDR's width, height and depth
    await expect(checkWholeImage(broken, 'image/png')).rejects.toMatchObject({ reason: 'undecodable' })
  })

  it.each(formats)(
    'reads a plain %s’s size from its header alone, as sharp reads it',
    async (format, mime) => {
      for (const [width, height] of [
        [1, 1],
        [320, 180],
        [1536, 2048]
      ] as const) {
        const bytes = await image(format, width, height)
        const meta = await sharp(bytes).metadata()
        expect(headerSize(bytes, mime)).toEqual({
          width: meta.autoOrient.width,
          height: meta.autoOrient.height
        })
      }
    }
  )

  it('turns a JPEG’s size by its EXIF orientation, as a browser shows it', async () => {
    const raw = await image('jpeg', 300, 200)
    for (const orientation of [1, 3, 6, 8]) {
      const turned = await sharp(raw).withMetadata({ orientation }).jpeg().toBuffer()
      const meta = await sharp(turned).metadata()
      const shown = { width: meta.autoOrient.width, height: meta.autoOrient.height }
      expect(headerSize(turned, 'image/jpeg'), `orientation ${orientation}`).toEqual(shown)
      await expect(checkWholeImage(turned, 'image/jpeg')).resolves.toEqual(shown)
    }
  })

  it('leaves to sharp a PNG or WebP carrying EXIF, and a PNG whose header fails its own checks', async () => {
    const raw = await image('png', 300, 200)
    const pngExif = await sharp(raw).withMetadata({ orientation: 6 }).png().toBuffer()
    const webpExif = await sharp(raw).withMetadata({ orientation: 6 }).webp().toBuffer()
    expect(headerSize(pngExif, 'image/png')).toBeNull()
    expect(headerSize(webpExif, 'image/webp')).toBeNull()
    await expect(checkWholeImage(pngExif, 'image/png')).resolves.toEqual({ width: 200, height: 300 })
    await expect(checkWholeImage(webpExif, 'image/webp')).resolves.toEqual({ width: 200, height: 300 })
    const badCrc = Buffer.from(raw)
    badCrc[30] = (badCrc[30] ?? 0) ^ 0xff
    expect(headerSize(badCrc, 'image/png')).toBeNull()
  })
})
