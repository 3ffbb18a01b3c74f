import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 008_boards', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const seedResult = (): void => {
    db.exec(`
      INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, created_at, updated_at)
        VALUES ('j', 'image', '/v1/images/generations', 'demo', 'm', 'p', '{}', 'succeeded', 1, 1);
      INSERT INTO tasks (id, job_id, seq, idempotency_key, request, request_hash, status, created_at, updated_at)
        VALUES ('t', 'j', 0, 'k', '{}', 'h', 'succeeded', 1, 1);
      INSERT INTO results (id, job_id, task_id, idx, kind, status, created_at, updated_at)
        VALUES ('r', 'j', 't', 0, 'image', 'pending', 1, 1);
    `)
  }

  it('adds boards with case-insensitive unique names, and items that go with their board or their image', () => {
    db = openDatabase(`${temp.dir}/up.db`)
    migrate(db, migrations.slice(0, 7))
    seedResult()
    migrate(db, migrations.slice(0, 8))
    db.prepare("INSERT INTO boards (id, name, created_at, updated_at) VALUES ('b1', 'Moodboard', 1, 1)").run()
    expect(() =>
      db
        .prepare("INSERT INTO boards (id, name, created_at, updated_at) VALUES ('b2', 'moodBOARD', 1, 1)")
        .run()
    ).toThrow(/UNIQUE/)
    db.prepare("INSERT INTO boards (id, name, created_at, updated_at) VALUES ('b2', 'Other', 1, 1)").run()
    db.prepare(
      "INSERT INTO board_items (board_id, result_id, added_at) VALUES ('b1', 'r', 1), ('b2', 'r', 1)"
    ).run()
    expect(() =>
      db.prepare("INSERT INTO board_items (board_id, result_id, added_at) VALUES ('b1', 'nope', 1)").run()
    ).toThrow(/FOREIGN KEY/)

    db.prepare("DELETE FROM boards WHERE id = 'b1'").run()
    expect(db.prepare('SELECT board_id FROM board_items').all()).toEqual([{ board_id: 'b2' }])
    db.prepare("DELETE FROM results WHERE id = 'r'").run()
    expect(db.prepare('SELECT COUNT(*) AS n FROM board_items').get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT COUNT(*) AS n FROM boards').get()).toEqual({ n: 1 })
  })
})
