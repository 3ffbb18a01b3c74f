import { createHash, randomBytes } from 'node:crypto'
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
  writeSync
} from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { takeBackup } from '../../../../src/main/dataFolder/backups'
import { markClosedCleanly, openCheckedDatabase } from '../../../../src/main/dataFolder/database'
import { StartProblem } from '../../../../src/main/dataFolder/startProblem'
import { openDatabase } from '../../../../src/main/db/connection'
import { makeTempDir } from '../../../helpers/tempDir'

const digest = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex')

function refusal(dataDir: string): StartProblem {
  try {
    openCheckedDatabase(dataDir).close()
  } catch (error) {
    if (error instanceof StartProblem) return error
    throw error
  }
  throw new Error('the database was opened')
}

/** A data folder with a real database of a few hundred rows and a library holding a file. */
function populated(dir: string): string {
  mkdirSync(join(dir, 'library', 'ab'), { recursive: true })
  writeFileSync(join(dir, 'library', 'ab', 'image.png'), randomBytes(64))
  const db = openDatabase(join(dir, 'studio.db'))
  db.exec('CREATE TABLE boards (id TEXT PRIMARY KEY, name TEXT); CREATE INDEX boards_name ON boards (name)')
  const insert = db.prepare('INSERT INTO boards VALUES (?, ?)')
  for (let i = 0; i < 2_000; i++) insert.run(`b${i}`, `Board ${i} ${'x'.repeat(40)}`)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return join(dir, 'studio.db')
}

describe('a database is checked before anything is written on it [P46]', () => {
  const temp = makeTempDir('gs-dbcheck-')

  it('opens a new data folder, and a sound database', () => {
    const fresh = join(temp.dir, 'fresh')
    mkdirSync(fresh)
    openCheckedDatabase(fresh).close()
    const sound = join(temp.dir, 'sound')
    populated(sound)
    const db = openCheckedDatabase(sound)
    expect(db.prepare('SELECT count(*) AS n FROM boards').get()).toEqual({ n: 2_000 })
    db.close()
  })

  it('refuses a database truncated to 0 bytes beside a library with files, and offers the newest backup', async () => {
    const dir = join(temp.dir, 'truncated')
    const file = populated(dir)
    const db = openDatabase(file)
    await takeBackup(db, dir, Date.parse('2026-11-26T10:00:00Z'))
    db.close()
    truncateSync(file, 0)
    const problem = refusal(dir)
    expect(problem.said).toMatchObject({ code: 'databaseLost', values: { path: file } })
    expect(problem.offers.backup?.takenAt).toBe(Date.parse('2026-11-26T10:00:00Z'))
    expect(statSync(file).size).toBe(0)
  })

  it('refuses 4 KB of garbage inside the file without writing a byte of it', () => {
    const dir = join(temp.dir, 'garbage')
    const file = populated(dir)
    const fd = openSync(file, 'r+')
    writeSync(fd, randomBytes(4096), 0, 4096, 4096 * 3)
    closeSync(fd)
    const before = digest(file)
    expect(refusal(dir).said).toMatchObject({ code: 'databaseDamaged', values: { path: file } })
    expect(digest(file)).toBe(before)
  })

  it('refuses a file that is not a database at all, and names a folder in its place', () => {
    const notDb = join(temp.dir, 'not-a-database')
    mkdirSync(notDb)
    writeFileSync(join(notDb, 'studio.db'), randomBytes(8192))
    expect(refusal(notDb).said.code).toBe('databaseDamaged')
    const folder = join(temp.dir, 'folder')
    mkdirSync(join(folder, 'studio.db'), { recursive: true })
    expect(refusal(folder).said).toMatchObject({
      code: 'databaseNotAFile',
      values: { path: join(folder, 'studio.db') }
    })
  })

  it('reads the whole file again after anything but a clean close by the app, and skips it only then', () => {
    const dir = join(temp.dir, 'marker')
    const file = populated(dir)
    openCheckedDatabase(dir).close()
    markClosedCleanly(dir)
    // Touched by something else after the clean close: the check runs and finds it.
    const fd = openSync(file, 'r+')
    writeSync(fd, randomBytes(4096), 0, 4096, 4096 * 3)
    closeSync(fd)
    expect(refusal(dir).said.code).toBe('databaseDamaged')
    // The same damage with the file's time put back, as if untouched since the clean close: the start
    // trusts the marker (the one case the fast path cannot see, and why the marker is used only once).
    const restored = populated(join(temp.dir, 'marker-2'))
    const dir2 = join(temp.dir, 'marker-2')
    openCheckedDatabase(dir2).close()
    markClosedCleanly(dir2)
    const { atime, mtime } = statSync(restored)
    const fd2 = openSync(restored, 'r+')
    writeSync(fd2, randomBytes(64), 0, 64, 4096 * 3 + 100)
    closeSync(fd2)
    utimesSync(restored, atime, mtime)
    openCheckedDatabase(dir2).close()
    // The marker was used up: the next start, without a clean close, checks the whole file again.
    expect(existsSync(join(dir2, 'studio.db.closed'))).toBe(false)
  })
})
