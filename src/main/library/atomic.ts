import { randomBytes } from 'node:crypto'
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync
} from 'node:fs'
import { mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { STORED_LIMITS, parseJson } from '../../shared/json'
import { isWriteFailure, WriterThread } from './writerThread'

/**
 * Atomic file writes (RELIABILITY P28): bytes go to `<name>.tmp-<rand>` in the target's own directory, the
 * file is fsynced, renamed over the final name and the directory fsynced, so a crash leaves either no file
 * or the whole file; never a torn one under the final name. Orphaned temp files are swept at start.
 */

const TEMP_INFIX = '.tmp-'
const TEMP_NAME = /\.tmp-[0-9a-f]{16}$/

/** Temp files this process is writing right now; a sweep never touches them. */
const liveTemps = new Set<string>()

export function isTempName(name: string): boolean {
  return TEMP_NAME.test(name)
}

export function tempPathFor(finalPath: string): string {
  return `${finalPath}${TEMP_INFIX}${randomBytes(8).toString('hex')}`
}

/** Codes some platforms give for fsync on a directory (Windows cannot open one; some filesystems refuse). */
const DIR_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'ENOTSUP', 'EACCES'])

/** Makes the directory's entries (a rename, a new file) durable. */
export async function syncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch (error) {
    if (!DIR_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error
  } finally {
    await handle?.close()
  }
}

interface DirSyncState {
  /** The fsync under way, if any. */
  running: Promise<void> | null
  /** The fsync that will start when the running one ends: every rename done meanwhile waits for it. */
  next: Promise<void> | null
}
const dirSyncs = new Map<string, DirSyncState>()

/**
 * `syncDir` for many renames at once (a group commit): a caller waits for an fsync of the directory that
 * started after its rename, never for less. Renames that land while an fsync runs share the one after it,
 * so ten images arriving together cost two directory fsyncs instead of ten; none is acknowledged before its
 * own entry is on disk (P28).
 */
export function syncDirBatched(dir: string): Promise<void> {
  let state = dirSyncs.get(dir)
  if (!state) {
    state = { running: null, next: null }
    dirSyncs.set(dir, state)
  }
  const s = state
  const start = (): Promise<void> => {
    const run = syncDir(dir).finally(() => {
      if (s.running === run) s.running = null
      if (!s.running && !s.next) dirSyncs.delete(dir)
    })
    s.running = run
    return run
  }
  if (!s.running) return start()
  s.next ??= s.running
    .catch(() => undefined)
    .then(() => {
      s.next = null
      return start()
    })
  return s.next
}

/**
 * Directories this process made durable or found, and those being made. A write into a directory waits for
 * the directory's own entry to be durable (a second image arriving while the first made the month's folder
 * no longer writes into a folder whose name a crash could still lose), and afterwards costs no system call:
 * in a streamed burst each `mkdir` was one more turn of a busy main thread per image.
 */
const ensured = new Map<string, Promise<void>>()

/** `mkdir -p`, then fsyncs the parent of every directory it created so the new entries survive a crash. */
export function ensureDir(dir: string): Promise<void> {
  let made = ensured.get(dir)
  if (!made) {
    made = makeDir(dir)
    ensured.set(dir, made)
    made.catch(() => ensured.delete(dir))
  }
  return made
}

async function makeDir(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true })
  if (first === undefined) return
  const created = relative(first, dir)
  let parent = dirname(first)
  await syncDir(parent)
  parent = first
  for (const part of created === '' ? [] : created.split(sep)) {
    await syncDir(parent)
    parent = join(parent, part)
  }
}

/** Opens a new temp file in `dir`; a directory removed since it was made (by hand) is made again, once. */
async function openNew(dir: string, tempPath: string): Promise<FileHandle> {
  try {
    return await open(tempPath, 'wx', 0o644)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    ensured.delete(dir)
    await ensureDir(dir)
    return open(tempPath, 'wx', 0o644)
  }
}

export interface AtomicWriter {
  /** `<provisional name>.tmp-<rand>`, in the directory of the final file. */
  readonly tempPath: string
  readonly bytesWritten: number
  write(chunk: Uint8Array): Promise<void>
  /**
   * fsync, close, rename to `finalPath` (default: the provisional path) and fsync the directory. The final
   * path must be in the same directory as the temp file, so the rename is atomic. Returns the final path.
   * `onRenamed` is called once the whole file is under its final name, before the directory fsync.
   */
  commit(finalPath?: string, onRenamed?: () => void): Promise<string>
  /** Closes and deletes the temp file; safe to call after a failed write or twice. */
  abort(): Promise<void>
}

/**
 * Opens `<provisionalPath>.tmp-<rand>` for a streamed write whose final name may only be known at the end
 * (downloads are named by their sha256).
 */
export async function openAtomicWriter(provisionalPath: string): Promise<AtomicWriter> {
  const dir = dirname(provisionalPath)
  await ensureDir(dir)
  const tempPath = tempPathFor(provisionalPath)
  liveTemps.add(tempPath)
  let handle: FileHandle | undefined
  try {
    handle = await openNew(dir, tempPath)
  } catch (error) {
    liveTemps.delete(tempPath)
    throw error
  }
  let written = 0
  let state: 'open' | 'committed' | 'aborted' = 'open'

  const abort = async (): Promise<void> => {
    if (state !== 'open') return
    state = 'aborted'
    const h = handle
    handle = undefined
    await h?.close().catch(() => undefined)
    await unlink(tempPath).catch(() => undefined)
    liveTemps.delete(tempPath)
  }

  return {
    tempPath,
    get bytesWritten() {
      return written
    },
    async write(chunk) {
      if (state !== 'open' || !handle) throw new Error('atomic writer is closed')
      let offset = 0
      while (offset < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset)
        offset += bytesWritten
      }
      written += chunk.length
    },
    async commit(finalPath = provisionalPath, onRenamed) {
      if (state !== 'open' || !handle) throw new Error('atomic writer is closed')
      if (dirname(finalPath) !== dir) throw new Error('an atomic rename must stay in its directory')
      try {
        await handle.sync()
        await handle.close()
        handle = undefined
        await rename(tempPath, finalPath)
        state = 'committed'
        onRenamed?.()
        await syncDirBatched(dir)
        return finalPath
      } catch (error) {
        await abort()
        throw error
      } finally {
        liveTemps.delete(tempPath)
      }
    },
    abort
  }
}

/**
 * Writes `data` to `path` atomically (temp + fsync + rename + directory fsync). `onRenamed`: the whole file
 * is under its final name (readable), only the directory fsync that makes its name durable is to come.
 */
export async function writeFileAtomic(path: string, data: Uint8Array, onRenamed?: () => void): Promise<void> {
  const writer = await openAtomicWriter(path)
  try {
    await writer.write(data)
  } catch (error) {
    await writer.abort()
    throw error
  }
  await writer.commit(undefined, onRenamed)
}

/** Up to this size a write goes to the writer thread whole; larger ones stream through the pool. */
const THREAD_WRITE_LIMIT = 16 * 1024 * 1024

let writerThread: WriterThread | null = null

/**
 * `writeFileAtomic` in one message to a thread of its own (`WriterThread`) for data up to
 * `THREAD_WRITE_LIMIT`: the same steps in the same order, without a round trip through the main thread
 * between them. The folder is made (and made durable) here first, as for every write; one removed by hand
 * since is made again by the pool's path.
 */
export async function writeFileAtomicQuick(
  path: string,
  data: Uint8Array,
  onRenamed?: () => void,
  /** The caller will not read `data` again: it is moved to the thread, not copied. */
  handOver = false
): Promise<void> {
  if (data.length > THREAD_WRITE_LIMIT) return writeFileAtomic(path, data, onRenamed)
  const dir = dirname(path)
  await ensureDir(dir)
  const tempPath = tempPathFor(path)
  liveTemps.add(tempPath)
  try {
    writerThread ??= new WriterThread()
    await writerThread.write(tempPath, path, data, { onRenamed, handOver })
  } catch (error) {
    if (!isWriteFailure(error) || error.code !== 'ENOENT' || error.syscall !== 'open') throw error
    // Bytes handed over come back with the failure.
    return writeFileAtomic(path, error.returned ?? data, onRenamed)
  } finally {
    liveTemps.delete(tempPath)
  }
}

/** A directory's mtime this much older than the sweep cannot share a clock tick with anything after it. */
const SETTLED_MS = 2_000n

/** What the last sweep saw of each directory: its mtime and its subdirectories. */
type SweepState = Record<string, { mtimeNs: string; dirs: string[] }>

function readSweepState(file: string | undefined): SweepState {
  if (!file) return {}
  try {
    const value: unknown = parseJson(readFileSync(file, 'utf8'), STORED_LIMITS)
    return typeof value === 'object' && value !== null ? (value as SweepState) : {}
  } catch {
    return {}
  }
}

/**
 * Deletes orphaned `*.tmp-<rand>` files anywhere under `root` (left by a crash mid-write) and returns how
 * many. Symlinks are neither followed nor deleted; temp files this process is still writing are kept.
 *
 * With `stateFile`, a directory whose mtime is exactly what the last sweep recorded is not listed again:
 * creating, renaming or deleting any entry (a temp file included) changes a directory's mtime, so it has no
 * new temp file, and its subdirectories are the ones recorded (they are still visited). A library of
 * 100,000 images is then a few stats at start, not 200,000 directory entries. A lost or unreadable state
 * file only means a full sweep. A directory changed in the last moments before the sweep is not recorded:
 * file times come from a coarse clock (one kernel tick), so a temp file created in that same tick, after
 * the stat, would leave the mtime as recorded and hide it from the next sweep.
 */
export function sweepTempFiles(root: string, stateFile: string | undefined, now: number): number {
  let removed = 0
  const before = readSweepState(stateFile)
  const after: SweepState = {}
  const settledBeforeNs = (BigInt(Math.floor(now)) - SETTLED_MS) * 1_000_000n
  const walk = (dir: string): void => {
    let mtimeNs: string
    try {
      mtimeNs = String(statSync(dir, { bigint: true }).mtimeNs)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    const key = relative(root, dir) || '.'
    const known = before[key]
    if (known && known.mtimeNs === mtimeNs) {
      after[key] = known
      for (const name of known.dirs) walk(join(dir, name))
      return
    }
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    const dirs: string[] = []
    let changed = false
    for (const entry of entries) {
      if (entry.isDirectory()) dirs.push(entry.name)
      else if (entry.isFile() && isTempName(entry.name)) {
        const path = join(dir, entry.name)
        if (liveTemps.has(path)) continue
        try {
          unlinkSync(path)
          removed += 1
          changed = true
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        }
      }
    }
    // After a deletion the mtime moved again: not recorded, so the next start lists this directory anew.
    if (!changed && BigInt(mtimeNs) < settledBeforeNs) after[key] = { mtimeNs, dirs }
    for (const name of dirs) walk(join(dir, name))
  }
  walk(root)
  if (stateFile && existsSync(root)) {
    // Written whole or not at all, without fsync: losing it costs one full sweep, nothing else.
    const temp = tempPathFor(stateFile)
    try {
      writeFileSync(temp, JSON.stringify(after))
      renameSync(temp, stateFile)
    } catch {
      unlinkQuietlySync(temp)
    }
  }
  return removed
}

function unlinkQuietlySync(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // nothing to do
  }
}

/** Deletes a file; one already gone is fine, any other failure is thrown. */
export function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}
