import { readJson, STORED_LIMITS } from '../../shared/json'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { LocationCheck, LocationSettings } from '../../shared/schemas/locations'
import { say } from '../../shared/sentences'
import { AppFailure } from '../contract/failure'
import { isUniqueViolation, writeTransaction, type Db } from '../db/connection'

export interface LocationRecord {
  id: string
  name: string
  settings: LocationSettings
  lastCheck: LocationCheck | null
  createdAt: number
}

const Row = z.object({
  id: z.string(),
  name: z.string(),
  settings: z.string(),
  last_check: z.string().nullable(),
  created_at: z.number()
})

/**
 * The team locations saved on this machine (`team_locations`). Rows read back are parsed: a row whose
 * settings no longer parse (written by a newer app, or damaged) is left out of the list rather than
 * breaking Settings.
 */
export class LocationRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number
  ) {}

  list(): LocationRecord[] {
    const rows = this.db
      .prepare('SELECT id, name, settings, last_check, created_at FROM team_locations ORDER BY name, id')
      .all()
    return rows.flatMap((row) => {
      const record = recordOf(row)
      return record ? [record] : []
    })
  }

  get(id: string): LocationRecord | null {
    const row: unknown = this.db
      .prepare('SELECT id, name, settings, last_check, created_at FROM team_locations WHERE id = ?')
      .get(id)
    return row === undefined ? null : recordOf(row)
  }

  /**
   * Adds (no `id`) or changes a location. `inside` runs in the same transaction with the saved record's
   * id: the secrets store drops or keeps credentials there, so an address and its credentials never
   * disagree on disk.
   */
  save(
    input: { id?: string | undefined; name: string; settings: LocationSettings },
    inside: (id: string) => void
  ): LocationRecord {
    const at = this.now()
    const id = input.id ?? randomUUID()
    try {
      writeTransaction(this.db, () => {
        if (input.id === undefined) {
          this.db
            .prepare(
              `INSERT INTO team_locations (id, name, kind, settings, last_check, created_at, updated_at)
               VALUES (?, ?, ?, ?, NULL, ?, ?)`
            )
            .run(id, input.name, input.settings.kind, JSON.stringify(input.settings), at, at)
        } else {
          const changed = this.db
            .prepare(
              `UPDATE team_locations SET name = ?, kind = ?, settings = ?, last_check = NULL, updated_at = ?
               WHERE id = ?`
            )
            .run(input.name, input.settings.kind, JSON.stringify(input.settings), at, id).changes
          if (changed === 0) throw new AppFailure('not_found', say('locationGone'))
        }
        inside(id)
      })
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppFailure('invalid_input', say('locationNameTaken', { name: input.name }))
      throw error
    }
    const saved = this.get(id)
    if (!saved) throw new AppFailure('not_found', say('locationGone'))
    return saved
  }

  /** Keeps what the last check found, for the list to show. */
  checked(id: string, check: LocationCheck): void {
    this.db.prepare('UPDATE team_locations SET last_check = ? WHERE id = ?').run(JSON.stringify(check), id)
  }

  /** Its credentials go with it (the foreign key cascades). */
  remove(id: string): boolean {
    return this.db.prepare('DELETE FROM team_locations WHERE id = ?').run(id).changes > 0
  }
}

function recordOf(input: unknown): LocationRecord | null {
  const row = Row.safeParse(input)
  if (!row.success) return null
  const settings = LocationSettings.safeParse(parse(row.data.settings))
  if (!settings.success) return null
  const check = row.data.last_check === null ? null : LocationCheck.safeParse(parse(row.data.last_check))
  return {
    id: row.data.id,
    name: row.data.name,
    settings: settings.data,
    lastCheck: check?.success ? check.data : null,
    createdAt: row.data.created_at
  }
}

function parse(text: string): unknown {
  const reading = readJson(text, STORED_LIMITS)
  return reading.ok ? reading.value : undefined
}
