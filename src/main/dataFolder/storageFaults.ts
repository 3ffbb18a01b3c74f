import { accessSync, constants, existsSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * What a failed write says about the disk the data folder lives on, whichever layer failed: Node's file
 * system (`ENOSPC`), SQLite through better-sqlite3 (`SQLITE_FULL`), or a library that wraps either and keeps
 * it as `cause`. A full disk is not a network failure, and a read-only folder is not a missing file:
 * each is said as itself, with the folder, in the user's words (RELIABILITY P47).
 */
export type StorageFault = 'full' | 'readOnly' | 'io'

const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL'])
const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM', 'SQLITE_READONLY', 'SQLITE_READONLY_DIRECTORY'])
const IO = new Set(['EIO', 'SQLITE_IOERR'])

function codesOf(error: unknown): string[] {
  const codes: string[] = []
  // A wrapped error keeps the cause; follow a few links (never a cycle) to the system's own code.
  for (let link = error, depth = 0; link && depth < 5; depth++) {
    const code = (link as { code?: unknown }).code
    if (typeof code === 'string') codes.push(code)
    link = (link as { cause?: unknown }).cause
  }
  return codes
}

export function storageFaultOf(error: unknown): StorageFault | null {
  for (const code of codesOf(error)) {
    if (FULL.has(code)) return 'full'
    if (READ_ONLY.has(code) || code.startsWith('SQLITE_READONLY')) return 'readOnly'
    if (IO.has(code) || code.startsWith('SQLITE_IOERR')) return code === 'SQLITE_IOERR_NOSPC' ? 'full' : 'io'
  }
  return null
}

export const isDiskFull = (error: unknown): boolean => storageFaultOf(error) === 'full'
export const isReadOnlyError = (error: unknown): boolean => storageFaultOf(error) === 'readOnly'

/**
 * Whether the folder (or, while it does not exist yet, the nearest folder above it that does) refuses
 * writes: a read-only mount answers `EROFS` here even to root, where a failed `mkdir` said only `ENOENT`
 * and SQLite only "unable to open database file".
 */
export function folderIsReadOnly(folder: string): boolean {
  let at = folder
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at)
  try {
    accessSync(at, constants.W_OK)
    return false
  } catch (error) {
    return storageFaultOf(error) === 'readOnly'
  }
}
