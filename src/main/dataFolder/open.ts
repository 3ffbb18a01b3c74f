import { mkdirSync } from 'node:fs'
import type { Db } from '../db/connection'
import { DatabaseTooNewError, migrate } from '../db/migrate'
import { migrations } from '../db/migrations'
import { join } from 'node:path'
import { BACKUP_DIR, restoreNewestBackup } from './backups'
import { DATABASE_FILE, openCheckedDatabase } from './database'
import { lockDataFolder, type DataFolderLock, type Owner } from './lock'
import { StartProblem } from './startProblem'
import { folderIsReadOnly, storageFaultOf } from './storageFaults'

export interface OpenDataFolder {
  lock: DataFolderLock
  db: Db
}

/**
 * The data folder, ready for the backend: made if missing, locked against a second Gateway Studio (P45),
 * its database checked before anything is written (P46) and migrated. Whatever stops it is a
 * `StartProblem` the shells say in the user's words (a read-only or full disk included, P47); on failure
 * nothing stays open or locked.
 */
export function openDataFolder(
  dataDir: string,
  shell: Owner['shell'],
  options: {
    nativeBinding?: string
    /** The user chose to open the newest backup instead of the database as it is (P46). */
    restoreBackupAt?: number
  } = {}
): OpenDataFolder {
  let lock: DataFolderLock | null = null
  let db: Db | null = null
  try {
    // Only this user's: it holds the database, the library and, for the web host, the key file.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    const binding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}
    lock = lockDataFolder(dataDir, shell, binding)
    if (options.restoreBackupAt !== undefined) {
      if (!restoreNewestBackup(dataDir, DATABASE_FILE, options.restoreBackupAt))
        throw new StartProblem('noBackup', { path: join(dataDir, BACKUP_DIR) })
    }
    db = openCheckedDatabase(dataDir, binding)
    migrate(db, migrations)
    return { lock, db }
  } catch (error) {
    db?.close()
    lock?.release()
    if (error instanceof StartProblem) throw error
    if (error instanceof DatabaseTooNewError)
      throw new StartProblem('databaseTooNew', {
        path: dataDir,
        found: error.found,
        supported: error.supported
      })
    const fault = storageFaultOf(error)
    if (fault === 'readOnly' || folderIsReadOnly(dataDir))
      throw new StartProblem('dataFolderReadOnly', { path: dataDir })
    if (fault === 'full') throw new StartProblem('diskFull', { path: dataDir })
    throw error
  }
}
