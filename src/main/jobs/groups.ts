import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { JobGroupPauseReason, JobGroupScreen, JobGroupView } from '../../shared/schemas/jobGroups'
import type { JobStatus } from '../../shared/schemas/jobs'
import type BetterSqlite3 from 'better-sqlite3'
import type { Db } from '../db/connection'
import { readJsonColumn } from '../db/json'

interface GroupRow {
  id: string
  name: string
  screen: JobGroupScreen
  settings: string | null
  created_at: number
  paused_at: number | null
  pause_reason: JobGroupPauseReason | null
}

type Statement = BetterSqlite3.Statement<unknown[]>

const Settings = z.record(z.string(), z.unknown()).nullable()

/**
 * Job groups (migration 011): the one module that writes `job_groups`. A group is made in the same
 * transaction as its jobs (`JobEngine.submitGroup`); the jobs table says which group a job is in.
 */
export class JobGroups {
  private capStatement: Statement | null = null
  /**
   * How many of a group's jobs the send queue holds for budget right now (the engine sets it). Read from
   * the queue, not from the tasks' words: those stay until a claim clears them, so after a raised cap they
   * would still say "waiting for budget" of jobs merely waiting their turn.
   */
  heldForBudget: (groupId: string) => number = () => 0

  constructor(
    private readonly db: Db,
    /** The backend's one clock (`Clock.now`). */
    private readonly now: () => number
  ) {}

  /** A new group's row; call inside the transaction that inserts its jobs. */
  insert(group: {
    name: string
    screen: JobGroupScreen
    settings: Record<string, unknown> | undefined
    /** Its own spending cap in micros (P50), or null. */
    capMicros?: number | null
  }): string {
    const id = randomUUID()
    const at = this.now()
    this.db
      .prepare(
        `INSERT INTO job_groups (id, name, screen, settings, cap_micros, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        id,
        group.name,
        group.screen,
        group.settings === undefined ? null : JSON.stringify(group.settings),
        group.capMicros ?? null,
        at,
        at
      )
    return id
  }

  /** What a batch was made from (migration 014); call in the transaction that makes the group. */
  insertSource(groupId: string, source: { fileName: string | null; spec: unknown }): void {
    this.db
      .prepare('INSERT INTO batch_sources (group_id, file_name, spec) VALUES (?, ?, ?)')
      .run(groupId, source.fileName, JSON.stringify(source.spec))
  }

  /** A batch's source as stored (its spec still to be read through the spec's schema), or null. */
  source(groupId: string): { fileName: string | null; spec: unknown } | null {
    const row = this.db
      .prepare('SELECT file_name, spec FROM batch_sources WHERE group_id = ?')
      .get(groupId) as { file_name: string | null; spec: string } | undefined
    if (!row) return null
    return { fileName: row.file_name, spec: readJsonColumn(z.unknown(), row.spec, null) }
  }

  /** Pauses (with why) or resumes a group; false when there is no such group. */
  setPaused(id: string, reason: JobGroupPauseReason | null): boolean {
    const at = this.now()
    const changed = this.db
      .prepare('UPDATE job_groups SET paused_at = ?, pause_reason = ?, updated_at = ? WHERE id = ?')
      .run(reason === null ? null : at, reason, at, id).changes
    return changed > 0
  }

  /** A batch's own spending cap in micros (migration 015), null for none; false when there is no such group. */
  setCap(id: string, capMicros: number | null): boolean {
    const changed = this.db
      .prepare('UPDATE job_groups SET cap_micros = ?, updated_at = ? WHERE id = ?')
      .run(capMicros, this.now(), id).changes
    return changed > 0
  }

  /** The batch's cap in micros; null without one (or without the group). Read before each send of it. */
  capOf(id: string): number | null {
    this.capStatement ??= this.db.prepare('SELECT cap_micros FROM job_groups WHERE id = ?')
    const row = this.capStatement.get(id) as { cap_micros: number | null } | undefined
    return row?.cap_micros ?? null
  }

  /** The profile a group's jobs were sent with (a group is made on one), or null for an empty group. */
  profileOf(id: string): string | null {
    const row = this.db.prepare('SELECT profile_id FROM jobs WHERE group_id = ? LIMIT 1').get(id) as
      { profile_id: string } | undefined
    return row?.profile_id ?? null
  }

  /** The groups paused now (at start, their jobs wait set aside again). */
  pausedIds(): string[] {
    return (
      this.db.prepare('SELECT id FROM job_groups WHERE paused_at IS NOT NULL').all() as { id: string }[]
    ).map((row) => row.id)
  }

  /** The group's jobs in their queue order (the lowest first), for a move of the whole batch. */
  jobIdsInQueueOrder(id: string): string[] {
    return (
      this.db
        .prepare('SELECT id FROM jobs WHERE group_id = ? ORDER BY queue_order, created_at, rowid')
        .all(id) as { id: string }[]
    ).map((row) => row.id)
  }

  view(id: string): JobGroupView | null {
    const row = this.db.prepare('SELECT * FROM job_groups WHERE id = ?').get(id) as GroupRow | undefined
    return row ? this.viewOf(row) : null
  }

  /** The newest groups first, of one screen or all. */
  list(limit: number, screen?: JobGroupScreen): JobGroupView[] {
    const rows = (
      screen === undefined
        ? this.db.prepare('SELECT * FROM job_groups ORDER BY created_at DESC, id DESC LIMIT ?').all(limit)
        : this.db
            .prepare('SELECT * FROM job_groups WHERE screen = ? ORDER BY created_at DESC, id DESC LIMIT ?')
            .all(screen, limit)
    ) as GroupRow[]
    return rows.map((row) => this.viewOf(row))
  }

  private viewOf(row: GroupRow): JobGroupView {
    // A batch's band is read again four times a second while it runs: its ids as plain strings and its
    // counts from SQLite, not a row object per job (a batch of 10,000 read in half the time).
    const jobIds = this.db
      .prepare('SELECT id FROM jobs WHERE group_id = ? ORDER BY created_at, rowid')
      .pluck()
      .all(row.id) as string[]
    const counts: Partial<Record<JobStatus, number>> = {}
    const byStatus = this.db
      .prepare('SELECT status, count(*) AS n FROM jobs WHERE group_id = ? GROUP BY status')
      .all(row.id) as { status: JobStatus; n: number }[]
    for (const { status, n } of byStatus) counts[status] = n
    return {
      id: row.id,
      name: row.name,
      screen: row.screen,
      settings: readJsonColumn(Settings, row.settings, null),
      createdAt: row.created_at,
      pausedAt: row.paused_at,
      pauseReason: row.pause_reason,
      jobIds,
      counts,
      waitingForBudget: (counts.pending ?? 0) === 0 ? 0 : this.heldForBudget(row.id)
    }
  }
}
