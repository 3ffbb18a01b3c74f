import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { pageQuery } from '../../../../../src/main/gallery/query'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 006_gallery_scale', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const open = (name: string, upTo = 6): Db => {
    db = openDatabase(`${temp.dir}/${name}`)
    migrate(db, migrations.slice(0, upTo))
    return db
  }
  const job = (id: string, prompt: string): void => {
    db.prepare(
      `INSERT INTO jobs (id, kind, endpoint, profile_id, model, prompt, params, status, created_at, updated_at)
       VALUES (?, 'image', '/v3/images/generations', 'demo', 'm', ?, '{}', 'succeeded', 1, 1)`
    ).run(id, prompt)
    db.prepare(
      `INSERT INTO tasks (id, job_id, seq, idempotency_key, request, request_hash, status, created_at, updated_at)
       VALUES (?, ?, 0, ?, '{}', 'h', 'succeeded', 1, 1)`
    ).run(`t-${id}`, id, `k-${id}`)
  }
  let mediaN = 0
  const result = (
    id: string,
    jobId: string,
    createdAt: number,
    { status = 'stored', revised = null as string | null, kind = 'image' } = {}
  ): void => {
    const mediaId = `m${mediaN++}`
    db.prepare(
      `INSERT INTO media (id, sha256, mime, path, bytes, created_at) VALUES (?, ?, 'image/png', 'x.png', 1, 1)`
    ).run(mediaId, `sha-${mediaId}`)
    db.prepare(
      `INSERT INTO results (id, job_id, task_id, idx, kind, status, media_id, revised_prompt, created_at, updated_at)
       VALUES (?, ?, ?, (SELECT COUNT(*) FROM results WHERE job_id = ?), ?, ?, ?, ?, ?, ?)`
    ).run(
      id,
      jobId,
      `t-${jobId}`,
      jobId,
      kind,
      status,
      status === 'stored' ? mediaId : null,
      revised,
      createdAt,
      createdAt
    )
  }
  /** Result ids whose document matches, newest key first. */
  const search = (match: string): string[] =>
    (
      db
        .prepare(
          `SELECT k.result_id AS id FROM gallery_search s JOIN gallery_keys k ON k.key = s.rowid
           WHERE gallery_search MATCH ? ORDER BY s.rowid DESC`
        )
        .all(match) as { id: string }[]
    ).map((row) => row.id)
  const keyOf = (id: string): number | undefined =>
    (db.prepare('SELECT key FROM gallery_keys WHERE result_id = ?').get(id) as { key: number } | undefined)
      ?.key

  it('upgrades from version 5, indexing what is stored in gallery order (oldest first, so keys grow)', () => {
    open('up.db', 5)
    job('j1', 'a red fox in snow')
    job('j2', 'lighthouse at dawn')
    result('newer', 'j1', 300, { revised: 'winter fox, soft light' })
    result('older', 'j2', 100)
    result('pending', 'j2', 200, { status: 'pending' })
    expect(migrate(db, migrations.slice(0, 6))).toEqual({ from: 5, to: 6 })
    expect((keyOf('older') ?? 0) < (keyOf('newer') ?? 0)).toBe(true)
    expect(keyOf('pending')).toBeUndefined()
    expect(search('"fox"*')).toEqual(['newer'])
    // Words from the job's prompt and from the image's own revised prompt, in one document.
    expect(search('"snow"* "winter"*')).toEqual(['newer'])
    expect(search('"light"*')).toEqual(['newer', 'older'])
    // The bulk load's larger memory for pending terms is not kept: everyday writes hold FTS5's default.
    const hashsize = db.prepare(`SELECT v FROM gallery_search_config WHERE k = 'hashsize'`).pluck().get()
    expect(hashsize).toBe(1024 * 1024)
  })

  it('keeps the documents current as results are stored, revised, failed and deleted', () => {
    open('triggers.db')
    job('j', 'teapot on linen')
    result('a', 'j', 1, { status: 'pending' })
    expect(search('"teapot"*')).toEqual([])
    db.prepare(
      "UPDATE results SET status = 'stored', media_id = (SELECT MAX(id) FROM media) WHERE id = 'a'"
    ).run()
    expect(search('"teapot"*')).toEqual(['a'])
    const key = keyOf('a')

    result('b', 'j', 2)
    expect(search('"teapot"*')).toEqual(['b', 'a'])
    // A new revised prompt keeps the image's place (its key).
    db.prepare("UPDATE results SET revised_prompt = 'porcelain' WHERE id = 'a'").run()
    expect(keyOf('a')).toBe(key)
    expect(search('"porcelain"*')).toEqual(['a'])
    expect(search('"teapot"* "porcelain"*')).toEqual(['a'])

    db.prepare("UPDATE results SET status = 'expired' WHERE id = 'b'").run()
    expect(search('"teapot"*')).toEqual(['a'])
    expect(keyOf('b')).toBeUndefined()

    db.prepare("DELETE FROM results WHERE id = 'a'").run()
    expect(search('"teapot"*')).toEqual([])
    expect(db.prepare('SELECT COUNT(*) AS n FROM gallery_keys').get()).toEqual({ n: 0 })
  })

  it('follows a job deleted with its results (cascade) and never reuses a key', () => {
    open('cascade.db')
    job('j', 'quiet harbour')
    result('a', 'j', 1)
    result('b', 'j', 2)
    const last = keyOf('b') ?? 0
    db.prepare("DELETE FROM jobs WHERE id = 'j'").run()
    expect(search('"harbour"*')).toEqual([])
    job('k', 'quiet harbour again')
    result('c', 'k', 3)
    expect(keyOf('c')).toBeGreaterThan(last)
    expect(search('"harbour"*')).toEqual(['c'])
  })

  it('re-indexes the images of a job whose prompt changes', () => {
    open('prompt.db')
    job('j', 'old words')
    result('a', 'j', 1, { revised: 'kept' })
    db.prepare("UPDATE jobs SET prompt = 'new words' WHERE id = 'j'").run()
    expect(search('"old"*')).toEqual([])
    expect(search('"new"* "kept"*')).toEqual(['a'])
  })

  it('leaves videos and unstored images out', () => {
    open('kinds.db')
    job('j', 'a clip of waves')
    result('v', 'j', 1, { kind: 'video' })
    result('f', 'j', 2, { status: 'failed' })
    expect(search('"waves"*')).toEqual([])
  })

  it('serves a gallery page and a jump from the partial index, without sorting the table', () => {
    // Today's page query reads columns later migrations add (stars): planned on today's schema.
    open('plan.db', migrations.length)
    const plan = (sql: string, params: unknown[]): string =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
        .map((row) => row.detail)
        .join('\n')
    const first = pageQuery({}, null, 121, 0)
    expect(plan(first.sql, first.params)).toMatch(/SCAN r USING COVERING INDEX results_gallery\b/)
    const jump = pageQuery({ favoritesOnly: true }, null, 300, 5000)
    expect(plan(jump.sql, jump.params)).toMatch(/COVERING INDEX results_gallery\b/)
    const text = pageQuery({ text: 'fox' }, null, 121, 0)
    expect(plan(text.sql, text.params)).not.toMatch(/TEMP B-TREE/)
  })
})
