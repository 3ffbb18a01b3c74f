import { writeTransaction, type Db } from '../db/connection'

export type LinkKind = 'board' | 'image'
export type BaseKind = 'name' | 'member' | 'verdict' | 'rating' | 'note'

/**
 * The links between gallery boards and images and a location's team boards and images (`team_links`),
 * and what both sides last agreed on (`team_base`).
 */
export class TeamLinks {
  constructor(private readonly db: Db) {}

  local(locationId: string, kind: LinkKind, teamId: string): string | null {
    const row = this.db
      .prepare('SELECT local_id FROM team_links WHERE location_id = ? AND kind = ? AND team_id = ?')
      .get(locationId, kind, teamId) as { local_id: string } | undefined
    return row?.local_id ?? null
  }

  team(locationId: string, kind: LinkKind, localId: string): string | null {
    const row = this.db
      .prepare('SELECT team_id FROM team_links WHERE location_id = ? AND kind = ? AND local_id = ? LIMIT 1')
      .get(locationId, kind, localId) as { team_id: string } | undefined
    return row?.team_id ?? null
  }

  link(locationId: string, kind: LinkKind, teamId: string, localId: string): void {
    this.db
      .prepare(
        `INSERT INTO team_links (location_id, kind, team_id, local_id) VALUES (?, ?, ?, ?)
         ON CONFLICT (location_id, kind, team_id) DO UPDATE SET local_id = excluded.local_id`
      )
      .run(locationId, kind, teamId, localId)
  }

  /**
   * Keeps (or stops keeping) the files of a linked board's images on this computer; false when the gallery
   * board is not linked to the location. This computer's choice: never sent.
   */
  pin(locationId: string, localBoardId: string, pinned: boolean): boolean {
    return (
      this.db
        .prepare("UPDATE team_links SET pinned = ? WHERE location_id = ? AND kind = 'board' AND local_id = ?")
        .run(pinned ? 1 : 0, locationId, localBoardId).changes > 0
    )
  }

  /** The gallery boards of a location whose images' files are kept on this computer. */
  pinned(locationId: string): string[] {
    return this.db
      .prepare<[string], { localId: string }>(
        "SELECT local_id AS localId FROM team_links WHERE location_id = ? AND kind = 'board' AND pinned = 1"
      )
      .all(locationId)
      .map((row) => row.localId)
  }

  /** Every board link of a location: team board id → gallery board id. */
  boards(locationId: string): Array<{ teamId: string; localId: string }> {
    return this.db
      .prepare(
        "SELECT team_id AS teamId, local_id AS localId FROM team_links WHERE location_id = ? AND kind = 'board'"
      )
      .all(locationId) as Array<{ teamId: string; localId: string }>
  }

  /** The team images (content hashes) a location has linked to this gallery. */
  images(locationId: string): string[] {
    return this.db
      .prepare<[string], { teamId: string }>(
        "SELECT team_id AS teamId FROM team_links WHERE location_id = ? AND kind = 'image'"
      )
      .all(locationId)
      .map((row) => row.teamId)
  }

  /** Which of these team images another location links too. */
  imagesElsewhere(locationId: string, shas: readonly string[]): Set<string> {
    const rows = this.db
      .prepare<[string, string], { teamId: string }>(
        `SELECT DISTINCT team_id AS teamId FROM team_links
         WHERE location_id <> ? AND kind = 'image' AND team_id IN (SELECT value FROM json_each(?))`
      )
      .all(locationId, JSON.stringify(shas))
    return new Set(rows.map((row) => row.teamId))
  }

  unlink(locationId: string, kind: LinkKind, teamId: string): void {
    this.db
      .prepare('DELETE FROM team_links WHERE location_id = ? AND kind = ? AND team_id = ?')
      .run(locationId, kind, teamId)
  }

  /** The agreed values of one kind, by team id (a member's id is `<board>/<sha256>`). */
  base(locationId: string, kind: BaseKind): Map<string, string> {
    const rows = this.db
      .prepare('SELECT team_id, value FROM team_base WHERE location_id = ? AND kind = ?')
      .all(locationId, kind) as Array<{ team_id: string; value: string }>
    return new Map(rows.map((row) => [row.team_id, row.value]))
  }

  /** Replaces what was agreed for one kind, in one transaction. */
  setBase(locationId: string, kind: BaseKind, values: Map<string, string>): void {
    writeTransaction(this.db, () => {
      this.db.prepare('DELETE FROM team_base WHERE location_id = ? AND kind = ?').run(locationId, kind)
      const insert = this.db.prepare(
        'INSERT INTO team_base (location_id, kind, team_id, value) VALUES (?, ?, ?, ?)'
      )
      for (const [teamId, value] of values) insert.run(locationId, kind, teamId, value)
    })
  }

  /** Forgets every link and agreement of a location (the gallery's boards and images stay). */
  forget(locationId: string): void {
    writeTransaction(this.db, () => {
      this.db.prepare('DELETE FROM team_links WHERE location_id = ?').run(locationId)
      this.db.prepare('DELETE FROM team_base WHERE location_id = ?').run(locationId)
    })
  }
}
