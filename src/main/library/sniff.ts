/**
 * Byte sniffing (RELIABILITY P32): a file is kept only when its first bytes say PNG, JPEG, WebP or MP4.
 * The label a server or a `b64_json` field gives is never trusted, and the extension on disk comes from here.
 */
export type MediaMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'video/mp4'
export type MediaExt = 'png' | 'jpg' | 'webp' | 'mp4'
export type MediaFamily = 'image' | 'video'

export interface SniffedType {
  mime: MediaMime
  ext: MediaExt
}

/** Enough leading bytes for every signature below (WebP needs 14, the MP4 brand 12). */
export const SNIFF_BYTES = 16

const MiB = 1024 * 1024

/** Size caps of P31 (ours): images 64 MiB, videos 2 GiB. */
export const MEDIA_CAPS: Readonly<Record<MediaFamily, number>> = { image: 64 * MiB, video: 2 * 1024 * MiB }

/**
 * `ftyp` brands of ISO-BMFF files that are still images (HEIF/AVIF), not MP4 video: `ftyp`@4 alone would
 * let them through as `video/mp4`, which no player would show.
 */
const STILL_IMAGE_BRANDS = new Set([
  'avif',
  'avis',
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1'
])

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, to))

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b)
}

/** The media type the bytes announce, or null: SVG, HTML, ZIP, EXE and everything else are never kept. */
export function sniffMedia(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, PNG)) return { mime: 'image/png', ext: 'png' }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' }
  if (bytes.length >= 14 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 14) === 'WEBPVP') {
    return { mime: 'image/webp', ext: 'webp' }
  }
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && !STILL_IMAGE_BRANDS.has(ascii(bytes, 8, 12))) {
    return { mime: 'video/mp4', ext: 'mp4' }
  }
  return null
}

export function familyOf(mime: MediaMime): MediaFamily {
  return mime === 'video/mp4' ? 'video' : 'image'
}

export function extOf(mime: MediaMime): MediaExt {
  switch (mime) {
    case 'image/png':
      return 'png'
    case 'image/jpeg':
      return 'jpg'
    case 'image/webp':
      return 'webp'
    case 'video/mp4':
      return 'mp4'
  }
}
