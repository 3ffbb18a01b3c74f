import sharp from 'sharp'
import { invalid } from '../errors'
import { encode, type ImageFormat } from './render'

export interface Decoded {
  data: Buffer
  width: number
  height: number
}

async function decodeRgba(
  bytes: Buffer,
  what: string
): Promise<Decoded & { format: string | undefined; hasAlpha: boolean }> {
  try {
    const meta = await sharp(bytes).metadata()
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height, format: meta.format, hasAlpha: meta.hasAlpha }
  } catch {
    throw invalid(`${what} is not a decodable image`, 'invalid_image')
  }
}

/**
 * The edit: every pixel the mask leaves fully transparent (alpha = 0) gets each colour channel flipped by 128
 * and becomes opaque, so the change is visible on any colour; every other pixel stays byte-identical.
 * Without a mask the whole image is edited.
 */
export async function applyEdit(opts: {
  image: Buffer
  mask?: Buffer
  format: ImageFormat
  quality?: number
  resize?: { width: number; height: number }
}): Promise<Buffer> {
  const image = await decodeRgba(opts.image, 'image')
  if (image.format !== 'png' && image.format !== 'jpeg' && image.format !== 'webp') {
    throw invalid(`image must be PNG, JPEG or WebP, got ${image.format ?? 'unknown'}`, 'invalid_image')
  }
  let mask: Decoded | undefined
  if (opts.mask) {
    const decoded = await decodeRgba(opts.mask, 'mask')
    if (decoded.format !== 'png')
      throw invalid(`mask must be a PNG, got ${decoded.format ?? 'unknown'}`, 'invalid_mask')
    if (!decoded.hasAlpha) throw invalid('mask must have an alpha channel', 'invalid_mask')
    if (decoded.width !== image.width || decoded.height !== image.height) {
      throw invalid(
        `mask is ${decoded.width}x${decoded.height} but the image is ${image.width}x${image.height}; they must match`,
        'invalid_mask'
      )
    }
    mask = decoded
  }
  const out = Buffer.from(image.data)
  for (let p = 0; p < out.length; p += 4) {
    if (mask && mask.data[p + 3] !== 0) continue
    out[p] = (out[p] ?? 0) ^ 0x80
    out[p + 1] = (out[p + 1] ?? 0) ^ 0x80
    out[p + 2] = (out[p + 2] ?? 0) ^ 0x80
    out[p + 3] = 255
  }
  let result = sharp(out, { raw: { width: image.width, height: image.height, channels: 4 } })
  if (opts.resize && (opts.resize.width !== image.width || opts.resize.height !== image.height)) {
    result = result.resize(opts.resize.width, opts.resize.height, { fit: 'fill' })
  }
  if (opts.format === 'jpeg') result = result.flatten({ background: '#000000' })
  // WebP stays lossless here so "unchanged outside the mask" holds byte for byte after decoding.
  if (opts.format === 'webp') return result.webp({ lossless: true }).toBuffer()
  return encode(result, opts.format, opts.quality)
}

export async function dimensionsOf(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata()
  return { width: meta.width ?? 0, height: meta.height ?? 0 }
}
