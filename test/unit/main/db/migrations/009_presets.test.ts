import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 009_presets', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  it('adds presets (one name per screen, any case) and styles (unique names), on top of a version 8 database', () => {
    db = openDatabase(`${temp.dir}/up.db`)
    migrate(db, migrations.slice(0, 8))
    migrate(db, migrations.slice(0, 9))
    const preset = db.prepare(
      'INSERT INTO presets (id, screen, name, payload, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 1)'
    )
    preset.run('a', 'images', 'Poster', '{}')
    preset.run('b', 'video', 'poster', '{}')
    expect(() => preset.run('c', 'images', 'POSTER', '{}')).toThrow(/UNIQUE/)
    expect(() => preset.run('d', 'chat', 'Other', '{}')).toThrow(/CHECK/)
    const style = db.prepare(
      "INSERT INTO styles (id, name, prefix, created_at, updated_at) VALUES (?, ?, 'x', 1, 1)"
    )
    style.run('s1', 'Film')
    expect(() => style.run('s2', 'film')).toThrow(/UNIQUE/)
    expect(db.prepare('SELECT suffix FROM styles').get()).toEqual({ suffix: '' })
  })
})
