import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { mulberry32 } from '../../../../e2e/support/gallerySeed'
import { makeTempDir } from '../../../../helpers/tempDir'
import { insertJob, insertResult } from './galleryRows'

const STATUSES = ['pending', 'stored', 'failed', 'expired'] as const

/** Each job's stored images counted from the results themselves: what the kept count must always say. */
const recount = (db: Db): unknown[] =>
  db
    .prepare(
      `SELECT j.id, (SELECT COUNT(*) FROM results r WHERE r.job_id = j.id AND r.kind = 'image'
         AND r.status = 'stored') AS n FROM jobs j ORDER BY j.id`
    )
    .all()
const kept = (db: Db): unknown[] => db.prepare('SELECT id, stored_images AS n FROM jobs ORDER BY id').all()

describe('migration 026_gallery_counts', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const job = (id: string, model: string): void => insertJob(db, id, { model })
  const result = (id: string, jobId: string, idx: number, status: string): void =>
    insertResult(db, id, jobId, idx, status)

  it('counts what was stored before it, and keeps counting through every change after', () => {
    db = openDatabase(`${temp.dir}/up.db`)
    migrate(db, migrations.slice(0, 25))
    job('a', 'm1')
    job('b', 'm2')
    result('a0', 'a', 0, 'stored')
    result('a1', 'a', 1, 'pending')
    result('b0', 'b', 0, 'stored')
    migrate(db, migrations.slice(0, 26))
    expect(kept(db)).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 1 }
    ])

    // Random inserts, status changes and deletes of results and jobs: the kept count never drifts.
    const random = mulberry32(26)
    let next = 0
    for (let step = 0; step < 400; step++) {
      const jobs = (db.prepare('SELECT id FROM jobs').all() as { id: string }[]).map((row) => row.id)
      const results = (db.prepare('SELECT id FROM results').all() as { id: string }[]).map((row) => row.id)
      const roll = random()
      if (roll < 0.1 || jobs.length === 0) job(`j${next++}`, `m${Math.floor(random() * 3)}`)
      else if (roll < 0.5) {
        const jobId = jobs[Math.floor(random() * jobs.length)] ?? ''
        result(`r${next++}`, jobId, next, STATUSES[Math.floor(random() * STATUSES.length)] ?? 'stored')
      } else if (roll < 0.8 && results.length > 0) {
        db.prepare('UPDATE results SET status = ? WHERE id = ?').run(
          STATUSES[Math.floor(random() * STATUSES.length)] ?? 'stored',
          results[Math.floor(random() * results.length)] ?? ''
        )
      } else if (roll < 0.95 && results.length > 0) {
        db.prepare('DELETE FROM results WHERE id = ?').run(
          results[Math.floor(random() * results.length)] ?? ''
        )
      } else {
        // A job deleted with its results (cascade): its own row is gone before theirs.
        db.prepare('DELETE FROM jobs WHERE id = ?').run(jobs[Math.floor(random() * jobs.length)] ?? '')
      }
      expect(kept(db)).toEqual(recount(db))
      expect(db.prepare('SELECT images FROM gallery_total').get()).toEqual(
        db.prepare("SELECT COUNT(*) AS images FROM results WHERE kind = 'image' AND status = 'stored'").get()
      )
    }
    expect((db.prepare('SELECT COUNT(*) AS n FROM jobs').get() as { n: number }).n).toBeGreaterThan(5)
  })

  it('takes an image off its boards when it stops being a stored image, and only then', () => {
    db = openDatabase(`${temp.dir}/boards.db`)
    migrate(db, migrations.slice(0, 25))
    job('a', 'm1')
    result('kept', 'a', 0, 'stored')
    result('gone', 'a', 1, 'stored')
    result('never', 'a', 2, 'failed')
    db.prepare(
      "INSERT INTO boards (id, name, name_key, created_at, updated_at) VALUES ('b', 'Picks', 'picks', 1, 1)"
    ).run()
    const onBoard = db.prepare("INSERT INTO board_items (board_id, result_id, added_at) VALUES ('b', ?, 1)")
    for (const id of ['kept', 'gone', 'never']) onBoard.run(id)
    migrate(db, migrations.slice(0, 26))
    // A failed result on a board never showed there: the upgrade drops it.
    const items = (): unknown[] =>
      db.prepare('SELECT result_id AS id FROM board_items ORDER BY result_id').all()
    expect(items()).toEqual([{ id: 'gone' }, { id: 'kept' }])
    db.prepare("UPDATE results SET status = 'expired' WHERE id = 'gone'").run()
    expect(items()).toEqual([{ id: 'kept' }])
    db.prepare("UPDATE results SET revised_prompt = 'x' WHERE id = 'kept'").run()
    expect(items()).toEqual([{ id: 'kept' }])
  })
})
