import type BetterSqlite3 from 'better-sqlite3'
import { writeTransaction, type Db } from '../db/connection'
import type { MediaRecord } from './records'

type Statement<P extends unknown[], R = unknown> = BetterSqlite3.Statement<P, R>

/** `media` columns under the names of `MediaRecord`. */
const COLUMNS =
  'id, sha256, mime, path, bytes, width, height, duration_ms AS durationMs, thumb_path AS thumbPath, created_at AS createdAt'

/**
 * The `media` table, its one writer: a row per kept object, found by id or by content hash. Rows name
 * objects by their store key (`<yyyy>/<mm>/<sha256>.<ext>`), never by a path on this machine.
 */
export class MediaTable {
  private readonly stmt: {
    byId: Statement<[string], MediaRecord>
    bySha: Statement<[string], MediaRecord>
    insert: Statement<[MediaRecord]>
    repair: Statement<[{ id: string; path: string; thumbPath: string | null }]>
    setThumb: Statement<[{ id: string; thumbPath: string }]>
    used: Statement<[string], { n: number }>
    remove: Statement<[string]>
    remoteOf: Statement<[string], { locationId: string }>
    markRemote: Statement<[string, string]>
    clearRemote: Statement<[string]>
  }

  constructor(private readonly db: Db) {
    this.stmt = {
      byId: db.prepare<[string], MediaRecord>(`SELECT ${COLUMNS} FROM media WHERE id = ?`),
      bySha: db.prepare<[string], MediaRecord>(`SELECT ${COLUMNS} FROM media WHERE sha256 = ?`),
      insert: db.prepare<[MediaRecord]>(
        `INSERT INTO media (id, sha256, mime, path, bytes, width, height, duration_ms, thumb_path, created_at)
         VALUES (@id, @sha256, @mime, @path, @bytes, @width, @height, @durationMs, @thumbPath, @createdAt)`
      ),
      repair: db.prepare<[{ id: string; path: string; thumbPath: string | null }]>(
        'UPDATE media SET path = @path, thumb_path = @thumbPath WHERE id = @id'
      ),
      setThumb: db.prepare<[{ id: string; thumbPath: string }]>(
        'UPDATE media SET thumb_path = @thumbPath WHERE id = @id AND thumb_path IS NULL'
      ),
      used: db.prepare<[string], { n: number }>('SELECT 1 AS n FROM results WHERE media_id = ? LIMIT 1'),
      remove: db.prepare<[string]>('DELETE FROM media WHERE id = ?'),
      remoteOf: db.prepare<[string], { locationId: string }>(
        'SELECT location_id AS locationId FROM team_files WHERE media_id = ?'
      ),
      markRemote: db.prepare<[string, string]>(
        'INSERT INTO team_files (media_id, location_id) VALUES (?, ?) ON CONFLICT (media_id) DO NOTHING'
      ),
      clearRemote: db.prepare<[string]>('DELETE FROM team_files WHERE media_id = ?')
    }
  }

  get(id: string): MediaRecord | null {
    return this.stmt.byId.get(id) ?? null
  }

  bySha(sha256: string): MediaRecord | null {
    return this.stmt.bySha.get(sha256) ?? null
  }

  /**
   * Keeps `record` for its bytes (call inside a commit): inserted when no row has these bytes, else the row
   * that has them is repaired to name the object just written (its own was lost). Answers the row kept, and
   * whether it was a team file still away (its bytes came another way: imported, made again).
   */
  keep(record: MediaRecord): { kept: MediaRecord; cameHere: boolean } {
    const row = this.bySha(record.sha256)
    if (!row) {
      this.stmt.insert.run(record)
      return { kept: record, cameHere: false }
    }
    const repaired = { ...row, path: record.path, thumbPath: record.thumbPath }
    this.stmt.repair.run({ id: row.id, path: repaired.path, thumbPath: repaired.thumbPath })
    return { kept: repaired, cameHere: this.stmt.clearRemote.run(row.id).changes > 0 }
  }

  /**
   * Keeps the row of a team image whose file is still at `locationId` (call inside a commit): inserted with
   * its thumbnail and marked, unless a row of these bytes exists (which is answered as it is).
   */
  keepRemote(record: MediaRecord, locationId: string): MediaRecord {
    const row = this.bySha(record.sha256)
    if (row) return row
    this.stmt.insert.run(record)
    this.stmt.markRemote.run(record.id, locationId)
    return record
  }

  /** The location `id`'s file is still at, or null when it is here (or no such row). */
  remoteOf(id: string): string | null {
    return this.stmt.remoteOf.get(id)?.locationId ?? null
  }

  /** `id`'s file is here now. */
  fetched(id: string): void {
    this.stmt.clearRemote.run(id)
  }

  /** Names `id`'s thumbnail unless it already has one; answers whether a row changed (0 if it is gone). */
  setThumb(id: string, thumbPath: string): boolean {
    return this.stmt.setThumb.run({ id, thumbPath }).changes > 0
  }

  /**
   * Deletes `id`'s row unless a result still points at it (the same bytes may belong to several jobs), in
   * one transaction; answers the row deleted, so its objects can go after.
   */
  removeUnused(id: string): MediaRecord | 'not_found' | 'in_use' {
    return writeTransaction(this.db, () => {
      const row = this.stmt.byId.get(id)
      if (!row) return 'not_found'
      if (this.stmt.used.get(id)) return 'in_use'
      this.stmt.remove.run(id)
      return row
    })
  }
}
