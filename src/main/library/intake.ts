import { createHash } from 'node:crypto'
import type { DownloadedMedia } from './download'
import { rejected } from './errors'
import type { ImageWork } from './imageWork'
import { mp4InfoFromBytes, mp4InfoFromFile } from './mp4'
import type { StoreOptions } from './records'
import { familyOf, MEDIA_CAPS, sniffMedia, type MediaExt, type MediaMime } from './sniff'
import { thumbnailWebp, videoPlaceholder } from './thumbnails'
import { checkWholeImage } from './wholeness'

/**
 * What arrives before the library keeps it: the checks that refuse it (P31 caps, P32 sniffing and wholeness)
 * and what the checks learn (size, duration, how to make the thumbnail). Nothing here writes a file or a row.
 */

/** What `Library` places, from bytes in memory or from a verified download in its temp file. */
export interface Incoming {
  sha256: string
  mime: MediaMime
  ext: MediaExt
  bytes: number
  /** When the store began: `created_at` and the `<yyyy>/<mm>` folder. */
  createdAt: number
  data?: Buffer
  download?: DownloadedMedia
}

/** What a whole file tells about itself, and how its thumbnail is made. */
export interface Inspected {
  info: { width: number | null; height: number | null; durationMs: number | null }
  /** Made from the bytes in memory, or from the placed object (its local file, or its bytes). */
  thumbnail: (placed: string | Buffer) => Promise<Buffer>
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** Bytes from memory, if they sniff as PNG/JPEG/WebP/MP4 of the family expected and within its cap. */
export function incomingBytes(bytes: Uint8Array, options: StoreOptions, createdAt: number): Incoming {
  const type = sniffMedia(bytes)
  if (!type) throw rejected('bad_type', 'not PNG, JPEG, WebP or MP4')
  const family = familyOf(type.mime)
  if (options.expect && options.expect !== family) {
    throw rejected('bad_type', `expected ${options.expect}, got ${type.mime}`)
  }
  const cap = Math.min(options.maxBytes ?? Infinity, MEDIA_CAPS[family])
  if (bytes.length > cap)
    throw rejected('too_large', `over the ${cap}-byte cap`, { bytesReceived: bytes.length })
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const sha256 = createHash('sha256').update(data).digest('hex')
  if (options.sha256 !== undefined && options.sha256 !== sha256)
    throw rejected('wrong_content', 'not the bytes its name promised')
  return { sha256, ...type, bytes: data.length, createdAt, data }
}

/** A `b64_json` field as bytes: strict base64, refused before decoding when it would be over the cap. */
export function base64Bytes(base64: string, options: StoreOptions): Buffer {
  const text = base64.replace(/\s+/g, '')
  const cap = Math.min(options.maxBytes ?? Infinity, MEDIA_CAPS[options.expect ?? 'image'])
  if (Math.floor((text.length * 3) / 4) > cap + 2) throw rejected('too_large', `over the ${cap}-byte cap`)
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw rejected('bad_encoding', 'not valid base64')
  return Buffer.from(text, 'base64')
}

/**
 * Proves the file is what it says (P32: it sniffed right, its header reads and it is whole) and reads its
 * size and duration; a download that fails this is discarded. The thumbnail is made in `ImageWork`'s later
 * lane, off the path that makes a result count: from bytes in memory at once (`Library` starts it beside
 * the file's writes), a download's from the file once placed.
 */
export async function inspect(incoming: Incoming, work: ImageWork): Promise<Inspected> {
  // A download is read back from its draft; a store that cannot keep drafts as local files stages them.
  const source = incoming.data ?? incoming.download?.localFile ?? undefined
  if (source === undefined) throw new Error('nothing to store: the download has no local draft to check')
  try {
    if (familyOf(incoming.mime) === 'image') {
      // Not queued behind thumbnails in `ImageWork`: a header read and two small reads take well under 1 ms.
      const size = await checkWholeImage(source, incoming.mime)
      // Bytes in memory stay until their thumbnail is made; a download is read back from where it was placed.
      const data = incoming.data
      return {
        info: { ...size, durationMs: null },
        thumbnail: (placed) => work.run('later', () => thumbnailWebp(data ?? placed))
      }
    }
    return {
      info: typeof source === 'string' ? mp4InfoFromFile(source) : mp4InfoFromBytes(source),
      thumbnail: videoPlaceholder
    }
  } catch (error) {
    await incoming.download?.discard()
    throw error
  }
}
