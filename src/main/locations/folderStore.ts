import { lstat, readdir, rmdir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { z } from 'zod'
import { folderIsReadOnly } from '../dataFolder/storageFaults'
import { isTempName } from '../library/atomic'
import { DiskMediaStore } from '../library/diskStore'
import {
  checkPrefix,
  type ByteRange,
  type ListedObject,
  type MediaStore,
  type ObjectDraft,
  type PutOptions
} from '../library/mediaStore'
import { LocationError } from './errors'

export const folderLocationSchema = z.object({
  /** An absolute path: a folder a file server, Dropbox or a NAS keeps in step between machines. */
  path: z.string().min(1).max(4096)
})
export type FolderLocation = z.infer<typeof folderLocationSchema>

/**
 * A shared folder as a team location: the disk store's atomic writes (temp file, fsync, rename), with the
 * two habits a folder other machines also write needs.
 * - An object that exists is never written again: the bytes are the same (keys name content), and
 *   replacing a file a sync client is uploading makes it report a conflict copy.
 * - The folder must already be there: a shared folder that is not mounted is an empty directory, or none,
 *   and writing into it would fill this machine's disk with what the team never sees. Every write checks.
 * `sweep` leaves the folder alone: a temp file in it may be another machine's write in progress. Clean up
 * removes those a day old (`removeUnfinished`): a write cut off by a crash or a lost mount.
 */
export class FolderMediaStore implements MediaStore {
  private readonly disk: DiskMediaStore
  private readonly writing = new Map<string, Promise<void>>()

  constructor(readonly location: FolderLocation) {
    this.disk = new DiskMediaStore(location.path)
  }

  /** Resolves when the folder is there and is a folder; else the `LocationError` a "Test" button shows. */
  async probe(): Promise<void> {
    let info
    try {
      info = await stat(this.location.path)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT' || code === 'ENOTDIR')
        throw new LocationError('missing', 'the folder is not there')
      if (code === 'EACCES' || code === 'EPERM') throw new LocationError('denied', `${code} on the folder`)
      throw new LocationError('failed', String(code ?? error), { cause: error })
    }
    if (!info.isDirectory()) throw new LocationError('missing', 'the path is not a folder')
  }

  /**
   * `options.onProgress` hears a write's start and its end (one file written whole, then made durable);
   * an object the folder has already is said done at once.
   */
  async put(key: string, data: Uint8Array, onVisible?: () => void, options?: PutOptions): Promise<void> {
    const progress = options?.onProgress
    await this.once(key, async () => {
      if (await this.disk.stat(key)) return
      await this.probe()
      progress?.(0, data.byteLength)
      try {
        await this.disk.put(key, data)
      } catch (error) {
        // A read-only share or mount: said as a refusal, as a removal there is (Clean up's notice). Making
        // a new folder in a read-only mount fails with ENOENT alone, so the folder itself is asked.
        throw (
          refusal(error) ??
          (folderIsReadOnly(this.location.path)
            ? new LocationError('denied', 'the folder is read-only', { cause: error })
            : error)
        )
      }
    })
    progress?.(data.byteLength, data.byteLength)
    onVisible?.()
  }

  async begin(prefix: string): Promise<ObjectDraft> {
    await this.probe()
    const draft = await this.disk.begin(prefix)
    return {
      get bytesWritten() {
        return draft.bytesWritten
      },
      localFile: draft.localFile,
      write: (chunk) => draft.write(chunk),
      commit: async (key, onVisible) => {
        let kept = false
        await this.once(key, async () => {
          if (!(await this.disk.stat(key))) {
            await draft.commit(key, onVisible)
            kept = true
          }
        })
        if (!kept) {
          await draft.abort()
          onVisible?.()
        }
      },
      abort: () => draft.abort()
    }
  }

  open(key: string, range?: ByteRange): Promise<Readable | null> {
    return this.disk.open(key, range)
  }

  read(key: string): Promise<Buffer | null> {
    return this.disk.read(key)
  }

  stat(key: string): Promise<{ size: number } | null> {
    return this.disk.stat(key)
  }

  async remove(key: string): Promise<boolean> {
    try {
      return await this.disk.remove(key)
    } catch (error) {
      throw refusal(error) ?? error
    }
  }

  list(prefix?: string): AsyncIterable<ListedObject> {
    return this.disk.list(prefix)
  }

  /** `rmdir` removes only an empty folder, so a file another machine just put there keeps it. */
  async removeEmptyFolder(prefix: string): Promise<boolean> {
    const dir = checkPrefix(prefix)
    if (dir === '') return false
    try {
      await rmdir(join(this.location.path, ...dir.slice(0, -1).split('/')))
      return true
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT' || code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR') return false
      throw refusal(error) ?? error
    }
  }

  sweep(): number {
    return 0
  }

  /** Temp files (`<key>.tmp-<rand>`) anywhere in the folder, last written `olderThanMs` or more ago. */
  async removeUnfinished(now: number, olderThanMs: number): Promise<{ files: number; bytes: number }> {
    await this.probe()
    const removed = { files: 0, bytes: 0 }
    const walk = async (dir: string): Promise<void> => {
      let entries
      try {
        entries = await readdir(dir, { withFileTypes: true })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
        throw refusal(error) ?? error
      }
      for (const entry of entries) {
        const path = join(dir, entry.name)
        // Links are neither followed nor removed: the folder's files are only the ones in it.
        if (entry.isDirectory()) await walk(path)
        else if (entry.isFile() && isTempName(entry.name)) {
          try {
            const info = await lstat(path)
            if (!(info.mtimeMs <= now - olderThanMs)) continue
            await unlink(path)
            removed.files += 1
            removed.bytes += info.size
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw refusal(error) ?? error
          }
        }
      }
    }
    await walk(this.location.path)
    return removed
  }

  localFile(key: string): string | null {
    return this.disk.localFile(key)
  }

  /** Writes of one key in this process run one after another, so the second finds the first's object. */
  private async once(key: string, write: () => Promise<void>): Promise<void> {
    const before = this.writing.get(key) ?? Promise.resolve()
    const mine = before.catch(() => undefined).then(write)
    this.writing.set(key, mine)
    try {
      await mine
    } finally {
      if (this.writing.get(key) === mine) this.writing.delete(key)
    }
  }
}

/** A write the folder refused (its permissions, a read-only share or mount), as the sync words it. */
function refusal(error: unknown): LocationError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
    ? new LocationError('denied', `${code} writing to or removing from the folder`, { cause: error })
    : null
}
