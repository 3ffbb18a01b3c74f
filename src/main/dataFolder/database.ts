import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { parseJson, STORED_LIMITS } from '../../shared/json'
import { DamagedDatabase, openDatabase, type Db, type OpenDatabaseOptions } from '../db/connection'
import { newestBackup } from './backups'
import { isReadOnlyError } from './storageFaults'
import { StartProblem } from './startProblem'

export const DATABASE_FILE = 'studio.db'

/** How big a file is, 0 when it is not there. */
function sizeOf(file: string): number {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}

/** The library holds at least one file (a result, a thumbnail) that a database must have named. */
function libraryHasFiles(dataDir: string): boolean {
  try {
    return readdirSync(join(dataDir, 'library')).some((entry) => !entry.startsWith('.'))
  } catch {
    return false
  }
}

const SQLITE_DAMAGE = new Set([
  'SQLITE_NOTADB',
  'SQLITE_CORRUPT',
  'SQLITE_CORRUPT_VTAB',
  'SQLITE_CORRUPT_SEQUENCE'
])

/** Written at a clean close, read and removed at the next open: the file as this app left it. */
const CLOSED_FILE = `${DATABASE_FILE}.closed`
const Closed = z.object({ size: z.number(), mtimeMs: z.number(), ino: z.number() })

/**
 * Whether the database is exactly as this app left it at a clean close: the marker written then matches
 * the file's size, modification time and inode, and no write-ahead log is left over. The marker is
 * consumed either way, before anything is written, so only the very next start can rely on it.
 */
function closedCleanly(dataDir: string, path: string): boolean {
  const marker = join(dataDir, CLOSED_FILE)
  let closed: z.infer<typeof Closed> | null = null
  try {
    const parsed = Closed.safeParse(parseJson(readFileSync(marker, 'utf8'), STORED_LIMITS))
    closed = parsed.success ? parsed.data : null
  } catch {
    closed = null
  }
  rmSync(marker, { force: true })
  if (!closed || sizeOf(`${path}-wal`) > 0) return false
  try {
    const now = statSync(path)
    return now.size === closed.size && now.mtimeMs === closed.mtimeMs && now.ino === closed.ino
  } catch {
    return false
  }
}

/** After the database was closed by the app: what the next start compares the file with. */
export function markClosedCleanly(dataDir: string): void {
  const path = join(dataDir, DATABASE_FILE)
  const file = statSync(path)
  const marker = join(dataDir, CLOSED_FILE)
  writeFileSync(
    `${marker}.partial`,
    JSON.stringify({ size: file.size, mtimeMs: file.mtimeMs, ino: file.ino })
  )
  renameSync(`${marker}.partial`, marker)
}

/**
 * Opens the data folder's database only if it can be trusted (RELIABILITY P46), and otherwise refuses to
 * start with a sentence naming the file and what the folder offers instead (its newest backup). Nothing is
 * written before the checks pass: not the switch to WAL, not a migration.
 *
 * - a folder where the file should be, or a file the app may not open, is said as such;
 * - an empty or missing database beside a library that holds files means the database was lost (truncated,
 *   deleted, replaced): starting empty would hide every board, preset and job and orphan the files;
 * - SQLite's `quick_check` must answer ok: a damaged file is never written on. It reads the whole file
 *   (about 2.5 s for a million images), so it is skipped when the file is exactly as this app left it at
 *   a clean close; after a crash, or when anything else touched the file, it runs.
 */
export function openCheckedDatabase(dataDir: string, options: OpenDatabaseOptions = {}): Db {
  const path = join(dataDir, DATABASE_FILE)
  const offers = (): { backup?: { file: string; takenAt: number } } => {
    const backup = newestBackup(dataDir)
    return backup ? { backup } : {}
  }
  if (existsSync(path) && statSync(path).isDirectory())
    throw new StartProblem('databaseNotAFile', { path }, offers())
  // In WAL mode a database whose changes were never checkpointed is an empty file beside its -wal.
  if (sizeOf(path) === 0 && sizeOf(`${path}-wal`) === 0 && libraryHasFiles(dataDir))
    throw new StartProblem('databaseLost', { path }, offers())
  const check = !closedCleanly(dataDir, path)
  let db: Db
  try {
    db = openDatabase(path, { ...options, check })
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && SQLITE_DAMAGE.has(code))
      throw new StartProblem('databaseDamaged', { path }, offers())
    if (error instanceof DamagedDatabase) throw new StartProblem('databaseDamaged', { path }, offers())
    if (isReadOnlyError(error)) throw new StartProblem('dataFolderReadOnly', { path: dataDir })
    if (code === 'SQLITE_CANTOPEN') throw new StartProblem('databaseCannotOpen', { path })
    throw error
  }
  return db
}
