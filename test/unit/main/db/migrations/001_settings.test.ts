import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 001_settings', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  it('creates a strict key/value settings table', () => {
    db = openDatabase(`${temp.dir}/s.db`)
    migrate(db, migrations.slice(0, 1))
    db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('theme', '"dark"', 1)
    expect(db.prepare('SELECT value FROM settings WHERE key = ?').get('theme')).toEqual({ value: '"dark"' })
    // STRICT: a wrong type is refused instead of silently stored.
    expect(() =>
      db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('x', '1', 'soon')
    ).toThrow()
    // One row per key.
    expect(() =>
      db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('theme', '1', 2)
    ).toThrow()
  })
})
