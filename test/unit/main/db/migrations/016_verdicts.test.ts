import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'
import { insertJobAndTask } from './seed'

describe('migration 016_verdicts', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  it('gives every result a verdict, none for those made before, and takes only kept or rejected', () => {
    db = openDatabase(`${temp.dir}/up.db`)
    migrate(db, migrations.slice(0, 15))
    insertJobAndTask(db)
    const result = db.prepare(
      `INSERT INTO results (id, job_id, task_id, idx, kind, status, created_at, updated_at)
       VALUES (?, 'j', 't', ?, 'image', 'failed', 1, 1)`
    )
    result.run('old', 0)
    migrate(db, migrations.slice(0, 16))
    expect(db.prepare("SELECT verdict FROM results WHERE id = 'old'").get()).toEqual({ verdict: null })
    result.run('new', 1)
    db.prepare("UPDATE results SET verdict = 'kept' WHERE id = 'new'").run()
    db.prepare("UPDATE results SET verdict = 'rejected' WHERE id = 'old'").run()
    expect(() => db.prepare("UPDATE results SET verdict = 'maybe' WHERE id = 'old'").run()).toThrow(/CHECK/)
    expect(db.prepare('SELECT id, verdict FROM results ORDER BY id').all()).toEqual([
      { id: 'new', verdict: 'kept' },
      { id: 'old', verdict: 'rejected' }
    ])
  })
})
