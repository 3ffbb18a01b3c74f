import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { DatabaseTooNewError, migrate, schemaVersion, type Migration } from '../../../../src/main/db/migrate'
import { makeTempDir } from '../../../helpers/tempDir'

const table = (version: number, name: string): Migration => ({
  version,
  name: `${version}_${name}`,
  up: (db) => db.exec(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY) STRICT`)
})

const tables = (db: Db): string[] =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string
    }[]
  ).map((row) => row.name)

describe('migration runner', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  it('applies pending migrations in order and records user_version', () => {
    db = openDatabase(`${temp.dir}/a.db`)
    expect(migrate(db, [table(1, 'one'), table(2, 'two')])).toEqual({ from: 0, to: 2 })
    expect(schemaVersion(db)).toBe(2)
    expect(tables(db)).toEqual(['one', 'two'])
  })

  it('applies only what is new on the next start', () => {
    db = openDatabase(`${temp.dir}/b.db`)
    migrate(db, [table(1, 'one')])
    expect(migrate(db, [table(1, 'one'), table(2, 'two')])).toEqual({ from: 1, to: 2 })
    expect(migrate(db, [table(1, 'one'), table(2, 'two')])).toEqual({ from: 2, to: 2 })
  })

  it('refuses a database written by a newer app and leaves it untouched', () => {
    db = openDatabase(`${temp.dir}/c.db`)
    migrate(db, [table(1, 'one'), table(2, 'two'), table(3, 'three')])
    expect(() => migrate(db, [table(1, 'one')])).toThrow(DatabaseTooNewError)
    expect(schemaVersion(db)).toBe(3)
  })

  it('runs all pending migrations in one transaction: a failure leaves nothing behind', () => {
    db = openDatabase(`${temp.dir}/d.db`)
    const broken: Migration = {
      version: 2,
      name: '2_broken',
      up: () => {
        throw new Error('boom')
      }
    }
    expect(() => migrate(db, [table(1, 'one'), broken])).toThrow('boom')
    expect(schemaVersion(db)).toBe(0)
    expect(tables(db)).toEqual([])
  })

  it('refuses a list with gaps or out of order', () => {
    db = openDatabase(`${temp.dir}/e.db`)
    expect(() => migrate(db, [table(2, 'two')])).toThrow(/out of order/)
  })

  it('opens with WAL, synchronous FULL, foreign keys and a 5 s busy timeout [P27]', () => {
    db = openDatabase(`${temp.dir}/f.db`)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('synchronous', { simple: true })).toBe(2)
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000)
  })
})
