import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { nameKey } from '../../../../../src/main/db/nameKey'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 010_name_keys', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  it('folds names in any script, renames the pairs NOCASE let in, and refuses them from then on', () => {
    db = openDatabase(`${temp.dir}/up.db`)
    migrate(db, migrations.slice(0, 9))
    const board = db.prepare('INSERT INTO boards (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)')
    board.run('b1', 'Äpfel', 1, 1)
    board.run('b2', 'äpfel', 2, 2)
    board.run('b3', 'äpfel (2)', 3, 3)
    board.run('b4', 'Straße', 4, 4)
    board.run('b5', 'STRASSE', 5, 5)
    const preset = db.prepare(
      'INSERT INTO presets (id, screen, name, payload, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 1)'
    )
    preset.run('p1', 'images', 'Été', '{}')
    preset.run('p2', 'images', 'été', '{}')
    preset.run('p3', 'video', 'été', '{}')
    migrate(db, migrations)
    expect(db.prepare('SELECT id, name FROM boards ORDER BY id').all()).toEqual([
      { id: 'b1', name: 'Äpfel' },
      { id: 'b2', name: 'äpfel (3)' },
      { id: 'b3', name: 'äpfel (2)' },
      { id: 'b4', name: 'Straße' },
      { id: 'b5', name: 'STRASSE (2)' }
    ])
    expect(db.prepare('SELECT id, name FROM presets ORDER BY id').all()).toEqual([
      { id: 'p1', name: 'Été' },
      { id: 'p2', name: 'été (2)' },
      { id: 'p3', name: 'été' }
    ])
    const named = db.prepare(
      'INSERT INTO boards (id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, 9, 9)'
    )
    expect(() => named.run('b6', 'ÄPFEL', nameKey('ÄPFEL'))).toThrow(/UNIQUE/)
    expect(nameKey('A\u0308pfel')).toBe(nameKey('äpfel'))
  })
})
