import { unzipSync } from 'fflate'
import { zipInMemory } from '../gallery/export/storedZip'
import { sniffMedia } from '../library/sniff'
import { checkWholeImage } from '../library/wholeness'

/**
 * Thumbnail packs (`layout.ts`): the thumbnails of the images one pushed segment adds, in one zip of
 * stored `<sha256>.webp` entries, so a subscriber shows a board from one request per segment instead of
 * fetching every image's file (or asking for a thumbnail object per image, which cost a publish a third
 * of its time: replica.ts). WebP is compressed already; the zip only gathers.
 *
 * Read back, a pack is a teammate's file like any other: its size and each entry's are bounded, only
 * stored entries named like a content hash are taken, and each must sniff as WebP and be whole. Whatever
 * fails is left out (the whole pack when the zip itself is damaged), and the image's file is fetched
 * instead.
 */

/** The largest pack read: a segment adds at most 1,000 images, thumbnails are tens of KB each. */
export const PACK_MAX_BYTES = 64 * 1024 * 1024
/** The largest thumbnail taken from a pack (the library's own are far smaller). */
export const PACK_ENTRY_MAX_BYTES = 2 * 1024 * 1024
/** Entries a pack may hold: a segment holds at most 1,000 changes, so far fewer images. */
const PACK_MAX_ENTRIES = 2_000
/** The largest side a thumbnail may claim: the library's are 512 px at most. */
const THUMB_MAX_SIDE = 4_096

const ENTRY = /^([0-9a-f]{64})\.webp$/

/** A pack of these thumbnails (content hash → WebP bytes). */
export async function writePack(thumbs: ReadonlyMap<string, Buffer>): Promise<Buffer> {
  // A fixed time: the same thumbnails make the same bytes (a pack sent again after a crash is the same).
  return zipInMemory(
    [...thumbs].map(([sha256, data]) => ({ name: `${sha256}.webp`, data })),
    new Date(Date.UTC(2000, 0, 1))
  )
}

/**
 * The thumbnails a pack holds that pass every check, by content hash; null when the pack is too large or
 * not a zip this can read (the caller then fetches the files).
 */
export async function readPack(bytes: Uint8Array): Promise<Map<string, Buffer> | null> {
  if (bytes.length > PACK_MAX_BYTES) return null
  let entries: Record<string, Uint8Array>
  try {
    let seen = 0
    entries = unzipSync(bytes, {
      // Only what could be a thumbnail is read at all, and only stored entries, as packs are written: a
      // deflated entry's declared size is the zip's word, and 2,000 of them could ask for gigabytes.
      filter: (file) =>
        ++seen <= PACK_MAX_ENTRIES &&
        file.compression === 0 &&
        ENTRY.test(file.name) &&
        file.originalSize <= PACK_ENTRY_MAX_BYTES &&
        file.size <= PACK_ENTRY_MAX_BYTES
    })
  } catch {
    return null
  }
  const out = new Map<string, Buffer>()
  for (const [name, data] of Object.entries(entries)) {
    const sha256 = ENTRY.exec(name)?.[1]
    if (!sha256 || data.length === 0 || data.length > PACK_ENTRY_MAX_BYTES) continue
    const webp = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    if (await isWebp(webp)) out.set(sha256, webp)
  }
  return out
}

/**
 * Sniffs as WebP, claims a thumbnail's size, and is whole by the library's own proof (its header parses and
 * its container ends where it says: `checkWholeImage`), as every result the library keeps. A full decode
 * of each thumbnail, tried first, made a subscriber's first sync slower than downloading the full files
 * it replaces; a picture damaged inside a whole container shows as a broken tile, never more.
 */
async function isWebp(bytes: Buffer): Promise<boolean> {
  if (sniffMedia(bytes)?.mime !== 'image/webp') return false
  try {
    const { width, height } = await checkWholeImage(bytes, 'image/webp')
    const sized = (side: number | null): boolean => side !== null && side > 0 && side <= THUMB_MAX_SIDE
    return sized(width) && sized(height)
  } catch {
    return false
  }
}
