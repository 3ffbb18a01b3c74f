import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/db/connection'
import { migrate } from '../../../../src/main/db/migrate'
import { migrations } from '../../../../src/main/db/migrations'
import { JobReads, PENDING_RESULT, UNFINISHED_TASK } from '../../../../src/main/jobs/reads'
import {
  DOWNLOADABLE_RESULT_STATUSES,
  FINISHED_TASK_STATUSES,
  POLLABLE_TASK_STATUSES,
  SENDABLE_TASK_STATUSES,
  SENDING_TASK_STATUSES
} from '../../../../src/shared/schemas/jobStatuses'
import { makeTempDir } from '../../../helpers/tempDir'

const temp = makeTempDir('gs-reads-')
afterAll(() => temp.cleanup())

/** A migrated database whose `prepare` notes every statement's text. */
function recordingDb(): { db: Db; prepared: string[] } {
  const db = openDatabase(`${temp.dir}/studio-${Math.random().toString(36).slice(2)}.db`)
  migrate(db, migrations)
  const prepared: string[] = []
  const prepare = db.prepare.bind(db)
  db.prepare = (text: string) => {
    prepared.push(text)
    return prepare(text)
  }
  return { db, prepared }
}

/** SQLite's plan for `text`, one line per step. */
function planOf(db: Db, text: string, params: unknown[] = []): string[] {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[]
  return rows.map((row) => row.detail)
}

describe('the engine lanes’ reads at start-up', () => {
  it.each([
    ['strandedSubmissions', 'tasks_unfinished'],
    ['pendingTaskIds', 'tasks_unfinished'],
    ['pollableTasks', 'tasks_unfinished'],
    ['pendingDownloads', 'results_pending']
  ] as const)('%s reads through %s, not every row', (read, index) => {
    const { db, prepared } = recordingDb()
    const reads = new JobReads(db)
    prepared.length = 0
    reads[read]()
    expect(prepared).toHaveLength(1)
    const plan = planOf(db, prepared[0] as string).join(' / ')
    expect(plan).toContain(`USING INDEX ${index}`)
    expect(plan).not.toMatch(/\bSCAN (tasks|results)\b(?! USING)/)
    db.close()
  })

  it('adds terms that change no answer: every lane’s statuses are inside them', () => {
    const excluded = /NOT IN \(([^)]*)\)/
      .exec(UNFINISHED_TASK)?.[1]
      ?.split(',')
      .map((s) => s.trim().slice(1, -1))
    expect(excluded?.length).toBeGreaterThan(0)
    for (const status of [...SENDABLE_TASK_STATUSES, ...SENDING_TASK_STATUSES, ...POLLABLE_TASK_STATUSES])
      expect(excluded).not.toContain(status)
    // The terms name statuses that are finished, so the index holds every task still to be worked on.
    for (const status of excluded ?? []) expect(FINISHED_TASK_STATUSES).toContain(status)
    expect(DOWNLOADABLE_RESULT_STATUSES).toEqual([/'(\w+)'/.exec(PENDING_RESULT)?.[1]])
  })
})

describe('the job lists of one screen', () => {
  it('lists one kind of job newest first through jobs_by_kind, not every job sorted', () => {
    const { db, prepared } = recordingDb()
    const reads = new JobReads(db)
    reads.listJobIds({ kind: ['image'], limit: 50 })
    expect(prepared).toHaveLength(1)
    for (const kind of ['image', 'edit', 'video']) {
      const plan = planOf(db, prepared[0] as string, [kind, 50]).join(' / ')
      expect(plan).toContain('USING INDEX jobs_by_kind')
      expect(plan).not.toContain('TEMP B-TREE')
    }
    db.close()
  })
})
