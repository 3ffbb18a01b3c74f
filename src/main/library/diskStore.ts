import { closeSync, createReadStream, fstatSync, openSync, readSync, realpathSync } from 'node:fs'
import { readdir, readFile, realpath, stat, unlink } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { isTempName, openAtomicWriter, sweepTempFiles, writeFileAtomicQuick } from './atomic'
import {
  BadKey,
  checkKey,
  checkPrefix,
  type ByteRange,
  type ListedObject,
  type MediaStore,
  type PutOptions,
  type ObjectDraft
} from './mediaStore'
import { isInside } from './names'
import type { ReusedBuffers } from './reusedBuffers'

/** What the last sweep saw of the folders, kept in the root (a dot file: never a key). */
const SWEEP_STATE = '.sweep-state.json'

const CHUNK = 1 << 20

const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * The media store on this machine's disk: an object is the file `<root>/<key>`. Writes are P28's atomic
 * writes (temp file in the same folder, fsync, rename, folder fsync; renames landing together share one
 * folder fsync); a crash leaves `*.tmp-*` files, which `sweep` removes. Reads of an object go through its
 * real path and only inside the real root, so a link planted in the library leads nowhere else.
 */
export class DiskMediaStore implements MediaStore {
  readonly root: string
  /**
   * The root's real path, once found: the library's root does not move while the app runs, and resolving
   * it again for every read was a third of a team publish's own work (bench/suites/teamSync.ts).
   */
  private realRoot: string | null = null

  constructor(root: string) {
    this.root = resolve(root)
  }

  async put(key: string, data: Uint8Array, onVisible?: () => void, options?: PutOptions): Promise<void> {
    await writeFileAtomicQuick(this.pathOf(key), data, onVisible, options?.handOver === true)
  }

  async begin(prefix: string): Promise<ObjectDraft> {
    const dir = join(this.root, ...checkPrefix(prefix).split('/'))
    const writer = await openAtomicWriter(join(dir, 'draft'))
    return {
      get bytesWritten() {
        return writer.bytesWritten
      },
      localFile: writer.tempPath,
      write: (chunk) => writer.write(chunk),
      commit: async (key, onVisible) => {
        if (!key.startsWith(prefix) || key.slice(prefix.length).includes('/')) {
          await writer.abort()
          throw new BadKey(key)
        }
        await writer.commit(this.pathOf(key), onVisible)
      },
      abort: () => writer.abort()
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = await this.realFile(key)
    if (!file) return null
    // Large reads: an export or a video streams whole files through here.
    return createReadStream(file, {
      highWaterMark: CHUNK,
      ...(range ? { start: range.start, end: range.end } : {})
    })
  }

  async read(key: string, buffers?: ReusedBuffers): Promise<Buffer | null> {
    const file = await this.realFile(key)
    if (!file) return null
    try {
      return await (buffers ? buffers.readFile(file) : readFile(file))
    } catch (error) {
      if (missing(error)) return null
      throw error
    }
  }

  readNow(key: string, maxBytes: number): Buffer | null {
    let file: string
    try {
      file = realpathSync.native(this.pathOf(key))
      this.realRoot ??= realpathSync.native(this.root)
    } catch {
      return null
    }
    if (!isInside(this.realRoot, file)) return null
    let fd: number
    try {
      fd = openSync(file, 'r')
    } catch {
      return null
    }
    try {
      const info = fstatSync(fd)
      if (!info.isFile() || info.size > maxBytes) return null
      const bytes = Buffer.allocUnsafe(info.size)
      let at = 0
      while (at < bytes.length) {
        const read = readSync(fd, bytes, at, bytes.length - at, at)
        // Shorter than it said: being replaced under us. The caller falls back to the stream.
        if (read === 0) return null
        at += read
      }
      return bytes
    } catch {
      return null
    } finally {
      closeSync(fd)
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const file = await this.realFile(key)
    if (!file) return null
    try {
      const info = await stat(file)
      return info.isFile() ? { size: info.size } : null
    } catch (error) {
      if (missing(error)) return null
      throw error
    }
  }

  async remove(key: string): Promise<boolean> {
    try {
      await unlink(this.pathOf(key))
      return true
    } catch (error) {
      if (missing(error)) return false
      throw error
    }
  }

  async *list(prefix = ''): AsyncIterable<ListedObject> {
    const walk = async function* (
      store: DiskMediaStore,
      dir: string,
      keyPrefix: string
    ): AsyncGenerator<ListedObject> {
      let entries
      try {
        entries = await readdir(dir, { withFileTypes: true })
      } catch (error) {
        if (missing(error)) return
        throw error
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.') || isTempName(entry.name)) continue
        const key = `${keyPrefix}${entry.name}`
        if (entry.isDirectory()) {
          // Only folders that can hold a key under `prefix`: listing `devices/` need not walk `objects/`.
          if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`))
            yield* walk(store, join(dir, entry.name), `${key}/`)
        } else if (entry.isFile() && key.startsWith(prefix)) {
          let info
          try {
            info = await stat(join(dir, entry.name))
          } catch (error) {
            // Removed since the folder was read (a Clean up elsewhere, a take-down): not there to list.
            if (missing(error)) continue
            throw error
          }
          yield { key, size: info.size, modified: info.mtimeMs }
        }
      }
    }
    yield* walk(this, this.root, '')
  }

  sweep(now: number): number {
    return sweepTempFiles(this.root, join(this.root, SWEEP_STATE), now)
  }

  /** The object's path, by the key alone: for the files this store writes and the thumbnailer reads. */
  localFile(key: string): string | null {
    try {
      return this.pathOf(key)
    } catch {
      return null
    }
  }

  private pathOf(key: string): string {
    const file = resolve(this.root, ...checkKey(key).split('/'))
    if (!isInside(this.root, file)) throw new BadKey(key)
    return file
  }

  private async realRootPath(): Promise<string> {
    this.realRoot ??= await realpath(this.root)
    return this.realRoot
  }

  /** The object's real path if it stays inside the real root (symlinks resolved), else null. */
  private async realFile(key: string): Promise<string | null> {
    let file: string
    try {
      file = this.pathOf(key)
    } catch {
      return null
    }
    try {
      const [real, root] = await Promise.all([realpath(file), this.realRootPath()])
      return isInside(root, real) ? real : null
    } catch (error) {
      if (missing(error)) return null
      throw error
    }
  }
}
