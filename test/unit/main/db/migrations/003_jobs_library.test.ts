import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 003_jobs_library', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const open = (name: string): Db => {
    db = openDatabase(`${temp.dir}/${name}`)
    migrate(db, migrations.slice(0, 3))
    return db
  }
  const job = (id: string): void => {
    db.prepare(
      `INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, created_at, updated_at)
       VALUES (?, 'image', '/v3/images/generations', 'p', 'm', 'a red fox', '{}', 'pending', 1, 1)`
    ).run(id)
  }
  const task = (id: string, jobId: string, key: string, seq = 0): void => {
    db.prepare(
      `INSERT INTO tasks (id, job_id, seq, idempotency_key, request, request_hash, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, '{}', 'h', 'pending', 1, 1)`
    ).run(id, jobId, seq, key)
  }

  it('upgrades from version 2', () => {
    db = openDatabase(`${temp.dir}/up.db`)
    migrate(db, migrations.slice(0, 2))
    expect(migrate(db, migrations.slice(0, 3))).toEqual({ from: 2, to: 3 })
  })

  it('gives every task its own idempotency key [P18]', () => {
    open('a.db')
    job('j1')
    task('t1', 'j1', 'k1')
    expect(() => task('t2', 'j1', 'k1', 1)).toThrow(/UNIQUE/)
  })

  it('cascades tasks and results with their job, but never deletes media a result points at', () => {
    open('b.db')
    job('j1')
    task('t1', 'j1', 'k1')
    db.prepare(
      `INSERT INTO media (id, sha256, mime, path, bytes, created_at) VALUES ('m1', 's', 'image/png', 'a.png', 1, 1)`
    ).run()
    db.prepare(
      `INSERT INTO results (id, job_id, task_id, idx, kind, status, media_id, created_at, updated_at)
       VALUES ('r1', 'j1', 't1', 0, 'image', 'stored', 'm1', 1, 1)`
    ).run()
    expect(() => db.prepare("DELETE FROM media WHERE id = 'm1'").run()).toThrow(/FOREIGN KEY/)
    db.prepare("DELETE FROM jobs WHERE id = 'j1'").run()
    expect(db.prepare('SELECT count(*) AS n FROM tasks').get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT count(*) AS n FROM results').get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT count(*) AS n FROM media').get()).toEqual({ n: 1 })
  })

  it('refuses media types that are not PNG, JPEG, WebP or MP4', () => {
    open('c.db')
    expect(() =>
      db
        .prepare(
          `INSERT INTO media (id, sha256, mime, path, bytes, created_at) VALUES ('m', 's', 'image/svg+xml', 'a', 1, 1)`
        )
        .run()
    ).toThrow(/CHECK/)
  })

  it('finds prompts and revised prompts with full-text search', () => {
    open('d.db')
    db.prepare(
      "INSERT INTO search_index (job_id, result_id, prompt, revised_prompt) VALUES ('j1', NULL, 'A red fóx in snow', NULL)"
    ).run()
    db.prepare(
      "INSERT INTO search_index (job_id, result_id, prompt, revised_prompt) VALUES ('j2', 'r', NULL, 'lighthouse at dawn')"
    ).run()
    const find = (q: string) =>
      (
        db.prepare('SELECT job_id FROM search_index WHERE search_index MATCH ?').all(q) as {
          job_id: string
        }[]
      ).map((r) => r.job_id)
    expect(find('fox')).toEqual(['j1'])
    expect(find('lighthouse')).toEqual(['j2'])
    expect(find('nothing')).toEqual([])
  })
})
