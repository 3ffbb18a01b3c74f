import Database from 'better-sqlite3'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { parseJson, STORED_LIMITS } from '../../shared/json'
import { StartProblem } from './startProblem'

const LOCK_FILE = 'studio.lock'
const OWNER_FILE = 'studio.lock.json'

/** Who holds a data folder, as it wrote down for a second Gateway Studio to read. */
const Owner = z.object({
  pid: z.number().int(),
  shell: z.enum(['web', 'electron']),
  port: z.number().int().min(1).max(65535).optional()
})
export type Owner = z.infer<typeof Owner>

export interface DataFolderLock {
  /** Writes down the web host's port, so a second start can say where the first one is. */
  announcePort(port: number): void
  release(): void
}

/**
 * One Gateway Studio per data folder (RELIABILITY P45). The lock is an exclusive SQLite lock on a file of
 * its own (`studio.lock`), held for the life of the process: the operating system releases it when the
 * process ends, however it ends, so a crash never leaves a folder locked, and nothing here needs a native
 * module of its own. A second process, or a second backend in this one, is refused before it opens the
 * database: its recovery would take the first one's sends in flight for ones a crash cut off.
 */
export function lockDataFolder(
  dataDir: string,
  shell: Owner['shell'],
  options: { nativeBinding?: string } = {}
): DataFolderLock {
  const file = join(dataDir, LOCK_FILE)
  const db = new Database(file, {
    timeout: 0,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  })
  try {
    db.pragma('locking_mode = EXCLUSIVE')
    // A write takes the exclusive lock; in exclusive locking mode it is kept until the connection closes.
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (at INTEGER); COMMIT')
  } catch (error) {
    db.close()
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') throw inUse(dataDir)
    throw error
  }
  const owner: Owner = { pid: process.pid, shell }
  const ownerFile = join(dataDir, OWNER_FILE)
  const writeOwner = (): void => writeFileSync(ownerFile, JSON.stringify(owner), { mode: 0o600 })
  writeOwner()
  let released = false
  return {
    announcePort(port) {
      owner.port = port
      writeOwner()
    },
    release() {
      if (released) return
      released = true
      rmSync(ownerFile, { force: true })
      db.close()
    }
  }
}

function readOwner(dataDir: string): Owner | null {
  try {
    const parsed = Owner.safeParse(parseJson(readFileSync(join(dataDir, OWNER_FILE), 'utf8'), STORED_LIMITS))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function inUse(dataDir: string): StartProblem {
  const owner = readOwner(dataDir)
  if (owner?.port !== undefined)
    return new StartProblem('dataFolderInUseWeb', { path: dataDir, port: owner.port })
  if (owner?.shell === 'electron') return new StartProblem('dataFolderInUseDesktop', { path: dataDir })
  return new StartProblem('dataFolderInUse', { path: dataDir })
}
