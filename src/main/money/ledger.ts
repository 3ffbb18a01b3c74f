import type BetterSqlite3 from 'better-sqlite3'
import type { Db } from '../db/connection'
import { dayKey, monthKey } from './calendar'

/** A row of the ledger as SQLite returns it (migration 015's `spend`). */
export interface SpendRow {
  task_id: string
  job_id: string
  group_id: string | null
  profile_id: string
  model: string
  currency: string
  estimate_micros: number
  exact: 0 | 1
  state: 'reserved' | 'settled' | 'released'
  actual_micros: number | null
  day: string
  month: string
  created_at: number
  settled_at: number | null
}

export interface NewReservation {
  taskId: string
  jobId: string
  groupId: string | null
  profileId: string
  model: string
  currency: string
  estimateMicros: number
  exact: boolean
  /** Wall-clock ms of the reservation: its local day and month are the caps it counts against. */
  at: number
}

/**
 * What counts against a cap: `spent` is what settled sends cost (their actual cost, or their estimate when
 * nothing said it), `reserved` the estimates of sends not settled yet (in flight, accepted and running, or
 * of unknown outcome). Released sends count nothing.
 */
export interface SpendTotals {
  spentMicros: number
  reservedMicros: number
}

export interface SpendListQuery {
  profileId?: string | undefined
  groupId?: string | undefined
  jobId?: string | undefined
  /** Local days, inclusive. */
  from?: string | undefined
  to?: string | undefined
  /** Keyset paging on (created_at, task_id), newest first. */
  before?: { createdAt: number; taskId: string } | undefined
  limit: number
}

export type SpendSummaryKey = 'day' | 'month' | 'model' | 'profile' | 'group'

export interface SpendSummaryRow {
  key: string
  currency: string
  /** Sends not released. */
  sends: number
  estimateMicros: number
  /** The actual costs known, of `actualSends` sends; `estimateOfActualMicros` is what those were estimated at. */
  actualMicros: number
  actualSends: number
  estimateOfActualMicros: number
  reservedMicros: number
  /** What caps count: actual (or estimate) of settled sends, plus the estimates reserved. */
  countedMicros: number
  /** Images kept of the jobs these sends paid for (each job counted once). */
  keptImages: number
}

const TOTALS = `COALESCE(SUM(CASE WHEN state = 'settled' THEN COALESCE(actual_micros, estimate_micros) END), 0) AS spent,
  COALESCE(SUM(CASE WHEN state = 'reserved' THEN estimate_micros END), 0) AS reserved`

const SUMMARY_KEYS: Readonly<Record<SpendSummaryKey, string>> = {
  day: 'day',
  month: 'month',
  model: 'model',
  profile: 'profile_id',
  group: 'group_id'
}

/**
 * The spend ledger (migration 015's `spend`), its one writer: a reservation per task sent with a price,
 * made in the transaction that claims the task (so no request goes out unreserved and no reservation exists
 * without its claim), then settled or released in the transaction that records the send's outcome. Every
 * write is one statement: inside the engine's transaction it commits with the task, outside it is its own.
 */
export class SpendLedger {
  /** Statements prepared once: the sums run before every send. */
  private readonly statements = new Map<string, BetterSqlite3.Statement<unknown[]>>()
  /**
   * Sums read outside a transaction, kept until the ledger is next written or the turn ends: a pass of the
   * queue that finds thousands of jobs waiting for one cap sums it once. A sum read inside a transaction (the
   * claim's, which decides and reserves) is always read afresh.
   */
  private readonly sums = new Map<string, SpendTotals>()

  constructor(
    private readonly db: Db,
    private readonly now: () => number
  ) {}

  /**
   * Reserves the send's estimate. The task's row is reused when it tries again (a 429 released it, the
   * user sent it again): one row per task, counted once. A settled row is never reopened.
   */
  reserve(r: NewReservation): void {
    this.sums.clear()
    this.sql(
      `INSERT INTO spend (task_id, job_id, group_id, profile_id, model, currency, estimate_micros, exact, state,
           actual_micros, day, month, created_at, settled_at)
         VALUES (@taskId, @jobId, @groupId, @profileId, @model, @currency, @estimate, @exact, 'reserved', NULL,
           @day, @month, @at, NULL)
         ON CONFLICT (task_id) DO UPDATE SET job_id = excluded.job_id, group_id = excluded.group_id,
           profile_id = excluded.profile_id, model = excluded.model, currency = excluded.currency,
           estimate_micros = excluded.estimate_micros, exact = excluded.exact, state = 'reserved',
           actual_micros = NULL, day = excluded.day, month = excluded.month, created_at = excluded.created_at,
           settled_at = NULL
         WHERE spend.state <> 'settled'`
    ).run({
      taskId: r.taskId,
      jobId: r.jobId,
      groupId: r.groupId,
      profileId: r.profileId,
      model: r.model,
      currency: r.currency,
      estimate: r.estimateMicros,
      exact: r.exact ? 1 : 0,
      day: dayKey(r.at),
      month: monthKey(r.at),
      at: r.at
    })
  }

  /**
   * The gateway answered: the reservation becomes what was spent, `actualMicros` or (null) its estimate
   * when nothing said what it cost. Returns the settled row, or null when nothing was reserved.
   */
  settle(taskId: string, actualMicros: number | null): SpendRow | null {
    return this.close(taskId, 'settled', actualMicros)
  }

  /** Certainly not billed: the reservation counts nothing. Returns the released row, or null. */
  release(taskId: string): SpendRow | null {
    return this.close(taskId, 'released', null)
  }

  /** The user discarded a job: every reservation of it still open (outcome unknown) is released. */
  releaseJob(jobId: string): SpendRow[] {
    this.sums.clear()
    return this.sql(
      `UPDATE spend SET state = 'released', settled_at = ? WHERE job_id = ? AND state = 'reserved'
         RETURNING *`
    ).all(this.now(), jobId) as SpendRow[]
  }

  /** The task's row, whatever its state; null when it was never reserved. */
  row(taskId: string): SpendRow | null {
    return (this.sql('SELECT * FROM spend WHERE task_id = ?').get(taskId) as SpendRow | undefined) ?? null
  }

  /** A profile's spending in `currency` on the local day (`YYYY-MM-DD`). */
  dayTotals(profileId: string, currency: string, day: string): SpendTotals {
    return this.totals(
      'day',
      `SELECT ${TOTALS} FROM spend WHERE profile_id = ? AND day = ? AND currency = ?`,
      profileId,
      day,
      currency
    )
  }

  /** A profile's spending in `currency` in the local month (`YYYY-MM`). */
  monthTotals(profileId: string, currency: string, month: string): SpendTotals {
    return this.totals(
      'month',
      `SELECT ${TOTALS} FROM spend WHERE profile_id = ? AND month = ? AND currency = ?`,
      profileId,
      month,
      currency
    )
  }

  /** A batch's spending in `currency`, all days together. */
  groupTotals(groupId: string, currency: string): SpendTotals {
    return this.totals(
      'group',
      `SELECT ${TOTALS} FROM spend WHERE group_id = ? AND currency = ?`,
      groupId,
      currency
    )
  }

  /** Sends, newest first. */
  list(query: SpendListQuery): SpendRow[] {
    const { where, params } = filterOf(query)
    if (query.before) {
      where.push('(created_at < ? OR (created_at = ? AND task_id < ?))')
      params.push(query.before.createdAt, query.before.createdAt, query.before.taskId)
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
    return this.sql(`SELECT * FROM spend ${clause} ORDER BY created_at DESC, task_id DESC LIMIT ?`).all(
      ...params,
      query.limit
    ) as SpendRow[]
  }

  /** Sums per day, month, model, profile or batch (and currency: sums never mix currencies), released sends left out. */
  summary(by: SpendSummaryKey, query: Omit<SpendListQuery, 'before'>): SpendSummaryRow[] {
    const key = SUMMARY_KEYS[by]
    const { where, params } = filterOf(query)
    where.push("state <> 'released'", `${key} IS NOT NULL`)
    const order = by === 'day' || by === 'month' ? `${key} DESC` : 'countedMicros DESC, key'
    const rows = this.sql(
      `SELECT ${key} AS key, currency, COUNT(*) AS sends,
           SUM(estimate_micros) AS estimateMicros,
           COALESCE(SUM(actual_micros), 0) AS actualMicros,
           COUNT(actual_micros) AS actualSends,
           COALESCE(SUM(CASE WHEN actual_micros IS NOT NULL THEN estimate_micros END), 0) AS estimateOfActualMicros,
           COALESCE(SUM(CASE WHEN state = 'reserved' THEN estimate_micros END), 0) AS reservedMicros,
           SUM(CASE WHEN state = 'settled' THEN COALESCE(actual_micros, estimate_micros) ELSE estimate_micros END)
             AS countedMicros
         FROM spend WHERE ${where.join(' AND ')}
         GROUP BY ${key}, currency ORDER BY ${order} LIMIT ?`
    ).all(...params, query.limit) as Omit<SpendSummaryRow, 'keptImages'>[]
    if (rows.length === 0) return []
    // Images kept of the jobs each key paid for: each job once, however many sends (tasks) it took.
    const kept = this.sql(
      `SELECT key, currency, SUM((SELECT COUNT(*) FROM results r WHERE r.job_id = paid.job_id AND r.verdict = 'kept'))
           AS keptImages
         FROM (SELECT DISTINCT ${key} AS key, currency, job_id FROM spend WHERE ${where.join(' AND ')}) paid
         GROUP BY key, currency`
    ).all(...params) as { key: string; currency: string; keptImages: number }[]
    const keptOf = new Map(kept.map((row) => [`${row.key}\u0000${row.currency}`, row.keptImages]))
    return rows.map((row) => ({ ...row, keptImages: keptOf.get(`${row.key}\u0000${row.currency}`) ?? 0 }))
  }

  private close(taskId: string, state: 'settled' | 'released', actualMicros: number | null): SpendRow | null {
    this.sums.clear()
    const row = this.sql(
      `UPDATE spend SET state = ?, actual_micros = ?, settled_at = ? WHERE task_id = ? AND state = 'reserved'
         RETURNING *`
    ).get(state, actualMicros, this.now(), taskId) as SpendRow | undefined
    return row ?? null
  }

  private sql(text: string): BetterSqlite3.Statement<unknown[]> {
    let statement = this.statements.get(text)
    if (!statement) {
      statement = this.db.prepare(text)
      this.statements.set(text, statement)
    }
    return statement
  }

  private totals(kind: string, sql: string, ...params: string[]): SpendTotals {
    const read = (): SpendTotals => {
      const row = this.sql(sql).get(...params) as { spent: number; reserved: number }
      return { spentMicros: row.spent, reservedMicros: row.reserved }
    }
    if (this.db.inTransaction) return read()
    const key = `${kind}\n${params.join('\n')}`
    const known = this.sums.get(key)
    if (known) return known
    if (this.sums.size === 0) queueMicrotask(() => this.sums.clear())
    const totals = read()
    this.sums.set(key, totals)
    return totals
  }
}

function filterOf(query: Omit<SpendListQuery, 'before' | 'limit'>): { where: string[]; params: unknown[] } {
  const where: string[] = []
  const params: unknown[] = []
  const add = (clause: string, value: string | undefined): void => {
    if (value === undefined) return
    where.push(clause)
    params.push(value)
  }
  add('profile_id = ?', query.profileId)
  add('group_id = ?', query.groupId)
  add('job_id = ?', query.jobId)
  add('day >= ?', query.from)
  add('day <= ?', query.to)
  return { where, params }
}
