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

/**
 * Reads the size of an image and renders its thumbnail. A file that sniffed as an image but does not
 * decode (truncated, corrupt) is `rejected`/`undecodable`: it would show as a broken picture.
 */
export async function makeImageThumbnail(input: string | Buffer): Promise<ImageThumbnail> {
  try {
    const meta = await sharp(input).metadata()
    const webp = await sharp(input)
      .autoOrient()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer()
    return { webp, width: meta.autoOrient.width ?? null, height: meta.autoOrient.height ?? null }
  } catch (error) {
    throw new MediaError({
      kind: 'rejected',
      reason: 'undecodable',
      message: 'the image could not be decoded',
      cause: error
    })
  }
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
