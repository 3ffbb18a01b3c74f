import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { JobGroupScreen, JobGroupView } from '../../shared/schemas/jobGroups'
import type { JobStatus } from '../../shared/schemas/jobs'
import type { Db } from '../db/connection'
import { readJsonColumn } from '../db/json'

interface GroupRow {
  id: string
  name: string
  screen: JobGroupScreen
  settings: string | null
  created_at: number
}

const Settings = z.record(z.string(), z.unknown()).nullable()

/**
 * Job groups (migration 011): the one module that writes `job_groups`. A group is made in the same
 * transaction as its jobs (`JobEngine.submitGroup`); the jobs table says which group a job is in.
 */
export class JobGroups {
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
  }): string {
    const id = randomUUID()
    const at = this.now()
    this.db
      .prepare(
        'INSERT INTO job_groups (id, name, screen, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)'
      )
      .run(
        id,
        group.name,
        group.screen,
        group.settings === undefined ? null : JSON.stringify(group.settings),
        at,
        at
      )
    return id
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
    const jobs = this.db
      .prepare('SELECT id, status FROM jobs WHERE group_id = ? ORDER BY created_at, id')
      .all(row.id) as { id: string; status: JobStatus }[]
    const counts: Partial<Record<JobStatus, number>> = {}
    for (const job of jobs) counts[job.status] = (counts[job.status] ?? 0) + 1
    return {
      id: row.id,
      name: row.name,
      screen: row.screen,
      settings: readJsonColumn(Settings, row.settings, null),
      createdAt: row.created_at,
      jobIds: jobs.map((job) => job.id),
      counts
    }
  }
}
