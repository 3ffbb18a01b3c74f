import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Dispatcher } from 'undici'
import type { ByteRange, MediaStore } from './mediaStore'
import type { ReusedBuffers } from './reusedBuffers'
import type { MediaFamily, MediaMime } from './sniff'
import type { LoopbackAllowance } from './urlPolicy'

/** A file in the library: one row of `media`, addressed by `id` only (never by path) outside the library. */
export interface MediaRecord {
  /** 32 lowercase hex characters, random; `<id>_thumb` names its thumbnail. */
  id: string
  sha256: string
  mime: MediaMime
  /** Its key in the media store (never a path on disk): `<yyyy>/<mm>/<sha256>.<ext>`. */
  path: string
  bytes: number
  width: number | null
  height: number | null
  durationMs: number | null
  /**
   * `<yyyy>/<mm>/<sha256>_thumb.webp`, or null until it is made (right after the file is kept, off the
   * path that makes the file durable) or when none could be made.
   */
  thumbPath: string | null
  createdAt: number
}

export const newMediaId = (): string => randomBytes(16).toString('hex')

/** A library object as the shells and the export send it: its type, its size, its bytes as a stream. */
export interface MediaSource {
  mime: MediaMime | 'image/webp'
  size: number
  /** The bytes, whole or the range asked for; null when the object went away since. */
  open(range?: ByteRange): Promise<Readable | null>
  /**
   * The bytes whole, at once, for a copy worked on whole (an export writing metadata into each image):
   * read as a file is, where a stream gathered into one buffer cost an export of 10,000 images seconds of
   * garbage collection. Null when the object went away since. With `buffers`, the bytes may be in a lent
   * buffer (see `MediaStore.read`).
   */
  read?: (buffers?: ReusedBuffers) => Promise<Buffer | null>
  bytes?: undefined
}

/** The object `key` of `files` as a `MediaSource`, or null when the store has no such object. */
export async function objectSource(
  files: MediaStore,
  key: string,
  mime: MediaSource['mime']
): Promise<MediaSource | null> {
  const info = await files.stat(key)
  return info
    ? {
        mime,
        size: info.size,
        open: (range) => files.open(key, range),
        read: (buffers) => files.read(key, buffers)
      }
    : null
}

/** What the shells send: a library object, or a thumbnail's whole WebP bytes held in memory. */
export type ServedMedia = MediaSource | { bytes: Buffer; mime: 'image/webp'; open?: undefined }

export interface StoreOptions {
  /** What the caller waits for: an image or a video; the other is rejected, and its cap applies. */
  expect?: MediaFamily
  /** A cap below the P31 caps (tests). */
  maxBytes?: number
  /**
   * `bulk`: one file of thousands (an import), not a result someone waits to see: its thumbnail is made
   * the first time one is asked for (most are not scrolled to soon).
   */
  intake?: 'now' | 'bulk'
  /**
   * The content hash the bytes must have (a team location's object, named by it): other bytes are
   * refused before anything is written, with the hash the library computes anyway.
   */
  sha256?: string
  /**
   * The caller gives the bytes to the library and will not read them again (an import, which read the file
   * only to keep it): a `bulk` intake moves them to the disk store's writer thread instead of copying them.
   */
  handOver?: boolean
}

export interface StoreDownloadOptions extends StoreOptions {
  /** Only when the profile's gateway is itself on loopback (demo gateway: its origin only; tests): P30. */
  allowLoopback?: LoopbackAllowance
  signal?: AbortSignal
  idleTimeoutMs?: number
  dispatcher?: Dispatcher
}

export type RemoveOutcome = 'removed' | 'not_found' | 'in_use'
