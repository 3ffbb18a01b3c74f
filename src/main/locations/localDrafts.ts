import { randomBytes } from 'node:crypto'
import { readdirSync, unlinkSync } from 'node:fs'
import { mkdir, open, unlink, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { BadKey, checkKey, checkPrefix, type ObjectDraft } from '../library/mediaStore'

/** Draft files some store of this process is writing right now (stores may share a draft folder). */
const liveDrafts = new Set<string>()

/**
 * Drafts of a remote store, kept in a local folder until their key is known: a download streams into a
 * file here (its content hash names it only at the end), and `commit` hands the whole file to the store's
 * upload. Nothing reaches the location before the commit, and a crash leaves only a local file, which
 * `sweep` removes at the next start.
 */
export class LocalDrafts {
  private readonly pattern: RegExp

  constructor(
    private readonly dir: string,
    /** Names this store's drafts (`s3`, `webdav`), so a shared folder's sweep takes only its own kind. */
    private readonly kind: string
  ) {
    this.pattern = new RegExp(`^${kind}-[0-9a-f]{16}\\.draft$`)
  }

  /** A draft in `prefix`; `upload` sends the committed file (`path`, `size` bytes) under `key`. */
  async begin(
    prefix: string,
    upload: (key: string, path: string, size: number) => Promise<void>
  ): Promise<ObjectDraft> {
    checkPrefix(prefix)
    await mkdir(this.dir, { recursive: true })
    const path = join(this.dir, `${this.kind}-${randomBytes(8).toString('hex')}.draft`)
    liveDrafts.add(path)
    let handle: FileHandle | undefined
    try {
      handle = await open(path, 'wx', 0o600)
    } catch (error) {
      liveDrafts.delete(path)
      throw error
    }
    let written = 0
    let writable = true
    let discarded = false
    const discard = async (): Promise<void> => {
      writable = false
      if (discarded) return
      discarded = true
      await handle?.close().catch(() => undefined)
      try {
        await unlink(path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      } finally {
        // Left behind by a failed unlink, it is a leftover like any other: the next sweep takes it.
        liveDrafts.delete(path)
      }
    }
    return {
      get bytesWritten() {
        return written
      },
      localFile: path,
      write: async (chunk) => {
        if (!writable || !handle) throw new Error('the draft is closed')
        for (let at = 0; at < chunk.byteLength;) {
          const { bytesWritten } = await handle.write(chunk, at, chunk.byteLength - at)
          at += bytesWritten
        }
        written += chunk.byteLength
      },
      commit: async (key, onVisible) => {
        if (!writable || !handle) throw new Error('the draft is closed')
        writable = false
        try {
          if (!key.startsWith(prefix) || key.slice(prefix.length).includes('/')) throw new BadKey(key)
          checkKey(key)
          await handle.close()
          handle = undefined
          await upload(key, path, written)
        } finally {
          await discard()
        }
        onVisible?.()
      },
      abort: discard
    }
  }

  /** Removes the drafts a crash left (never one this process is writing); how many. */
  sweep(): number {
    let names: string[]
    try {
      names = readdirSync(this.dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
      throw error
    }
    let removed = 0
    for (const name of names) {
      const path = join(this.dir, name)
      if (!this.pattern.test(name) || liveDrafts.has(path)) continue
      try {
        unlinkSync(path)
        removed += 1
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
    }
    return removed
  }
}
