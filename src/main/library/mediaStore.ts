import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { ReusedBuffers } from './reusedBuffers'

/** Bytes `start` to `end`, both included (as an HTTP Range says them). */
export interface ByteRange {
  start: number
  end: number
}

/**
 * An object still being written, whose key is known only once its bytes are (a download is named by its
 * content hash, computed as it streams). Nothing of it can be read until `commit`.
 */
export interface ObjectDraft {
  readonly bytesWritten: number
  /** Where the bytes are while drafted, when the store keeps them in a local file (read in place). */
  readonly localFile: string | null
  write(chunk: Uint8Array): Promise<void>
  /**
   * Makes the bytes the object `key`, which must be in the prefix the draft was begun in; durable once it
   * resolves. `onVisible`: the object can already be read, only making its name durable is to come.
   */
  commit(key: string, onVisible?: () => void): Promise<void>
  /** Forgets the draft; safe after a failed write, or twice. */
  abort(): Promise<void>
}

/**
 * Where the library keeps the bytes of its media (RELIABILITY P28): objects under keys the library chooses
 * (`<yyyy>/<mm>/<sha256>.<ext>`, its thumbnail `<sha256>_thumb.webp` beside it). Keys name content, so an
 * object is written once: putting a key that exists is done only with the same bytes and leaves one whole
 * object (a store may keep the first and skip the write). A write is atomic (an object is whole or absent)
 * and durable when its promise resolves; a crash between write and commit leaves nothing a read can see,
 * and `sweep` removes what it left. The local disk is one implementation; a bucket, a WebDAV server or a
 * shared folder is another, proved by the same conformance suite (test/unit/main/library/).
 */
/** One object as a listing names it. */
export interface ListedObject {
  key: string
  size: number
  /**
   * When the object was last written (ms since the epoch, by the store's own clock), where the listing
   * says it: Clean up keeps what is younger than its grace period, and anything whose age it cannot tell.
   */
  modified?: number
}

/**
 * How much of a put has reached the store: `sent` bytes of `total`. Parts or chunks already held by the
 * store (a resumed upload) count as sent from the first report. Reports come as the store learns them (a
 * part finished, a chunk handed to the connection); the team locations' stores report at least the start
 * of an upload they make and the end of every put. A store that must send again what it counted (an upload
 * the server forgot) may report less than before. The library's own stores (disk, memory) say nothing:
 * what calls them counts the whole when the put resolves.
 */
export type PutProgress = (sent: number, total: number) => void

export interface PutOptions {
  /** The caller listed the key's folder a moment ago and the key was not in it. */
  listedAbsent?: boolean
  /**
   * Told the bytes sent so far, for a bar of a large upload (a video). A put that joins one of the same key
   * already under way is told only its end.
   */
  onProgress?: PutProgress
  /**
   * The caller will not read `data` again: a store may take the memory instead of copying it (the disk
   * store moves it to its writer thread, leaving `data` empty).
   */
  handOver?: boolean
  /**
   * The bytes' SHA-256 in lowercase hex, when the caller knows it (a team object is named by it): a store
   * that signs each request with its payload's hash takes this one instead of hashing the bytes again.
   */
  sha256?: string
}

export interface MediaStore {
  put(key: string, data: Uint8Array, onVisible?: () => void, options?: PutOptions): Promise<void>
  /**
   * True when `put` takes `listedAbsent` in place of its own check that the key is not there yet (a remote
   * store, where each check is a round trip): a caller putting many keys then lists their folders once
   * instead of the store asking for each. A store without it checks every key itself.
   */
  readonly trustsListing?: boolean
  /** A draft in `prefix` (a key ending in `/`, or '' for the top). */
  begin(prefix: string): Promise<ObjectDraft>
  /** The object's bytes, whole or a range; null when there is no such object. */
  open(key: string, range?: ByteRange): Promise<Readable | null>
  /**
   * The object's bytes whole; null when there is no such object. With `buffers`, a store that reads files
   * may read into one of theirs (give it back with `buffers.give` once written); others ignore it.
   */
  read(key: string, buffers?: ReusedBuffers): Promise<Buffer | null>
  stat(key: string): Promise<{ size: number } | null>
  /** True when there was an object to remove. */
  remove(key: string): Promise<boolean>
  /** Every object whose key starts with `prefix`, drafts excepted, in no particular order. */
  list(prefix?: string): AsyncIterable<ListedObject>
  /**
   * Removes the folder `prefix` (a key ending in `/`) when it holds nothing; false when it is not there or
   * not empty. Only stores with real folders have it (a shared folder, a WebDAV server): removing a
   * location's files leaves their folders behind there, where a bucket has no folders to leave.
   */
  removeEmptyFolder?(prefix: string): Promise<boolean>
  /** Removes what interrupted writes left; call once at start (before anything is written). */
  sweep(now: number): number
  /**
   * Removes, and tallies, what writes cut off at least `olderThanMs` before `now` left at the store beside
   * its keys (no listing shows it): a shared folder's temp files, a WebDAV server's partial uploads. A
   * younger one may be a teammate's write under way. Only team locations that can hold such files have it;
   * Clean up calls it (it may delete, where `sweep` runs at every start).
   */
  removeUnfinished?(now: number, olderThanMs: number): Promise<{ files: number; bytes: number }>
  /**
   * The object as a file on this machine, when the store keeps one (the local disk): the thumbnailer, a
   * folder export and the web host's media route read it in place. Other stores answer null.
   */
  localFile(key: string): string | null
  /**
   * A small object's bytes read at once, on the calling thread, when the store keeps it as a file here:
   * thumbnails, asked for by the dozen as a screen of the gallery opens. Through the thread pool each was
   * five round trips (stat, real path, open, read, close) and a screen's worth took 10–25 ms; read here,
   * under 2. Null when there is no such object, it is larger than `maxBytes`, or it leads out of the store.
   */
  readNow?(key: string, maxBytes: number): Buffer | null
}

/** A key the library would choose: `/`-separated plain names, no `.` or `..` segment, no leading dot. */
const KEY = /^(?:[A-Za-z0-9_][A-Za-z0-9._-]{0,127}\/){0,8}[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/

export class BadKey extends Error {
  constructor(key: string) {
    super(`Not a media key: ${JSON.stringify(key.slice(0, 80))}`)
    this.name = 'BadKey'
  }
}

/** Refuses a key that is not one of ours (a path out of the store, an empty or odd segment). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) throw new BadKey(key)
  return key
}

/** `prefix` as a draft's folder: '' or a key followed by `/`. */
export function checkPrefix(prefix: string): string {
  if (prefix === '') return prefix
  if (!prefix.endsWith('/')) throw new BadKey(prefix)
  checkKey(prefix.slice(0, -1))
  return prefix
}

/**
 * Puts bytes that arrive as a stream (or are in memory) under a key named by their content:
 * `<prefix><sha256><suffix>`. Returns the key, the content hash and the size. Two puts of the same bytes
 * give the same key and one object.
 */
export async function putContent(
  store: MediaStore,
  prefix: string,
  source: Uint8Array | AsyncIterable<Uint8Array>,
  suffix: string
): Promise<{ key: string; sha256: string; size: number }> {
  const draft = await store.begin(prefix)
  const hash = createHash('sha256')
  try {
    const chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array> =
      source instanceof Uint8Array ? [source] : source
    for await (const chunk of chunks) {
      hash.update(chunk)
      await draft.write(chunk)
    }
  } catch (error) {
    await draft.abort()
    throw error
  }
  const sha256 = hash.digest('hex')
  const key = checkKey(`${prefix}${sha256}${suffix}`)
  const size = draft.bytesWritten
  await draft.commit(key)
  return { key, sha256, size }
}
