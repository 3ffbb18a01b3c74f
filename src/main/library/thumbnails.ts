import sharp from 'sharp'
import { MediaError } from './errors'

/** Longest side of a thumbnail (ours). */
export const THUMB_SIZE = 384
const PLACEHOLDER = { width: 384, height: 216 }

export interface ImageThumbnail {
  /** WebP, at most 384 px on its longest side, never enlarged, EXIF orientation applied. */
  webp: Buffer
  /** Of the original, as displayed (after EXIF orientation). */
  width: number | null
  height: number | null
}

/** An image decoded once, at thumbnail size, waiting to be encoded. */
export interface DecodedImage {
  /** Of the original, as displayed (after EXIF orientation). */
  width: number | null
  height: number | null
  /** Raw pixels at most THUMB_SIZE on the longest side, oriented: what the WebP thumbnail is made of. */
  pixels: { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 }
}

const undecodable = (cause: unknown): MediaError =>
  new MediaError({
    kind: 'rejected',
    reason: 'undecodable',
    message: 'the image could not be decoded',
    cause
  })

/**
 * Reads the size of an image and decodes it, straight at thumbnail size (JPEG and WebP decode at a fraction
 * of their size). A file that does not decode is `rejected`/`undecodable`; a result is kept before this
 * runs once it passes the cheaper checks of `wholeness.ts`.
 */
export async function decodeForThumbnail(input: string | Buffer): Promise<DecodedImage> {
  try {
    const image = sharp(input)
    const meta = await image.metadata()
    const { data, info } = await image
      .autoOrient()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
    return {
      width: meta.autoOrient.width ?? null,
      height: meta.autoOrient.height ?? null,
      pixels: { data, width: info.width, height: info.height, channels: info.channels }
    }
  } catch (error) {
    throw undecodable(error)
  }
}

/**
 * The WebP thumbnail of decoded pixels. Effort 2 of libwebp's 0–6: on our 2-core machines it encodes a
 * 384² thumbnail in about 4 ms instead of 10 at the default 4, for files about 7% larger; ten images
 * of a streamed group arrive together, and their thumbnails share the cores with the stream.
 */
export function encodeThumbnail(pixels: DecodedImage['pixels']): Promise<Buffer> {
  const { data, ...raw } = pixels
  return sharp(data, { raw }).webp({ quality: 78, effort: 2 }).toBuffer()
}

/**
 * The WebP thumbnail of an image in one pipeline (decoded straight at thumbnail size, never held as raw
 * pixels between two pipelines): what a streamed image's thumbnail is made with at intake, where its size
 * is already known (`wholeness.ts`) and every millisecond is one the live group waits (about 9 ms instead
 * of 11 for a 2048² JPEG here).
 */
export async function thumbnailWebp(input: string | Buffer): Promise<Buffer> {
  try {
    return await sharp(input)
      .autoOrient()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78, effort: 2 })
      .toBuffer()
  } catch (error) {
    throw undecodable(error)
  }
}

/** Reads the size of an image and renders its thumbnail (both halves at once). */
export async function makeImageThumbnail(input: string | Buffer): Promise<ImageThumbnail> {
  const decoded = await decodeForThumbnail(input)
  return { webp: await encodeThumbnail(decoded.pixels), width: decoded.width, height: decoded.height }
}

const PLAY_ICON = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PLACEHOLDER.width}" height="${PLACEHOLDER.height}">` +
    '<circle cx="192" cy="108" r="40" fill="#ffffff" fill-opacity="0.16"/>' +
    '<path d="M178 86 L212 108 L178 130 Z" fill="#e6e6e6"/></svg>'
)

let placeholder: Promise<Buffer> | undefined

/** The same neutral dark 384×216 WebP with a play triangle for every video (rendered once per process). */
export function videoPlaceholder(): Promise<Buffer> {
  placeholder ??= sharp({
    create: { ...PLACEHOLDER, channels: 3, background: { r: 30, g: 32, b: 36 } }
  })
    .composite([{ input: PLAY_ICON }])
    .webp({ quality: 80 })
    .toBuffer()
  placeholder.catch(() => {
    placeholder = undefined
  })
  return placeholder
}
