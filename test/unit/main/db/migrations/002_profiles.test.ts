import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 002_profiles', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const insert = (id: string, active: number): void => {
    db.prepare(
      `INSERT INTO profiles (id, kind, name, base_url, is_active, created_at, updated_at) VALUES (?, 'remote', ?, 'https://x', ?, 1, 1)`
    ).run(id, id, active)
  }

  it('upgrades a version-1 database and keeps its settings', () => {
    db = openDatabase(`${temp.dir}/a.db`)
    migrate(db, migrations.slice(0, 1))
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('theme', '\"dark\"', 1)").run()
    expect(migrate(db, migrations.slice(0, 2))).toEqual({ from: 1, to: 2 })
    expect(db.prepare('SELECT value FROM settings').get()).toEqual({ value: '"dark"' })
  })

  it('allows at most one active profile', () => {
    db = openDatabase(`${temp.dir}/b.db`)
    migrate(db, migrations.slice(0, 2))
    insert('a', 1)
    insert('b', 0)
    expect(() => insert('c', 1)).toThrow(/UNIQUE/)
  })

  it('deletes keys and cached models with their profile', () => {
    db = openDatabase(`${temp.dir}/c.db`)
    migrate(db, migrations.slice(0, 2))
    insert('a', 1)
    db.prepare("INSERT INTO profile_keys VALUES ('a', x'00', '1234', 'os', 1)").run()
    db.prepare("INSERT INTO model_catalog VALUES ('a', 'm', 0, '{}')").run()
    db.prepare("INSERT INTO model_catalog_fetches VALUES ('a', 1)").run()
    db.prepare("DELETE FROM profiles WHERE id = 'a'").run()
    for (const table of ['profile_keys', 'model_catalog', 'model_catalog_fetches']) {
      expect(db.prepare(`SELECT count(*) AS n FROM ${table}`).get(), table).toEqual({ n: 0 })
    }
  })

  it('refuses an unknown kind or an empty name', () => {
    db = openDatabase(`${temp.dir}/d.db`)
    migrate(db, migrations.slice(0, 2))
    expect(() =>
      db
        .prepare(
          `INSERT INTO profiles (id, kind, name, base_url, created_at, updated_at) VALUES ('x', 'evil', 'n', 'u', 1, 1)`
        )
        .run()
    ).toThrow(/CHECK/)
    expect(() =>
      db
        .prepare(
          `INSERT INTO profiles (id, kind, name, base_url, created_at, updated_at) VALUES ('x', 'remote', '', 'u', 1, 1)`
        )
        .run()
    ).toThrow(/CHECK/)
  })
})
