import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 005_key_origins', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const profile = (id: string, baseUrl: string): void => {
    db.prepare(
      `INSERT INTO profiles (id, kind, name, base_url, created_at, updated_at) VALUES (?, 'remote', ?, ?, 1, 1)`
    ).run(id, id, baseUrl)
  }
  const key = (profileId: string): void => {
    db.prepare(
      `INSERT INTO profile_keys (profile_id, ciphertext, last4, protection, updated_at) VALUES (?, x'0102', 'abcd', 'weak', 7)`
    ).run(profileId)
  }
  const atVersion4 = (name: string): Db => {
    db = openDatabase(`${temp.dir}/${name}`)
    migrate(db, migrations.slice(0, 4))
    return db
  }

  it('[P11] binds every key of an older database to the origin of its profile, normalised by the URL parser', () => {
    atVersion4('bind.db')
    profile('a', 'https://GW.Example.com:443/t/acme')
    profile('b', 'http://127.0.0.1:8080/t/b')
    key('a')
    key('b')
    expect(migrate(db, migrations.slice(0, 5))).toEqual({ from: 4, to: 5 })
    const rows = db.prepare('SELECT * FROM profile_keys ORDER BY profile_id').all()
    expect(rows).toEqual([
      {
        profile_id: 'a',
        ciphertext: Buffer.from([1, 2]),
        last4: 'abcd',
        protection: 'weak',
        origin: 'https://gw.example.com',
        updated_at: 7
      },
      {
        profile_id: 'b',
        ciphertext: Buffer.from([1, 2]),
        last4: 'abcd',
        protection: 'weak',
        origin: 'http://127.0.0.1:8080',
        updated_at: 7
      }
    ])
    expect(db.prepare('SELECT id, key_removed FROM profiles ORDER BY id').all()).toEqual([
      { id: 'a', key_removed: null },
      { id: 'b', key_removed: null }
    ])
  })

  it('[P11] drops a key whose profile address is not a web address rather than bind it to a guess', () => {
    atVersion4('drop.db')
    profile('odd', 'not a url')
    profile('ftp', 'ftp://files.example.com')
    key('odd')
    key('ftp')
    migrate(db, migrations.slice(0, 5))
    expect(db.prepare('SELECT count(*) AS n FROM profile_keys').get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT count(*) AS n FROM profiles').get()).toEqual({ n: 2 })
  })

  it('[P11] makes an unbound key impossible and keeps the cascade from profiles', () => {
    db = openDatabase(`${temp.dir}/schema.db`)
    migrate(db, migrations.slice(0, 5))
    profile('a', 'https://gw.example.com')
    expect(() => key('a')).toThrow(/NOT NULL/)
    db.prepare(
      `INSERT INTO profile_keys (profile_id, ciphertext, last4, protection, origin, updated_at)
       VALUES ('a', x'00', '1234', 'os', 'https://gw.example.com', 1)`
    ).run()
    db.prepare("DELETE FROM profiles WHERE id = 'a'").run()
    expect(db.prepare('SELECT count(*) AS n FROM profile_keys').get()).toEqual({ n: 0 })
  })

  it('accepts only the known reason for a removed key', () => {
    db = openDatabase(`${temp.dir}/reason.db`)
    migrate(db, migrations.slice(0, 5))
    profile('a', 'https://gw.example.com')
    db.prepare("UPDATE profiles SET key_removed = 'origin_changed' WHERE id = 'a'").run()
    expect(() => db.prepare("UPDATE profiles SET key_removed = 'whatever' WHERE id = 'a'").run()).toThrow(
      /CHECK/
    )
  })
})
