/** A media id as the library makes them (`newMediaId`): nothing else is ever a key. */
const MEDIA_ID = /^[0-9a-f]{32}$/

/** At most this many thumbnails (a live group is ten; a gallery screen a few dozen). */
export const RECENT_THUMBNAILS = 64
/** And at most this many bytes in all (a 384 px WebP is 10–40 KB). */
export const RECENT_THUMBNAIL_BYTES = 4 * 1024 * 1024

/**
 * True for a whole WebP file: the RIFF header's size field counts exactly the bytes after it. A buffer
 * cut short (or anything else) is never served from memory.
 */
export function isWholeWebp(bytes: Buffer): boolean {
  return (
    bytes.length >= 20 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP' &&
    bytes.readUInt32LE(4) === bytes.length - 8
  )
}

/**
 * The last thumbnails encoded, by media id, so the page that asks for one right after its result is
 * announced waits only for the encode, not for the file's fsync and rename (that wait was most of
 * partial → visible). Display only: a result still counts once its file and row are durable (P28), and the
 * library answers from here only for ids its database knows. Least recently used goes first.
 */
export class RecentThumbnails {
  private readonly entries = new Map<string, Buffer>()
  private total = 0

  constructor(
    readonly maxEntries = RECENT_THUMBNAILS,
    readonly maxBytes = RECENT_THUMBNAIL_BYTES
  ) {}

  /** Keeps a whole WebP under a media id; anything else is ignored. */
  set(id: string, webp: Buffer): void {
    if (!MEDIA_ID.test(id) || !isWholeWebp(webp) || webp.length > this.maxBytes) return
    this.delete(id)
    this.entries.set(id, webp)
    this.total += webp.length
    for (const [oldest, bytes] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.total <= this.maxBytes) break
      this.entries.delete(oldest)
      this.total -= bytes.length
    }
  }

  get(id: string): Buffer | null {
    const webp = this.entries.get(id)
    if (!webp) return null
    // Map order is insertion order: moving it to the end makes it the most recently used.
    this.entries.delete(id)
    this.entries.set(id, webp)
    return webp
  }

  delete(id: string): void {
    const webp = this.entries.get(id)
    if (!webp) return
    this.entries.delete(id)
    this.total -= webp.length
  }

  get size(): number {
    return this.entries.size
  }

  get bytes(): number {
    return this.total
  }
}
