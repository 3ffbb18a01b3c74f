import type { Db } from '../db/connection'

export type LinkKind = 'board' | 'image'

/** The links between gallery boards and images and a location's team boards and images (`team_links`). */
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
}
