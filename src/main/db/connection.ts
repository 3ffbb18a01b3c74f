import Database from 'better-sqlite3'

export type Db = Database.Database

export interface OpenDatabaseOptions {
  /** Path to an Electron-ABI build of better-sqlite3; absent under plain Node (tests, web host). */
  nativeBinding?: string
  readonly?: boolean
  /**
   * Runs SQLite's `quick_check` before anything is written (the switch to WAL included) and throws
   * `DamagedDatabase` unless it answers ok: a damaged file is never written on (P46).
   */
  check?: boolean
}

/** `quick_check` found the file damaged. */
export class DamagedDatabase extends Error {
  constructor(readonly findings: string[]) {
    super(`The database failed its check: ${findings.slice(0, 3).join('; ')}`)
    this.name = 'DamagedDatabase'
  }
}

/**
 * Opens the app database with the settings of RELIABILITY P27. `busy_timeout` is set before the switch
 * to WAL because the switch itself may need to wait for another connection.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  const db = new Database(file, {
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    ...(options.readonly ? { readonly: true } : {})
  })
  db.pragma('busy_timeout = 5000')
  if (options.check) {
    let findings: string[]
    try {
      findings = (db.pragma('quick_check') as { quick_check: string }[]).map((row) => row.quick_check)
    } catch (error) {
      db.close()
      throw error
    }
    if (findings.length !== 1 || findings[0] !== 'ok') {
      db.close()
      throw new DamagedDatabase(findings)
    }
  }
  if (!options.readonly) db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  return db
}

/** Whether a write failed on a UNIQUE constraint (a name already taken, say), as better-sqlite3 reports it. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/** Writing transactions start IMMEDIATE so a read that upgrades to a write cannot hit SQLITE_BUSY in WAL. */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate()
}
