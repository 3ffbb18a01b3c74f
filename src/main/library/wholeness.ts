import { open } from 'node:fs/promises'
import { crc32 } from 'node:zlib'
import { imageSize } from 'image-size'
import sharp from 'sharp'
import { rejected } from './errors'
import type { MediaMime } from './sniff'

/**
 * The cheap proof that an image is whole, on the path that makes a result count: its header parses (and
 * gives its size) and its container ends where its own structure says it ends. A download cut short or a
 * `b64_json` truncated by a proxy fails here, as a full decode would, at a fraction of a decode's cost
 * (a 2048² JPEG decodes in about 8 ms on our machines; this takes well under one). Damage inside an
 * otherwise whole file shows later, when the thumbnail is decoded, as a file that cannot be shown.
 */

/** How many bytes at the end of a file the checks read: JPEG encoders may pad after the end marker. */
const TAIL_BYTES = 4096
/** How many bytes at the start of a file the header is read from (past that, sharp reads it). */
const HEAD_BYTES = 64 * 1024

const PNG_END = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])

export interface ImageSize {
  width: number | null
  height: number | null
}

/** Header and ending of an image in memory or in a file; throws `rejected`/`undecodable` if either fails. */
export async function checkWholeImage(source: Buffer | string, mime: MediaMime): Promise<ImageSize> {
  const ends = typeof source === 'string' ? await endsOfFile(source) : endsOfBuffer(source)
  if (!endsWhole(mime, ends)) throw undecodable('the image ends before its last part (it was cut short)')
  const quick = headerSize(ends.head, mime)
  if (quick) return quick
  try {
    const meta = await sharp(source).metadata()
    return { width: meta.autoOrient.width ?? null, height: meta.autoOrient.height ?? null }
  } catch (error) {
    throw undecodable('the image header could not be read', error)
  }
}

/**
 * The size as shown (turned by a JPEG's EXIF orientation), read from the header alone by `image-size`,
 * when that is certain; null leaves the header to sharp, which gives the verdict. sharp's metadata cost
 * 0.2–0.35 ms of CPU an image, most of it building its answer in JavaScript, on every image the library
 * takes in (a stream's group, a team's files, a folder import); this takes microseconds. Not certain, so
 * left to sharp: a PNG or WebP carrying EXIF (it may turn the image), a PNG whose IHDR fails its own
 * checks (CRC, depth, colour type), anything `image-size` cannot read.
 */
export function headerSize(head: Buffer, mime: MediaMime): ImageSize | null {
  if (mime === 'image/png' && !pngHeaderSound(head)) return null
  if (mime === 'image/webp' && webpHasExif(head)) return null
  let size
  try {
    size = imageSize(head)
  } catch {
    return null
  }
  const ok = (n: number): boolean => Number.isInteger(n) && n > 0 && n < 2 ** 31
  if (!ok(size.width) || !ok(size.height)) return null
  // EXIF orientations 5 to 8 turn the image a quarter: its shown width is the stored height.
  const turned = mime === 'image/jpeg' && size.orientation !== undefined && size.orientation >= 5
  return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height }
}

/** An IHDR that checks (length, CRC, depth and colour type), and no `eXIf` chunk before the image data. */
function pngHeaderSound(head: Buffer): boolean {
  if (head.length < 33 || head.readUInt32BE(8) !== 13 || head.toString('latin1', 12, 16) !== 'IHDR')
    return false
  if (crc32(head.subarray(12, 29)) !== head.readUInt32BE(29)) return false
  const depth = head[24] ?? 0
  const colour = head[25] ?? 0
  if (![1, 2, 4, 8, 16].includes(depth) || ![0, 2, 3, 4, 6].includes(colour)) return false
  for (let at = 33; at + 8 <= head.length;) {
    const type = head.toString('latin1', at + 4, at + 8)
    if (type === 'IDAT') return true
    if (type === 'eXIf') return false
    at += 12 + head.readUInt32BE(at)
  }
  // The image data starts past what was read: not certain there is no EXIF before it.
  return false
}

/** An extended WebP (VP8X) whose flags say it carries EXIF. */
function webpHasExif(head: Buffer): boolean {
  return head.length > 20 && head.toString('latin1', 12, 16) === 'VP8X' && ((head[20] ?? 0) & 0x08) !== 0
}

interface Ends {
  head: Buffer
  tail: Buffer
  length: number
}

function endsOfBuffer(data: Buffer): Ends {
  return {
    head: data.subarray(0, HEAD_BYTES),
    tail: data.subarray(Math.max(0, data.length - TAIL_BYTES)),
    length: data.length
  }
}

async function endsOfFile(path: string): Promise<Ends> {
  const file = await open(path, 'r')
  try {
    const { size } = await file.stat()
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size))
    await file.read(head, 0, head.length, 0)
    const tailLength = Math.min(TAIL_BYTES, size)
    const tail = Buffer.alloc(tailLength)
    await file.read(tail, 0, tailLength, size - tailLength)
    return { head, tail, length: size }
  } finally {
    await file.close()
  }
}

/** Exported for tests: whether the container's own structure says the bytes are all there. */
export function endsWhole(mime: MediaMime, { head, tail, length }: Ends): boolean {
  switch (mime) {
    case 'image/png':
      // The IEND chunk (empty, with its fixed CRC) is the last thing a PNG holds.
      return tail.length >= PNG_END.length && tail.subarray(tail.length - PNG_END.length).equals(PNG_END)
    case 'image/jpeg':
      return jpegEnds(tail)
    case 'image/webp': {
      // RIFF states the size of everything after its first eight bytes.
      if (head.length < 8) return false
      return head.readUInt32LE(4) + 8 <= length
    }
    default:
      return true
  }
}

/**
 * An end-of-image marker (FF D9) followed by nothing but padding. Inside the entropy-coded data an FF is
 * always followed by 00 or a restart marker, so FF D9 there means the end of the image.
 */
function jpegEnds(tail: Buffer): boolean {
  let i = tail.length - 1
  while (i >= 0 && (tail[i] === 0x00 || tail[i] === 0xff)) i -= 1
  return i >= 1 && tail[i] === 0xd9 && tail[i - 1] === 0xff
}

function undecodable(message: string, cause?: unknown): Error {
  return rejected('undecodable', message, cause === undefined ? {} : { cause })
}
