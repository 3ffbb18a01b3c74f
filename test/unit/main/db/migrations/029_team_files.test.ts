import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../../src/main/db/connection'
import { migrate } from '../../../../../src/main/db/migrate'
import { migrations } from '../../../../../src/main/db/migrations'
import { makeTempDir } from '../../../../helpers/tempDir'

describe('migration 029_team_files', () => {
  const temp = makeTempDir()
  let db: Db
  afterEach(() => db?.close())
  afterAll(() => temp.cleanup())

  const media = (id: string): void => {
    db.prepare(
      `INSERT INTO media (id, sha256, mime, path, bytes, width, height, duration_ms, thumb_path, created_at)
       VALUES (?, ?, 'image/png', ?, 10, 2, 2, NULL, NULL, 1)`
    ).run(id, id.padEnd(64, '0'), `2025/01/${id}.png`)
  }

  it('keeps the links it finds unpinned, marks team files, and lets them go with their media', () => {
    db = openDatabase(`${temp.dir}/up.db`)
    migrate(db, migrations.slice(0, 28))
    db.prepare(
      `INSERT INTO team_locations (id, name, kind, settings, created_at, updated_at)
       VALUES ('loc1', 'Team', 'folder', '{}', 1, 1)`
    ).run()
    db.prepare(
      "INSERT INTO team_links (location_id, kind, team_id, local_id) VALUES ('loc1', 'board', 'teamboard1', 'b1')"
    ).run()
    media('a'.repeat(32))
    migrate(db, migrations.slice(0, 29))

    expect(db.prepare('SELECT team_id, pinned FROM team_links').all()).toEqual([
      { team_id: 'teamboard1', pinned: 0 }
    ])
    expect(() => db.prepare('UPDATE team_links SET pinned = 2').run()).toThrow()

    media('b'.repeat(32))
    db.prepare("INSERT INTO team_files (media_id, location_id) VALUES (?, 'loc1')").run('a'.repeat(32))
    db.prepare("INSERT INTO team_files (media_id, location_id) VALUES (?, 'loc1')").run('b'.repeat(32))
    // Only a media row can be marked.
    expect(() =>
      db.prepare("INSERT INTO team_files (media_id, location_id) VALUES ('nosuchmedia', 'loc1')").run()
    ).toThrow()
    db.prepare('DELETE FROM media WHERE id = ?').run('a'.repeat(32))
    expect(db.prepare('SELECT media_id FROM team_files').all()).toEqual([{ media_id: 'b'.repeat(32) }])
  })
})
