import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync
} from 'node:fs'
import { join } from 'node:path'
import type { Db } from '../db/connection'

export const BACKUP_DIR = 'backups'
/** Days of backups kept (ours): a damage noticed a few days late still has a good copy before it. */
export const BACKUPS_KEPT = 7
const DAY_MS = 24 * 60 * 60 * 1000
const NAME = /^studio-(\d{8})-(\d{6})\.db$/

/** `studio-20261127-225406.db`: UTC, sortable by name. */
function nameFor(at: number): string {
  const iso = new Date(at).toISOString()
  return `studio-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}.db`
}

function timeOf(name: string): number | null {
  const match = NAME.exec(name)
  if (!match) return null
  const [, date = '', time = ''] = match
  return Date.parse(
    `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}Z`
  )
}

/** Finished backups, newest first (a backup still being written has another name). */
export function listBackups(dataDir: string): { file: string; takenAt: number }[] {
  let names: string[]
  try {
    names = readdirSync(join(dataDir, BACKUP_DIR))
  } catch {
    return []
  }
  return names
    .map((name) => ({ file: join(dataDir, BACKUP_DIR, name), takenAt: timeOf(name) }))
    .filter((entry): entry is { file: string; takenAt: number } => entry.takenAt !== null)
    .sort((a, b) => b.takenAt - a.takenAt)
}

export function newestBackup(dataDir: string): { file: string; takenAt: number } | null {
  return listBackups(dataDir)[0] ?? null
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * A copy of the database as it is now, by SQLite's online backup (pages copied a few at a time between
 * the event loop's turns, so the app goes on meanwhile), written under a temporary name, made durable and
 * renamed; then only the newest `BACKUPS_KEPT` are kept. Returns the file.
 */
export async function takeBackup(db: Db, dataDir: string, at: number): Promise<string> {
  const dir = join(dataDir, BACKUP_DIR)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, nameFor(at))
  const partial = `${file}.partial`
  try {
    await db.backup(partial)
    fsyncPath(partial)
    renameSync(partial, file)
    fsyncPath(dir)
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
  for (const old of listBackups(dataDir).slice(BACKUPS_KEPT)) rmSync(old.file, { force: true })
  return file
}

export interface BackupScheduleOptions {
  db: Db
  dataDir: string
  now: () => number
  /** The first look comes after start-up, never during it (ours). */
  firstAfterMs?: number
  /** How often to look whether a day has passed since the newest backup. */
  everyMs?: number
  onError: (message: string, error: unknown) => void
}

/**
 * Keeps a daily backup of a database that passed its check at start (P46): a look after start-up, then
 * every hour; a backup is taken when the newest is a day old or there is none. Returns a stop function
 * that waits for a backup in progress.
 */
export function scheduleBackups(options: BackupScheduleOptions): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  let busy = false
  let stopped = false
  const look = (): void => {
    if (stopped || busy) return
    const newest = newestBackup(options.dataDir)
    if (newest && options.now() - newest.takenAt < DAY_MS) return
    busy = true
    running = takeBackup(options.db, options.dataDir, options.now())
      .catch((error: unknown) => options.onError('the daily database backup failed', error))
      .finally(() => (busy = false))
  }
  const first = setTimeout(look, options.firstAfterMs ?? 60_000)
  const every = setInterval(look, options.everyMs ?? 60 * 60_000)
  first.unref()
  every.unref()
  return async () => {
    stopped = true
    clearTimeout(first)
    clearInterval(every)
    await running
  }
}

/**
 * The user's "open the backup": the database files as they are (damaged, lost, or a folder in their way)
 * are moved aside into `set-aside-<time>/`, never deleted, and the newest backup is copied into place (the
 * backup itself stays). Runs under the data folder's lock, before the database is opened. Returns the
 * backup used, or null when there is none.
 */
export function restoreNewestBackup(
  dataDir: string,
  databaseFile: string,
  at: number
): { file: string; takenAt: number; setAside: string } | null {
  const backup = newestBackup(dataDir)
  if (!backup) return null
  const setAside = join(dataDir, `set-aside-${nameFor(at).replace(/^studio-|\.db$/g, '')}`)
  mkdirSync(setAside, { recursive: true })
  for (const suffix of ['', '-wal', '-shm']) {
    const from = join(dataDir, `${databaseFile}${suffix}`)
    if (existsSync(from)) renameSync(from, join(setAside, `${databaseFile}${suffix}`))
  }
  const target = join(dataDir, databaseFile)
  copyFileSync(backup.file, `${target}.partial`)
  fsyncPath(`${target}.partial`)
  renameSync(`${target}.partial`, target)
  fsyncPath(dataDir)
  return { ...backup, setAside }
}
