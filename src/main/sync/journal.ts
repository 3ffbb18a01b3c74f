import { z } from 'zod'
import { readJson, STORED_LIMITS } from '../../shared/json'
import { writeTransaction, type Db } from '../db/connection'
import type { Stamp } from './hlc'
import { segmentSchema, type Segment, type Snapshot } from './layout'
import type { ReplicaJournal, ReplicaSaved } from './replica'
import { changeSchema, ReplicatedState, type Change, type StateJson } from './state'

/**
 * A replica's journal in the database (the `sync_*` tables, migration 19): each step of a sync is one
 * transaction, so a process killed anywhere starts again from the last step that completed. The state is
 * kept as the changes that made it (merging is idempotent, so replaying them rebuilds it exactly); an
 * adopted snapshot is kept as the changes it stands for.
 */
export class SqliteJournal implements ReplicaJournal {
  /** Forgets this device's journal of a location (its changes, outbox and reading positions go with it). */
  static forget(db: Db, locationId: string): void {
    db.prepare('DELETE FROM sync_replicas WHERE location_id = ?').run(locationId)
  }

  constructor(
    private readonly db: Db,
    private readonly locationId: string,
    private readonly device: string
  ) {}

  load(): ReplicaSaved {
    return writeTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO sync_replicas (location_id, device, clock, next_seq, pending) VALUES (?, ?, NULL, 1, NULL)
           ON CONFLICT(location_id) DO NOTHING`
        )
        .run(this.locationId, this.device)
      const replica = ReplicaRow.parse(
        this.db
          .prepare('SELECT device, clock, next_seq, pending FROM sync_replicas WHERE location_id = ?')
          .get(this.locationId)
      )
      if (replica.device !== this.device) throw new Error('This location was joined as another device.')
      const state = new ReplicatedState()
      for (const change of this.changes('sync_changes')) state.apply(change)
      const pending = replica.pending === null ? null : segmentSchema.parse(parse(replica.pending))
      const applied: Record<string, number> = {}
      const rows = this.db
        .prepare('SELECT device, seq FROM sync_applied WHERE location_id = ?')
        .all(this.locationId)
      for (const row of z.array(AppliedRow).parse(rows)) applied[row.device] = row.seq
      return {
        clock: replica.clock,
        state: state.toJSON(),
        outbox: this.changes('sync_outbox'),
        pending,
        nextSeq: replica.next_seq,
        applied
      }
    })
  }

  edited(changes: Change[], clock: Stamp): void {
    writeTransaction(this.db, () => {
      this.append('sync_changes', changes)
      this.append('sync_outbox', changes)
      this.setClock(clock)
    })
  }

  sealed(segment: Segment): void {
    writeTransaction(this.db, () => {
      const first = this.db
        .prepare('SELECT n FROM sync_outbox WHERE location_id = ? ORDER BY n LIMIT 1 OFFSET ?')
        .get(this.locationId, segment.changes.length) as { n: number } | undefined
      if (first === undefined)
        this.db.prepare('DELETE FROM sync_outbox WHERE location_id = ?').run(this.locationId)
      else
        this.db
          .prepare('DELETE FROM sync_outbox WHERE location_id = ? AND n < ?')
          .run(this.locationId, first.n)
      this.db
        .prepare('UPDATE sync_replicas SET pending = ?, next_seq = ? WHERE location_id = ?')
        .run(JSON.stringify(segment), segment.seq + 1, this.locationId)
    })
  }

  pushed(seq: number): void {
    writeTransaction(this.db, () => {
      this.db.prepare('UPDATE sync_replicas SET pending = NULL WHERE location_id = ?').run(this.locationId)
      this.setApplied(this.device, seq)
    })
  }

  pulled(device: string, seq: number, changes: Change[], clock: Stamp | null): void {
    writeTransaction(this.db, () => {
      this.append('sync_changes', changes)
      this.setApplied(device, seq)
      if (clock !== null) this.setClock(clock)
    })
  }

  adopted(snapshot: Snapshot): void {
    writeTransaction(this.db, () => {
      this.append('sync_changes', changesOf(snapshot.state))
      for (const [device, seq] of Object.entries(snapshot.vector)) {
        if (device === this.device) continue
        this.db
          .prepare(
            `INSERT INTO sync_applied (location_id, device, seq) VALUES (?, ?, ?)
             ON CONFLICT(location_id, device) DO UPDATE SET seq = max(seq, excluded.seq)`
          )
          .run(this.locationId, device, seq)
      }
      this.setClock(snapshot.clock, true)
    })
  }

  private changes(table: 'sync_changes' | 'sync_outbox'): Change[] {
    const rows = this.db
      .prepare(`SELECT change FROM ${table} WHERE location_id = ? ORDER BY n`)
      .all(this.locationId) as Array<{ change: string }>
    // Written by this module only, from checked changes: a row that fails now is a damaged database.
    return rows.map((row) => changeSchema.parse(parse(row.change)))
  }

  private append(table: 'sync_changes' | 'sync_outbox', changes: Change[]): void {
    const last = this.db
      .prepare(`SELECT coalesce(max(n), 0) AS n FROM ${table} WHERE location_id = ?`)
      .get(this.locationId) as { n: number }
    const insert = this.db.prepare(`INSERT INTO ${table} (location_id, n, change) VALUES (?, ?, ?)`)
    changes.forEach((change, i) => insert.run(this.locationId, last.n + 1 + i, JSON.stringify(change)))
  }

  private setApplied(device: string, seq: number): void {
    this.db
      .prepare(
        `INSERT INTO sync_applied (location_id, device, seq) VALUES (?, ?, ?)
         ON CONFLICT(location_id, device) DO UPDATE SET seq = excluded.seq`
      )
      .run(this.locationId, device, seq)
  }

  /** Stamps sort as they order; an adopted snapshot's moves the clock only forward. */
  private setClock(clock: Stamp, onlyForward = false): void {
    this.db
      .prepare(
        `UPDATE sync_replicas SET clock = @clock
         WHERE location_id = @id AND (@always OR clock IS NULL OR clock < @clock)`
      )
      .run({ clock, id: this.locationId, always: onlyForward ? 0 : 1 })
  }
}

const ReplicaRow = z.object({
  device: z.string(),
  clock: z.string().nullable(),
  next_seq: z.number().int().positive(),
  pending: z.string().nullable()
})
const AppliedRow = z.object({ device: z.string(), seq: z.number().int().nonnegative() })

/** The changes a state stands for: merging them gives back exactly that state. */
function changesOf(state: StateJson): Change[] {
  const changes: Change[] = []
  for (const [e, f, v, at] of state.registers) changes.push({ k: 'set', e, f, v, at })
  for (const [s, x, adds, removes] of state.members) {
    for (const at of adds) changes.push({ k: 'add', s, x, at })
    // A remove names at most 10,000 adds (the change's limit), so a long history goes as several.
    for (let at = 0; at < removes.length; at += 10_000) {
      const tags = removes.slice(at, at + 10_000)
      changes.push({ k: 'remove', s, x, tags, at: tags[tags.length - 1] ?? '' })
    }
  }
  return changes
}

function parse(text: string): unknown {
  const reading = readJson(text, STORED_LIMITS)
  return reading.ok ? reading.value : undefined
}
