import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'
import { insertJobAndTask } from './seed'

describe('migration 022_stars_notes', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const before = (file: string): Db => {
    const opened = openDatabase(`${temp.dir}/${file}`)
    migrate(opened, migrations.slice(0, 21))
    return opened
  }

  it('gives every result no stars and an empty note, and takes only 0 to 5 stars and 4,000 characters', () => {
    db = before('results.db')
    insertJobAndTask(db)
    db.prepare(
      `INSERT INTO results (id, job_id, task_id, idx, kind, status, verdict, created_at, updated_at)
       VALUES ('old', 'j', 't', 0, 'image', 'stored', 'kept', 1, 1)`
    ).run()
    migrate(db, migrations.slice(0, 22))
    expect(db.prepare("SELECT verdict, rating, note FROM results WHERE id = 'old'").get()).toEqual({
      verdict: 'kept',
      rating: 0,
      note: ''
    })
    const set = (column: 'rating' | 'note', value: unknown): void => {
      db.prepare(`UPDATE results SET ${column} = ? WHERE id = 'old'`).run(value)
    }
    set('rating', 5)
    for (const bad of [6, -1]) expect(() => set('rating', bad)).toThrow(/CHECK/)
    // A STRICT table: stars are whole numbers, and a note is text that is always there.
    expect(() => set('rating', 2.5)).toThrow()
    expect(() => set('note', null)).toThrow(/NOT NULL/)
    // The limit counts characters, as the contract does (a CJK character is one, not three bytes).
    set('note', '字'.repeat(4_000))
    expect(() => set('note', 'x'.repeat(4_001))).toThrow(/CHECK/)
    expect(db.prepare("SELECT rating, length(note) AS chars FROM results WHERE id = 'old'").get()).toEqual({
      rating: 5,
      chars: 4_000
    })
  })

  it('keeps what a team location agreed on, takes stars and notes as kinds, and still goes with its location [P42]', () => {
    db = before('base.db')
    db.prepare(
      `INSERT INTO team_locations (id, name, kind, settings, created_at, updated_at)
       VALUES ('loc', 'Team', 'folder', '{}', 1, 1)`
    ).run()
    const agree = db.prepare(
      "INSERT INTO team_base (location_id, kind, team_id, value) VALUES ('loc', ?, ?, ?)"
    )
    agree.run('name', 'board1', 'Picks')
    agree.run('verdict', 'a'.repeat(64), 'kept')
    expect(() => agree.run('rating', 'a'.repeat(64), '3')).toThrow(/CHECK/)
    migrate(db, migrations.slice(0, 22))
    agree.run('rating', 'a'.repeat(64), '3')
    agree.run('note', 'a'.repeat(64), 'warmer light')
    expect(() => agree.run('favorite', 'a'.repeat(64), '1')).toThrow(/CHECK/)
    expect(db.prepare('SELECT kind, value FROM team_base ORDER BY kind').all()).toEqual([
      { kind: 'name', value: 'Picks' },
      { kind: 'note', value: 'warmer light' },
      { kind: 'rating', value: '3' },
      { kind: 'verdict', value: 'kept' }
    ])
    db.prepare("DELETE FROM team_locations WHERE id = 'loc'").run()
    expect(db.prepare('SELECT COUNT(*) AS n FROM team_base').get()).toEqual({ n: 0 })
    expect(db.pragma('foreign_key_check')).toEqual([])
  })
})
