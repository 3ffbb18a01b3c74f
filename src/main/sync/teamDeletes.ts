import type { TeamDeleteImpact } from '../../shared/schemas/locations'
import type { Db } from '../db/connection'

/**
 * Deleting gallery images that a team shares, from this side: what it does to the team, said before the
 * designer agrees, and the "delete for everyone" asked for (`team_deletes`, migration 24), kept until a
 * sync of each location has put the delete in its journal.
 *
 * A plain delete needs no record: the next sync sees the image missing from its linked board and takes
 * it off the team board (`TeamSync.editsSinceBase`). A delete for everyone does: the gallery row is gone
 * at once, and the team library still holds the image, so nothing else would say it is to go.
 */
export class TeamDeletes {
  constructor(
    private readonly db: Db,
    /** The backend's one clock (`Clock.now`). */
    private readonly now: () => number
  ) {}

  /**
   * Of these gallery images: those on team boards, counted per board, and those a team library holds. An
   * image counts on a board once both sides agreed it is there (`team_base`): one put on a shared board
   * since the last sync has not reached the team, and deleting it takes it off no teammate's board.
   */
  impact(resultIds: readonly string[]): TeamDeleteImpact {
    const ids = JSON.stringify(resultIds)
    const boards = this.db
      .prepare<[string], TeamDeleteImpact['boards'][number]>(
        `SELECT tl.location_id AS locationId, l.name AS location, b.id AS boardId, b.name AS board,
           COUNT(DISTINCT r.id) AS images
         ${ON_TEAM_BOARDS}
         GROUP BY tl.location_id, b.id
         ORDER BY l.name COLLATE NOCASE, b.name COLLATE NOCASE, b.id`
      )
      .all(ids)
    const onBoards = this.db
      .prepare<[string], { n: number }>(`SELECT COUNT(DISTINCT r.id) AS n ${ON_TEAM_BOARDS}`)
      .get(ids)
    const inLibrary = this.db
      .prepare<[string], { n: number }>(
        `SELECT COUNT(*) AS n FROM results r
         WHERE r.id IN (SELECT value FROM json_each(?))
           AND EXISTS (SELECT 1 FROM team_links tl JOIN team_locations l ON l.id = tl.location_id
                       WHERE tl.kind = 'image' AND tl.local_id = r.media_id)`
      )
      .get(ids)
    return { onBoards: onBoards?.n ?? 0, boards, inLibrary: inLibrary?.n ?? 0 }
  }

  /**
   * Asks every location whose team library holds these library files (by their links) to delete them for
   * everyone at its next sync. Called inside the gallery's delete transaction, so the ask is kept exactly
   * when the delete is; asked twice, it is one ask.
   */
  forEveryone(mediaIds: readonly string[]): void {
    if (mediaIds.length === 0) return
    this.db
      .prepare(
        `INSERT INTO team_deletes (location_id, sha256, asked_at)
         SELECT tl.location_id, tl.team_id, ? FROM team_links tl
         WHERE tl.kind = 'image' AND tl.local_id IN (SELECT value FROM json_each(?))
         ON CONFLICT (location_id, sha256) DO NOTHING`
      )
      .run(this.now(), JSON.stringify(mediaIds))
  }

  /** The team images (content hashes) still to be deleted for everyone at a location, oldest ask first. */
  pending(locationId: string): string[] {
    return this.db
      .prepare<[string], { sha256: string }>(
        'SELECT sha256 FROM team_deletes WHERE location_id = ? ORDER BY asked_at, sha256'
      )
      .all(locationId)
      .map((row) => row.sha256)
  }

  /** These asks are in the location's journal now (its outbox sends them): they are done here. */
  sent(locationId: string, shas: readonly string[]): void {
    if (shas.length === 0) return
    this.db
      .prepare(
        'DELETE FROM team_deletes WHERE location_id = ? AND sha256 IN (SELECT value FROM json_each(?))'
      )
      .run(locationId, JSON.stringify(shas))
  }

  /** A location moved to another place: what was asked of the old one means nothing there. */
  forget(locationId: string): void {
    this.db.prepare('DELETE FROM team_deletes WHERE location_id = ?').run(locationId)
  }
}

/**
 * The selected images (`?`: their ids as JSON) on linked gallery boards whose team board holds them, as
 * agreed at the last sync: a board's member is `<team board>/<sha256>` in `team_base`.
 */
const ON_TEAM_BOARDS = `FROM results r
  JOIN media m ON m.id = r.media_id
  JOIN board_items bi ON bi.result_id = r.id
  JOIN boards b ON b.id = bi.board_id
  JOIN team_links tl ON tl.kind = 'board' AND tl.local_id = b.id
  JOIN team_locations l ON l.id = tl.location_id
  JOIN team_base tb ON tb.location_id = tl.location_id AND tb.kind = 'member'
    AND tb.team_id = tl.team_id || '/' || m.sha256
  WHERE r.id IN (SELECT value FROM json_each(?))`
