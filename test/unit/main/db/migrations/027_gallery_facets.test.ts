import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { mulberry32 } from '../../../../e2e/support/gallerySeed'
import { makeTempDir } from '../../../../helpers/tempDir'
import { insertJob, insertResult, pick } from './galleryRows'

const STATUSES = ['pending', 'stored', 'failed', 'expired'] as const
const MODELS = ['m0', 'm1', 'm2'] as const
const ENDPOINTS = ['/v1/images/generations', '/v3/images/generations'] as const

/** Stored images per model, endpoint and gateway, counted from the results: what the kept rows must say. */
const recount = (db: Db): unknown[] =>
  db
    .prepare(
      `SELECT j.model, j.endpoint, j.profile_id AS profileId, COUNT(*) AS n
         FROM results r JOIN jobs j ON j.id = r.job_id
        WHERE r.kind = 'image' AND r.status = 'stored'
        GROUP BY j.model, j.endpoint, j.profile_id ORDER BY 1, 2, 3`
    )
    .all()
const kept = (db: Db): unknown[] =>
  db
    .prepare(
      `SELECT model, endpoint, profile_id AS profileId, images AS n FROM gallery_facets
        WHERE images > 0 ORDER BY 1, 2, 3`
    )
    .all()

describe('migration 027_gallery_facets', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const job = (id: string, model: string, endpoint: string, profile: string): void =>
    insertJob(db, id, { model, endpoint, profile })
  const result = (id: string, jobId: string, idx: number, status: string): void =>
    insertResult(db, id, jobId, idx, status)

  it('sums what was stored before it, and keeps the sums through every change after', () => {
    db = openDatabase(`${temp.dir}/up.db`)
    migrate(db, migrations.slice(0, 26))
    job('a', 'm1', ENDPOINTS[0], 'demo')
    job('b', 'm1', ENDPOINTS[0], 'demo')
    job('c', 'm2', ENDPOINTS[1], 'other')
    result('a0', 'a', 0, 'stored')
    result('a1', 'a', 1, 'pending')
    result('b0', 'b', 0, 'stored')
    result('c0', 'c', 0, 'failed')
    migrate(db, migrations.slice(0, 27))
    expect(kept(db)).toEqual([{ model: 'm1', endpoint: ENDPOINTS[0], profileId: 'demo', n: 2 }])
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'jobs_facets'").all()).toEqual([])

    // Random jobs, results stored and unstored, deletes of both, and a job moved to another model: the
    // kept sums never drift from a recount.
    const random = mulberry32(27)
    let next = 0
    for (let step = 0; step < 500; step++) {
      const jobs = (db.prepare('SELECT id FROM jobs').all() as { id: string }[]).map((row) => row.id)
      const results = (db.prepare('SELECT id FROM results').all() as { id: string }[]).map((row) => row.id)
      const roll = random()
      if (roll < 0.1 || jobs.length === 0)
        job(`j${next++}`, pick(random, MODELS), pick(random, ENDPOINTS), pick(random, ['demo', 'other']))
      else if (roll < 0.5) result(`r${next++}`, pick(random, jobs), 100 + next, pick(random, STATUSES))
      else if (roll < 0.75 && results.length > 0)
        db.prepare('UPDATE results SET status = ? WHERE id = ?').run(
          pick(random, STATUSES),
          pick(random, results)
        )
      else if (roll < 0.88 && results.length > 0)
        db.prepare('DELETE FROM results WHERE id = ?').run(pick(random, results))
      else if (roll < 0.94)
        db.prepare('UPDATE jobs SET model = ? WHERE id = ?').run(pick(random, MODELS), pick(random, jobs))
      // A job deleted with its results (cascade).
      else db.prepare('DELETE FROM jobs WHERE id = ?').run(pick(random, jobs))
      expect(kept(db)).toEqual(recount(db))
    }
    expect(
      (db.prepare('SELECT COUNT(*) AS n FROM gallery_facets WHERE images > 0').get() as { n: number }).n
    ).toBeGreaterThan(3)
    // No sum ever went below nothing.
    expect(db.prepare('SELECT * FROM gallery_facets WHERE images < 0').all()).toEqual([])
  })
})
