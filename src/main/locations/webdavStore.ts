import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { pipeline, Readable, Transform } from 'node:stream'
import { AuthType, createClient, type FileStat, type WebDAVClient } from 'webdav'
import { z } from 'zod'
import {
  checkKey,
  checkPrefix,
  type ByteRange,
  type ListedObject,
  type MediaStore,
  type ObjectDraft,
  type PutOptions,
  type PutProgress
} from '../library/mediaStore'
import { isUnreachable, kindOfStatus, LocationError } from './errors'
import { LocalDrafts } from './localDrafts'

/**
 * The media store on a WebDAV server (a NAS, Nextcloud): the object `key` is the file `<url>/<key>`.
 *
 * A write never shows half an object under a key: the bytes are PUT to `<url>/.drafts/<random>` (a dot
 * segment is never a key, so `list` cannot show it) and MOVEd onto the key, with `Overwrite: F`. Keys name
 * content, so a key that exists is never uploaded again; each write asks first (PROPFIND depth 0), because
 * servers differ in what they honour: rclone's server ignores `If-None-Match: *` on PUT (it answers 201 and
 * replaces the file) and answers 412 to a MOVE with `Overwrite: F` onto an existing file. Puts of one key
 * in this process share one upload.
 *
 * The store never creates its base folder: a base that is not there is a wrong address or an unmounted
 * share, and a folder quietly made at a mistyped path would hide that (`missing`). Folders under it are
 * made as needed (MKCOL) and remembered.
 *
 * Every request has an idle deadline (`requestTimeoutMs`): no answer, or no byte sent or received for that
 * long while one is awaited, aborts it as `unreachable`. A stream a reader stops pulling does not time out.
 */

export const webdavLocationSchema = z.object({
  url: z.string().trim().max(2048).refine(isFolderUrl, {
    message: 'An http:// or https:// folder address, with no user name, password, query or fragment in it'
  })
})

export type WebdavLocation = z.infer<typeof webdavLocationSchema>

export interface WebdavCredentials {
  username: string
  password: string
}

export interface WebdavStoreOptions {
  /** Where drafts are written on this machine before their upload. */
  draftDir: string
  /** Idle deadline of each request; default 60 s. */
  requestTimeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 60_000
/** The server folder uploads land in before their MOVE: a dot name, never a key. */
const DRAFTS = '.drafts'
const CHUNK = 1 << 20
const WRITES = new Set(['PUT', 'MKCOL', 'MOVE', 'DELETE'])

/** Credentials go in the credentials, not the address: the location's config is not a secret. */
function isFolderUrl(text: string): boolean {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return false
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === ''
  )
}

function isKey(key: string): boolean {
  try {
    checkKey(key)
    return true
  } catch {
    return false
  }
}

function parentOf(key: string): string {
  const slash = key.lastIndexOf('/')
  return slash < 0 ? '' : key.slice(0, slash)
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

/** `isUnreachable`, plus what node-fetch (under the `webdav` client) says when a connection dies. */
function isNetworkFailure(error: unknown): boolean {
  if (isUnreachable(error)) return true
  const { code, type } = (error ?? {}) as { code?: unknown; type?: unknown }
  return type === 'system' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNABORTED'
}

/**
 * Gives an error answer's connection back to the pool: node-fetch buffers a small body on its own, but one
 * larger than a stream's buffer (a proxy's HTML error page) left unread would hold the socket.
 */
function drain(error: unknown): void {
  const body = (error as { response?: { body?: unknown } } | null)?.response?.body
  if (body instanceof Readable) body.resume()
}

/**
 * An idle deadline: aborts its signal when `touch` was not called for `ms`. Paused while a reader of a
 * response holds back (its pace is not the server's).
 */
class Deadline {
  expired = false
  private readonly controller = new AbortController()
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly ms: number) {
    this.touch()
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  touch(): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.expired = true
      this.controller.abort()
    }, this.ms)
  }

  pause(): void {
    clearTimeout(this.timer)
  }

  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }
}

/**
 * `source` as a request body that keeps `deadline` alive while bytes leave, and tells `progress` how many
 * have (the `webdav` client declares an `onUploadProgress` option, but its Node build never calls it).
 */
function touching(source: Readable, deadline: Deadline, progress?: (sent: number) => void): Readable {
  let sent = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      deadline.touch()
      sent += chunk.length
      progress?.(sent)
      done(null, chunk)
    }
  })
  // A failure reaches the request through `counted`; the callback is only there so both streams close.
  pipeline(source, counted, () => undefined)
  return counted
}

/**
 * A response body as the caller's stream: `skip` bytes dropped and at most `take` kept (a server that
 * answers a range with the whole object), the deadline running only while the reader waits for bytes.
 */
function timedBody(
  source: Readable,
  deadline: Deadline,
  skip: number,
  take: number | null,
  fail: (error: unknown) => Error
): Readable {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  let toSkip = skip
  let left = take
  const finish = (): void => {
    deadline.stop()
    source.destroy()
  }
  return new Readable({
    highWaterMark: CHUNK,
    read() {
      deadline.touch()
      void (async () => {
        for (;;) {
          const next = await chunks.next()
          if (next.done === true) {
            deadline.stop()
            this.push(null)
            return
          }
          let chunk = next.value
          if (toSkip > 0) {
            const cut = Math.min(toSkip, chunk.length)
            chunk = chunk.subarray(cut)
            toSkip -= cut
          }
          if (left !== null) {
            chunk = chunk.subarray(0, left)
            left -= chunk.length
          }
          if (left === 0) {
            // The rest of a whole-object answer is not wanted: dropping the connection is cheaper.
            finish()
            if (chunk.length > 0) this.push(chunk)
            this.push(null)
            return
          }
          if (chunk.length > 0) {
            deadline.pause()
            this.push(chunk)
            return
          }
        }
      })().catch((error: unknown) => this.destroy(fail(error)))
    },
    destroy(error, callback) {
      finish()
      callback(error)
    }
  })
}

export class WebdavMediaStore implements MediaStore {
  /** The base folder's address, without credentials: what messages name. */
  readonly url: string
  private readonly client: WebDAVClient
  private readonly password: string
  private readonly timeoutMs: number
  private readonly drafts: LocalDrafts
  /** Draft files this store is writing; `sweep` keeps them. */
  private readonly uploads = new Map<string, Promise<void>>()
  /** Folders (relative, no trailing slash) known to be there, or being made. */
  private readonly folders = new Map<string, Promise<void>>()

  constructor(config: WebdavLocation, credentials: WebdavCredentials | null, options: WebdavStoreOptions) {
    let url: URL
    try {
      url = new URL(config.url)
    } catch {
      // The address itself may hold a password: not repeated here.
      throw new TypeError('The WebDAV location is not a URL')
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TypeError('The WebDAV location is not an http:// or https:// URL')
    // node-fetch refuses an address with credentials in it; they are sent as a header instead.
    const inUrl =
      url.username === ''
        ? null
        : { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
    url.username = ''
    url.password = ''
    url.search = ''
    url.hash = ''
    if (!url.pathname.endsWith('/')) url.pathname += '/'
    this.url = url.toString()
    const login = credentials ?? inUrl
    this.password = login?.password ?? ''
    this.client = createClient(
      this.url,
      login ? { authType: AuthType.Password, username: login.username, password: login.password } : {}
    )
    this.timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS
    this.drafts = new LocalDrafts(options.draftDir, 'webdav')
  }

  /** The object's address on the server, without credentials (the server asks a visitor for theirs). */
  addressOf(key: string): string {
    return this.url + checkKey(key)
  }

  /** For "Test connection": resolves when the base folder answers with these credentials. */
  async probe(): Promise<void> {
    const found = await this.statPath('')
    if (!found) throw this.baseMissing('PROPFIND answered 404', 404)
    if (found.type !== 'directory') throw this.baseMissing('it is a file, not a folder')
  }

  /**
   * `options.onProgress` hears the upload's start, each chunk of it handed to the connection, and its end
   * (an object found on the server already is said done at once). Once its bytes have all left, the report
   * stays there until the MOVE that makes the object is answered.
   */
  async put(key: string, data: Uint8Array, onVisible?: () => void, options?: PutOptions): Promise<void> {
    checkKey(key)
    // A copy: the upload streams for a while, and the caller may reuse its buffer meanwhile.
    const bytes = Buffer.from(data)
    const progress = options?.onProgress
    await this.share(
      key,
      bytes.length,
      () =>
        Readable.from(
          (function* () {
            for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK)
          })(),
          { objectMode: false }
        ),
      progress
    )
    progress?.(bytes.length, bytes.length)
    onVisible?.()
  }

  begin(prefix: string): Promise<ObjectDraft> {
    return this.drafts.begin(prefix, (key, path, size) =>
      this.share(key, size, () => createReadStream(path, { highWaterMark: CHUNK }))
    )
  }

  async open(key: string, range?: ByteRange): Promise<Readable | null> {
    if (!isKey(key)) return null
    const deadline = new Deadline(this.timeoutMs)
    let response: Awaited<ReturnType<WebDAVClient['customRequest']>>
    try {
      response = await this.client.customRequest(key, {
        method: 'GET',
        headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
        signal: deadline.signal
      })
    } catch (error) {
      deadline.stop()
      drain(error)
      const status = statusOf(error)
      if (status === 404) return null
      // Past the end of an object that is there: no bytes, as a file read there gives.
      if (status === 416) return Readable.from([])
      throw this.failure('GET', key, error, deadline.expired)
    }
    const body = (response as { body?: unknown }).body
    if (body === null || body === undefined) {
      deadline.stop()
      return Readable.from([])
    }
    let offset = 0
    if (response.status === 206) {
      // Where the bytes sent begin; a 206 that does not say is taken to be what was asked.
      const match = /^bytes (\d+)-\d+\//.exec(response.headers.get('content-range') ?? '')
      offset = match ? Number(match[1]) : (range?.start ?? 0)
    }
    const skip = range ? range.start - offset : 0
    if (!(body instanceof Readable) || skip < 0) {
      deadline.stop()
      if (body instanceof Readable) body.destroy()
      throw new LocationError(
        'failed',
        this.clean(`GET ${this.url}${key}: an answer that is not the bytes asked for (${response.status})`),
        { status: response.status }
      )
    }
    // Until the caller reads, the server is not the one keeping it waiting.
    deadline.pause()
    // A server may answer a range with 200 and the whole object: the range is then cut here.
    return timedBody(body, deadline, skip, range ? range.end - range.start + 1 : null, (error) =>
      this.failure('GET', key, error, deadline.expired)
    )
  }

  async read(key: string): Promise<Buffer | null> {
    const stream = await this.open(key)
    if (!stream) return null
    const chunks: Buffer[] = []
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk)
    return Buffer.concat(chunks)
  }

  async stat(key: string): Promise<{ size: number } | null> {
    if (!isKey(key)) return null
    const found = await this.statPath(key)
    return found?.type === 'file' ? { size: found.size } : null
  }

  async remove(key: string): Promise<boolean> {
    checkKey(key)
    // DELETE of a folder takes all it holds: a key that names a folder (`2026`) is not an object.
    const found = await this.statPath(key)
    if (found?.type !== 'file') return false
    try {
      await this.request('DELETE', key, (signal) => this.client.deleteFile(key, { signal }))
      return true
    } catch (error) {
      if (error instanceof LocationError && error.status === 404) return false
      throw error
    }
  }

  /**
   * Walks the folders one level at a time (PROPFIND depth 1): servers may refuse `Depth: infinity` (Apache's
   * default) or quietly answer it as depth 1 (Nextcloud's), and one month's folder per request keeps each
   * answer small.
   */
  async *list(prefix = ''): AsyncIterable<ListedObject> {
    const start = parentOf(prefix)
    if (start !== '' && !isKey(start)) return
    const pending = [start]
    for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
      let entries: FileStat[]
      try {
        const path = dir === '' ? '/' : dir
        entries = await this.request('PROPFIND', `${dir}/`, (signal) =>
          this.client.getDirectoryContents(path, { signal })
        )
      } catch (error) {
        if (!(error instanceof LocationError) || error.status !== 404) throw error
        if (dir === '') throw this.baseMissing('PROPFIND answered 404', 404)
        // A folder removed since its parent was listed, or the prefix's folder that is not there.
        continue
      }
      const inside = dir === '' ? '' : `${dir}/`
      for (const entry of entries) {
        const key = entry.filename.replace(/^\/+/, '')
        // Not one of ours: the drafts, a dot file, a name the library would never choose.
        if (!key.startsWith(inside) || key === inside || !isKey(key)) continue
        if (entry.type === 'directory') {
          if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) pending.push(key)
        } else if (key.startsWith(prefix)) {
          // getlastmodified is an HTTP date; a server that leaves it out gives no age to go by.
          const modified = Date.parse(entry.lastmod)
          yield { key, size: entry.size, ...(Number.isNaN(modified) ? {} : { modified }) }
        }
      }
    }
  }

  /**
   * Removes the folder when it holds nothing. A DELETE of a folder takes everything in it, so the folder
   * is listed first; only a caller that alone writes there (a review share's own folder) should ask.
   */
  async removeEmptyFolder(prefix: string): Promise<boolean> {
    const dir = checkPrefix(prefix).slice(0, -1)
    if (dir === '') return false
    let entries: FileStat[]
    try {
      entries = await this.request('PROPFIND', `${dir}/`, (signal) =>
        this.client.getDirectoryContents(dir, { signal })
      )
    } catch (error) {
      if (error instanceof LocationError && error.status === 404) return false
      throw error
    }
    const name = (entry: FileStat): string => entry.filename.replace(/^\/+|\/+$/g, '')
    if (entries.some((entry) => name(entry) !== dir)) return false
    try {
      await this.request('DELETE', `${dir}/`, (signal) => this.client.deleteFile(`${dir}/`, { signal }))
    } catch (error) {
      if (error instanceof LocationError && error.status === 404) return false
      throw error
    }
    // Folders this store made and remembers are made again by the next write into them.
    for (const known of [...this.folders.keys()])
      if (known === dir || known.startsWith(`${dir}/`)) this.folders.delete(known)
    return true
  }

  /** Removes the draft files a crash left in `draftDir` (nothing on the server: see `removeUnfinished`). */
  sweep(): number {
    return this.drafts.sweep()
  }

  /**
   * Removes uploads older than `olderThanMs` from the server's drafts folder, and tallies them: a
   * connection cut mid-PUT may leave one there, on servers that keep partial uploads. Younger ones may be a
   * teammate's upload under way.
   */
  async removeUnfinished(now: number, olderThanMs: number): Promise<{ files: number; bytes: number }> {
    let entries: FileStat[]
    try {
      entries = await this.request('PROPFIND', `${DRAFTS}/`, (signal) =>
        this.client.getDirectoryContents(DRAFTS, { signal })
      )
    } catch (error) {
      if (error instanceof LocationError && error.status === 404) return { files: 0, bytes: 0 }
      throw error
    }
    const removed = { files: 0, bytes: 0 }
    for (const entry of entries) {
      const name = entry.filename.replace(/^\/+/, '')
      const modified = Date.parse(entry.lastmod)
      if (entry.type !== 'file' || !name.startsWith(`${DRAFTS}/`) || !(modified <= now - olderThanMs))
        continue
      try {
        await this.request('DELETE', name, (signal) => this.client.deleteFile(name, { signal }))
        removed.files += 1
        removed.bytes += entry.size
      } catch (error) {
        if (!(error instanceof LocationError) || error.status !== 404) throw error
      }
    }
    return removed
  }

  localFile(_key: string): string | null {
    return null
  }

  /** One upload per key at a time in this process: the others wait for it (same key, same bytes). */
  private share(key: string, size: number, body: () => Readable, progress?: PutProgress): Promise<void> {
    let upload = this.uploads.get(key)
    if (!upload) {
      upload = this.upload(key, size, body, progress).finally(() => this.uploads.delete(key))
      this.uploads.set(key, upload)
    }
    return upload
  }

  private async upload(
    key: string,
    size: number,
    body: () => Readable,
    progress?: PutProgress
  ): Promise<void> {
    const found = await this.statPath(key)
    if (found?.type === 'directory')
      throw new LocationError('failed', this.clean(`${this.url}${key} is a folder, not an object`))
    // Even with another size: a normal sync never replaces an object (RELIABILITY P42), and needs no
    // permission to; a copy another tool cut short fails its hash check where it is read.
    if (found) return
    const temp = `${DRAFTS}/${randomBytes(8).toString('hex')}`
    // A PUT tried again sends its bytes again: what is said never goes back, it waits for them to catch up.
    let said = -1
    const sent = (bytes: number): void => {
      if (bytes <= said) return
      said = bytes
      progress?.(bytes, size)
    }
    try {
      await this.again(async () => {
        await Promise.all([this.ensureFolder(DRAFTS), this.ensureFolder(parentOf(key))])
        sent(0)
        await this.putFile(temp, size, body(), sent)
      }, 'PUT')
      await this.again(async () => {
        await this.ensureFolder(parentOf(key))
        await this.move(temp, key, false)
      }, 'MOVE')
    } catch (error) {
      await this.forget(temp)
      throw error
    }
  }

  private async putFile(
    path: string,
    size: number,
    source: Readable,
    progress?: (sent: number) => void
  ): Promise<void> {
    const deadline = new Deadline(this.timeoutMs)
    await this.request(
      'PUT',
      path,
      (signal) =>
        this.client.putFileContents(path, touching(source, deadline, progress), {
          // Sent as is: the body is a stream, whose length the client would not know.
          contentLength: false,
          headers: { 'Content-Length': String(size) },
          signal
        }),
      deadline
    )
  }

  private async move(from: string, to: string, overwrite: boolean): Promise<void> {
    try {
      await this.request('MOVE', from, (signal) => this.client.moveFile(from, to, { overwrite, signal }))
    } catch (error) {
      // `Overwrite: F` met an object under the key: another writer put it meanwhile (same key, same bytes).
      if (!overwrite && error instanceof LocationError && error.status === 412) {
        await this.forget(from)
        return
      }
      throw error
    }
  }

  /** Deletes an upload that will not be moved; a failure only leaves it to `removeUnfinished`. */
  private async forget(path: string): Promise<void> {
    try {
      await this.request('DELETE', path, (signal) => this.client.deleteFile(path, { signal }))
    } catch {
      // Left for removeUnfinished (Clean up).
    }
  }

  /**
   * Runs a write once more after a 404/409 (a folder we knew was removed since): the folders are asked
   * for again. A second one for a PUT into a folder just found is the server refusing the write: a
   * read-only rclone answers PUT with 404.
   */
  private async again(run: () => Promise<void>, method: string): Promise<void> {
    const folderGone = (error: unknown): error is LocationError =>
      error instanceof LocationError &&
      error.kind === 'failed' &&
      (error.status === 404 || error.status === 409)
    try {
      await run()
    } catch (error) {
      if (!folderGone(error)) throw error
      this.folders.clear()
      try {
        await run()
      } catch (second) {
        if (!folderGone(second) || method !== 'PUT') throw second
        throw new LocationError('denied', `${second.detail}, in a folder that is there: writes are refused`, {
          status: second.status,
          cause: second
        })
      }
    }
  }

  /** Makes `dir` and its parents (relative; '' is the base, never made), each asked once per store. */
  private ensureFolder(dir: string): Promise<void> {
    if (dir === '') return Promise.resolve()
    let made = this.folders.get(dir)
    if (!made) {
      const parent = parentOf(dir)
      const making = this.ensureFolder(parent).then(() => this.makeFolder(dir, parent === ''))
      made = making
      this.folders.set(dir, making)
      making.catch(() => {
        if (this.folders.get(dir) === making) this.folders.delete(dir)
      })
    }
    return made
  }

  private async makeFolder(dir: string, inBase: boolean): Promise<void> {
    try {
      await this.request('MKCOL', `${dir}/`, (signal) => this.client.createDirectory(dir, { signal }))
    } catch (error) {
      if (!(error instanceof LocationError)) throw error
      if (error.status === 405) {
        // RFC 4918's answer for a folder that is there; rclone --read-only gives it for any MKCOL.
        const found = await this.statPath(dir)
        if (found?.type === 'directory') return
        throw new LocationError(
          'denied',
          `${error.detail} for a folder that is not there: writes are refused`,
          {
            status: 405,
            cause: error
          }
        )
      }
      if (error.status === 409 && inBase) throw this.baseMissing(`MKCOL ${dir}/ answered 409`, 409)
      throw error
    }
  }

  private async statPath(path: string): Promise<FileStat | null> {
    try {
      const found = await this.request('PROPFIND', path, (signal) =>
        this.client.stat(path === '' ? '/' : path, { signal })
      )
      return 'data' in found ? found.data : found
    } catch (error) {
      if (error instanceof LocationError && error.status === 404) return null
      throw error
    }
  }

  /** One request under its own deadline (or the caller's), its failure as a `LocationError`. */
  private async request<T>(
    method: string,
    path: string,
    run: (signal: AbortSignal) => Promise<T>,
    deadline = new Deadline(this.timeoutMs)
  ): Promise<T> {
    try {
      return await run(deadline.signal)
    } catch (error) {
      drain(error)
      throw this.failure(method, path, error, deadline.expired)
    } finally {
      deadline.stop()
    }
  }

  private failure(method: string, path: string, error: unknown, timedOut: boolean): LocationError {
    if (error instanceof LocationError) return error
    const where = `${method} ${this.url}${path}`
    if (timedOut)
      return new LocationError('unreachable', this.clean(`${where}: no answer for ${this.timeoutMs} ms`), {
        cause: error
      })
    const status = statusOf(error)
    if (status !== undefined) {
      const text = (error as { response?: { statusText?: unknown } }).response?.statusText
      // 405 to a write: a read-only share. 404 is the base's `missing` only where the caller knows it is.
      const kind =
        status === 405 && WRITES.has(method) ? 'denied' : status === 404 ? 'failed' : kindOfStatus(status)
      return new LocationError(
        kind,
        this.clean(`${where}: ${status}${typeof text === 'string' && text ? ` ${text}` : ''}`),
        { status, cause: error }
      )
    }
    const message = error instanceof Error ? error.message : String(error)
    return new LocationError(
      isNetworkFailure(error) ? 'unreachable' : 'failed',
      this.clean(`${where}: ${message}`),
      {
        cause: error
      }
    )
  }

  private baseMissing(why: string, status?: number): LocationError {
    return new LocationError('missing', this.clean(`The folder ${this.url} is not there (${why})`), {
      ...(status === undefined ? {} : { status })
    })
  }

  /** A message for the log: no `user:pass@` in an address, no password anywhere. */
  private clean(text: string): string {
    const stripped = text.replace(/\/\/[^/@\s]*@/g, '//')
    return this.password === '' ? stripped : stripped.split(this.password).join('***')
  }
}
