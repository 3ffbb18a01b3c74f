import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { mulberry32 } from '../../../../e2e/support/gallerySeed'
import { makeTempDir } from '../../../../helpers/tempDir'
import { insertJob, insertResult, pick } from './galleryRows'

const STATUSES = ['pending', 'stored', 'failed', 'expired'] as const

/** Each board's items counted: what its kept count must always say. */
const recount = (db: Db): unknown[] =>
  db
    .prepare(
      'SELECT b.id, (SELECT COUNT(*) FROM board_items i WHERE i.board_id = b.id) AS n FROM boards b ORDER BY b.id'
    )
    .all()
const kept = (db: Db): unknown[] => db.prepare('SELECT id, items AS n FROM boards ORDER BY id').all()

describe('migration 028_board_counts', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const board = (id: string): void => {
    db.prepare('INSERT INTO boards (id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, 1, 1)').run(
      id,
      id,
      id
    )
  }
  const onBoard = (boardId: string, resultId: string): void => {
    db.prepare(
      `INSERT INTO board_items (board_id, result_id, added_at) VALUES (?, ?, 1)
       ON CONFLICT (board_id, result_id) DO NOTHING`
    ).run(boardId, resultId)
  }

  it('counts what boards held before it, and keeps counting through every change after', () => {
    db = openDatabase(`${temp.dir}/up.db`)
    migrate(db, migrations.slice(0, 27))
    insertJob(db, 'a')
    for (let i = 0; i < 3; i++) insertResult(db, `a${i}`, 'a', i, 'stored')
    board('picks')
    board('empty')
    onBoard('picks', 'a0')
    onBoard('picks', 'a1')
    migrate(db, migrations.slice(0, 28))
    expect(kept(db)).toEqual([
      { id: 'empty', n: 0 },
      { id: 'picks', n: 2 }
    ])

    // Random boards, images on and off them (again too), images unstored (they leave their boards) or
    // deleted, boards and jobs deleted with what they hold: the kept count never drifts from a recount.
    const random = mulberry32(28)
    let next = 0
    let most = 0
    for (let step = 0; step < 500; step++) {
      const ids = (table: string): string[] =>
        (db.prepare(`SELECT id FROM ${table}`).all() as { id: string }[]).map((row) => row.id)
      const boards = ids('boards')
      const jobs = ids('jobs')
      const results = (
        db.prepare("SELECT id FROM results WHERE kind = 'image' AND status = 'stored'").all() as {
          id: string
        }[]
      ).map((row) => row.id)
      const roll = random()
      const status = random() < 0.7 ? 'stored' : pick(random, STATUSES)
      if (roll < 0.05 || boards.length === 0) board(`b${next++}`)
      else if (roll < 0.1 || jobs.length === 0) insertJob(db, `j${next++}`)
      else if (roll < 0.35) insertResult(db, `r${next++}`, pick(random, jobs), 100 + next, status)
      else if (roll < 0.7 && results.length > 0) onBoard(pick(random, boards), pick(random, results))
      else if (roll < 0.8 && results.length > 0)
        db.prepare('DELETE FROM board_items WHERE board_id = ? AND result_id = ?').run(
          pick(random, boards),
          pick(random, results)
        )
      else if (roll < 0.88 && results.length > 0)
        db.prepare('UPDATE results SET status = ? WHERE id = ?').run(
          pick(random, STATUSES),
          pick(random, results)
        )
      else if (roll < 0.94 && results.length > 0)
        db.prepare('DELETE FROM results WHERE id = ?').run(pick(random, results))
      else if (roll < 0.97) db.prepare('DELETE FROM boards WHERE id = ?').run(pick(random, boards))
      else db.prepare('DELETE FROM jobs WHERE id = ?').run(pick(random, jobs))
      expect(kept(db)).toEqual(recount(db))
      most = Math.max(most, (db.prepare('SELECT TOTAL(items) AS n FROM boards').get() as { n: number }).n)
    }
    // The walk did put many images on boards, not only empty boards counted as empty.
    expect(most).toBeGreaterThan(10)
  })
})
