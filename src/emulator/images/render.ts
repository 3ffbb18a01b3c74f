import sharp from 'sharp'
import type { Sharp } from 'sharp'
import { hashHex } from '../text/tokens'

export type ImageFormat = 'png' | 'jpeg' | 'webp'

export interface ImageSpec {
  prompt: string
  seed: number
  index: number
  width: number
  height: number
  format: ImageFormat
  transparent?: boolean
  /** JPEG/WebP quality 0–100. */
  quality?: number
  /** A small mark in the bottom-right corner, like upstream watermarks. */
  watermark?: boolean
}

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp'
}

export const EXTENSIONS: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' }

/** Gradient and shapes whose colours and layout come from a hash of prompt, seed and index. */
function svgFor(spec: ImageSpec): string {
  const h = Buffer.from(hashHex(spec.prompt, spec.seed, spec.index), 'hex')
  const byte = (i: number): number => h[i % h.length] ?? 0
  const color = (i: number): string =>
    `#${[byte(i), byte(i + 1), byte(i + 2)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
  const { width: w, height: ht } = spec
  const angle = (byte(0) / 255) * Math.PI
  const [x2, y2] = [0.5 + Math.cos(angle) / 2, 0.5 + Math.sin(angle) / 2]
  const shapes: string[] = []
  const count = 3 + (byte(3) % 3)
  for (let s = 0; s < count; s++) {
    const o = 4 + s * 5
    const cx = (byte(o) / 255) * w
    const cy = (byte(o + 1) / 255) * ht
    const r = (0.08 + (byte(o + 2) / 255) * 0.25) * Math.min(w, ht)
    const fill = `fill="${color(o + 3)}" fill-opacity="${(0.55 + (byte(o + 4) % 30) / 100).toFixed(2)}"`
    shapes.push(
      byte(o + 4) % 2 === 0
        ? `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" ${fill}/>`
        : `<rect x="${(cx - r).toFixed(1)}" y="${(cy - r / 2).toFixed(1)}" width="${(2 * r).toFixed(1)}" height="${r.toFixed(1)}" transform="rotate(${byte(o + 2) % 90} ${cx.toFixed(1)} ${cy.toFixed(1)})" ${fill}/>`
    )
  }
  const mark = Math.max(8, Math.round(Math.min(w, ht) / 12))
  const watermark = spec.watermark
    ? `<rect x="${w - mark * 2}" y="${ht - mark}" width="${mark * 2}" height="${mark}" fill="#ffffff" stroke="#000000" stroke-width="2"/>`
    : ''
  const background = spec.transparent ? '' : '<rect width="100%" height="100%" fill="url(#g)"/>'
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${ht}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${x2.toFixed(3)}" y2="${y2.toFixed(3)}">` +
    `<stop offset="0" stop-color="${color(20)}"/><stop offset="1" stop-color="${color(23)}"/></linearGradient></defs>` +
    `${background}${shapes.join('')}${watermark}</svg>`
  )
}

/** `quality` is the API's 0–100 compression setting; the encoders start at 1. */
export async function encode(image: Sharp, format: ImageFormat, quality?: number): Promise<Buffer> {
  if (format === 'png') return image.png({ compressionLevel: 3 }).toBuffer()
  if (format === 'jpeg') return image.jpeg({ quality: Math.max(1, quality ?? 85) }).toBuffer()
  return image.webp({ quality: Math.max(1, quality ?? 80) }).toBuffer()
}

/** Renders images and keeps the most recent ones, since large PNGs take a while to draw and encode. */
export class ImageRenderer {
  private readonly cache = new Map<string, Promise<Buffer>>()

  constructor(private readonly cacheSize: number) {}

  render(spec: ImageSpec): Promise<Buffer> {
    const key = JSON.stringify(spec)
    const hit = this.cache.get(key)
    if (hit) {
      this.cache.delete(key)
      this.cache.set(key, hit)
      return hit
    }
    const pending = this.draw(spec)
    pending.catch(() => this.cache.delete(key))
    this.cache.set(key, pending)
    while (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value
      if (oldest === undefined) break
      this.cache.delete(oldest)
    }
    return pending
  }

  private draw(spec: ImageSpec): Promise<Buffer> {
    let image = sharp(Buffer.from(svgFor(spec)), { limitInputPixels: false })
    const keepAlpha = spec.transparent === true && spec.format !== 'jpeg'
    image = keepAlpha ? image.ensureAlpha() : image.flatten({ background: '#000000' })
    return encode(image, spec.format, spec.quality)
  }
}
