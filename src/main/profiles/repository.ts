import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { originOf } from '../../shared/gateway/baseUrl'
import { ExtraFields, FieldMap, defaultFieldMap } from '../../shared/gateway/fieldMap'
import { writeTransaction, type Db } from '../db/connection'
import { readJsonColumn } from '../db/json'

export const DEMO_PROFILE_ID = 'demo'
/** Stored for the demo row only; the real address is the in-process emulator's, which changes per launch. */
export const DEMO_BASE_URL = 'demo://built-in'

export interface ProfileRecord {
  id: string
  kind: 'demo' | 'remote'
  name: string
  baseUrl: string
  fieldMap: FieldMap
  extraFields: ExtraFields
  active: boolean
  /** Why the profile lost its key, until a key is entered or cleared (see `update`). */
  keyRemoved: 'origin_changed' | null
  createdAt: number
  updatedAt: number
}

const KeyRemovedColumn = z.enum(['origin_changed']).nullable().catch(null)

interface ProfileRow {
  id: string
  kind: 'demo' | 'remote'
  name: string
  base_url: string
  field_map: string
  extra_fields: string
  is_active: number
  key_removed: string | null
  created_at: number
  updated_at: number
}

function toRecord(row: ProfileRow): ProfileRecord {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    baseUrl: row.base_url,
    fieldMap: readJsonColumn(FieldMap, row.field_map, defaultFieldMap()),
    extraFields: readJsonColumn(ExtraFields, row.extra_fields, {}),
    active: row.is_active === 1,
    keyRemoved: KeyRemovedColumn.parse(row.key_removed),
    createdAt: row.created_at,
    updatedAt: row.updated_at
  }
}

/**
 * The key store's side of an address change: it owns `profile_keys`, so it drops a key bound to another
 * origin itself (returns whether it did), inside the repository's transaction.
 */
export interface KeyBinding {
  keepOnlyFor(profileId: string, origin: string | null): boolean
}

export interface NewProfile {
  name: string
  baseUrl: string
  fieldMap: FieldMap
  extraFields: ExtraFields
}

export class ProfileRepository {
  constructor(
    private readonly db: Db,
    /** The backend's one clock (`Clock.now`). */
    private readonly now: () => number
  ) {}

  /** A first run gets the demo gateway, active, so the app works before anyone has a key. */
  ensureDemo(): void {
    writeTransaction(this.db, () => {
      const exists = this.db.prepare('SELECT 1 FROM profiles WHERE id = ?').get(DEMO_PROFILE_ID)
      if (exists) return
      const anyActive = this.db.prepare('SELECT 1 FROM profiles WHERE is_active = 1').get()
      const now = this.now()
      this.db
        .prepare(
          `INSERT INTO profiles (id, kind, name, base_url, field_map, extra_fields, is_active, created_at, updated_at)
           VALUES (?, 'demo', 'Demo gateway', ?, ?, '{}', ?, ?, ?)`
        )
        .run(DEMO_PROFILE_ID, DEMO_BASE_URL, JSON.stringify(defaultFieldMap()), anyActive ? 0 : 1, now, now)
    })
  }

  list(): ProfileRecord[] {
    const rows = this.db
      .prepare("SELECT * FROM profiles ORDER BY kind = 'demo' DESC, created_at, id")
      .all() as ProfileRow[]
    return rows.map(toRecord)
  }

  get(id: string): ProfileRecord | null {
    const row = this.db.prepare('SELECT * FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined
    return row ? toRecord(row) : null
  }

  active(): ProfileRecord {
    const row = this.db.prepare('SELECT * FROM profiles WHERE is_active = 1').get() as ProfileRow | undefined
    if (row) return toRecord(row)
    this.ensureDemo()
    this.activate(DEMO_PROFILE_ID)
    const demo = this.get(DEMO_PROFILE_ID)
    if (!demo) throw new Error('demo profile missing after ensureDemo')
    return demo
  }

  create(profile: NewProfile, activate: boolean): ProfileRecord {
    const id = randomUUID()
    const now = this.now()
    writeTransaction(this.db, () => {
      if (activate) this.db.prepare('UPDATE profiles SET is_active = 0 WHERE is_active = 1').run()
      this.db
        .prepare(
          `INSERT INTO profiles (id, kind, name, base_url, field_map, extra_fields, is_active, created_at, updated_at)
           VALUES (?, 'remote', ?, ?, ?, ?, ?, ?, ?)`
        )
        .run(
          id,
          profile.name,
          profile.baseUrl,
          JSON.stringify(profile.fieldMap),
          JSON.stringify(profile.extraFields),
          activate ? 1 : 0,
          now,
          now
        )
    })
    return this.mustGet(id)
  }

  /**
   * An address change to another origin (scheme, host or port, as the URL parser normalises them) removes
   * the profile's key in the same transaction and records why: a key belongs to the
   * server it was entered for, and there is no moment at which the new address and the old key coexist.
   * A path change on the same origin keeps the key. `keys` is required so no caller can forget it.
   */
  update(id: string, patch: Partial<NewProfile>, keys: KeyBinding): ProfileRecord {
    return writeTransaction(this.db, () => {
      const current = this.mustGet(id)
      const next = { ...current, ...patch }
      this.db
        .prepare(
          'UPDATE profiles SET name = ?, base_url = ?, field_map = ?, extra_fields = ?, updated_at = ? WHERE id = ?'
        )
        .run(
          next.name,
          next.baseUrl,
          JSON.stringify(next.fieldMap),
          JSON.stringify(next.extraFields),
          this.now(),
          id
        )
      const origin = originOf(next.baseUrl)
      if (origin !== originOf(current.baseUrl) && keys.keepOnlyFor(id, origin)) {
        this.db.prepare("UPDATE profiles SET key_removed = 'origin_changed' WHERE id = ?").run(id)
      }
      return this.mustGet(id)
    })
  }

  /** A key entered or cleared answers "the key was removed": the notice goes. */
  clearKeyRemoved(id: string): void {
    this.db.prepare('UPDATE profiles SET key_removed = NULL WHERE id = ? AND key_removed IS NOT NULL').run(id)
  }

  /** Deleting the active profile hands "active" back to the demo gateway, in the same transaction. */
  delete(id: string): void {
    writeTransaction(this.db, () => {
      const wasActive = this.get(id)?.active ?? false
      this.db.prepare('DELETE FROM profiles WHERE id = ?').run(id)
      if (wasActive) this.db.prepare('UPDATE profiles SET is_active = 1 WHERE id = ?').run(DEMO_PROFILE_ID)
    })
  }

  activate(id: string): ProfileRecord {
    writeTransaction(this.db, () => {
      this.db.prepare('UPDATE profiles SET is_active = 0 WHERE is_active = 1').run()
      this.db.prepare('UPDATE profiles SET is_active = 1 WHERE id = ?').run(id)
    })
    return this.mustGet(id)
  }

  private mustGet(id: string): ProfileRecord {
    const record = this.get(id)
    if (!record) throw new Error(`profile ${id} vanished`)
    return record
  }
}
