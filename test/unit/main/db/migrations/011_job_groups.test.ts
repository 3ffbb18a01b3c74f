import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 011_job_groups', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  it('adds groups; older jobs belong to none, and deleting a group leaves its jobs', () => {
    db = openDatabase(`${temp.dir}/up.db`)
    migrate(db, migrations.slice(0, 10))
    const job = db.prepare(
      `INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, created_at, updated_at)
       VALUES (?, 'image', '/v3/images/generations', 'demo', 'm', 'p', '{}', 'pending', 1, 1)`
    )
    job.run('old')
    migrate(db, migrations.slice(0, 11))
    expect(db.prepare('SELECT group_id FROM jobs WHERE id = ?').get('old')).toEqual({ group_id: null })
    db.prepare(
      "INSERT INTO job_groups (id, name, screen, settings, created_at, updated_at) VALUES ('g', 'Compare', 'compare', NULL, 2, 2)"
    ).run()
    job.run('new')
    db.prepare("UPDATE jobs SET group_id = 'g' WHERE id = 'new'").run()
    expect(() => db.prepare("UPDATE jobs SET group_id = 'nope' WHERE id = 'old'").run()).toThrow(
      /FOREIGN KEY/
    )
    db.prepare("DELETE FROM job_groups WHERE id = 'g'").run()
    expect(db.prepare('SELECT id, group_id FROM jobs ORDER BY id').all()).toEqual([
      { id: 'new', group_id: null },
      { id: 'old', group_id: null }
    ])
  })
})
