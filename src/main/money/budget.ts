import { checkCap, type CapCheck } from '../../shared/money'
import type { Db } from '../db/connection'
import { dayKey, monthKey } from './calendar'
import type { SpendLedger, SpendTotals } from './ledger'

/** The caps of a profile: per local day and per local month, in micros of its price table's currency. */
export interface ProfileCaps {
  day: number | null
  month: number | null
}

export type CapScope = 'day' | 'month' | 'batch'

/** What a job's estimate would do to the caps that apply to it. */
export type BudgetCheck =
  | { allowed: true }
  | {
      allowed: false
      /** The first cap refused, in the order day, month, batch. */
      scope: CapScope
      refused: NonNullable<CapCheck['refused']>
      capMicros: number
      /** Spent and reserved against that cap already. */
      countedMicros: number
    }

/** A job's cost before it is sent, in its profile's currency; null when it has no price (or no table). */
export interface SendEstimate {
  micros: number | null
  currency: string | null
}

/**
 * Spending caps (migration 015): each profile's per day and per month (`spend_caps`, whose one writer this
 * is), and each batch's (`job_groups.cap_micros`, written by `JobGroups`). `check` says whether a job may
 * start: for every cap that applies, what was spent plus what is reserved plus its estimate must stay within
 * it (`checkCap`), and a job whose cost is unknown never starts under a cap. The profile caps are read before
 * every send, so they are held in memory and written through.
 */
export class Budget {
  private readonly caps = new Map<string, ProfileCaps>()

  constructor(
    private readonly db: Db,
    private readonly ledger: SpendLedger,
    /** A batch's cap (`JobGroups.capOf`). */
    private readonly groupCap: (groupId: string) => number | null,
    private readonly now: () => number
  ) {}

  capsOf(profileId: string): ProfileCaps {
    const known = this.caps.get(profileId)
    if (known) return known
    const rows = this.db
      .prepare('SELECT scope, cap_micros FROM spend_caps WHERE profile_id = ?')
      .all(profileId) as { scope: 'day' | 'month'; cap_micros: number }[]
    const caps: ProfileCaps = { day: null, month: null }
    for (const row of rows) caps[row.scope] = row.cap_micros
    this.caps.set(profileId, caps)
    return caps
  }

  /** Sets or (null) removes a profile's day or month cap. */
  setCap(profileId: string, scope: 'day' | 'month', capMicros: number | null): ProfileCaps {
    if (capMicros === null) {
      this.db.prepare('DELETE FROM spend_caps WHERE profile_id = ? AND scope = ?').run(profileId, scope)
    } else {
      this.db
        .prepare(
          `INSERT INTO spend_caps (profile_id, scope, cap_micros, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (profile_id, scope) DO UPDATE SET cap_micros = excluded.cap_micros,
             updated_at = excluded.updated_at`
        )
        .run(profileId, scope, capMicros, this.now())
    }
    const caps = { ...this.capsOf(profileId), [scope]: capMicros }
    this.caps.set(profileId, caps)
    return caps
  }

  /** Whether a job of `profileId` (and of batch `groupId`) costing `estimate` may start at `at`. */
  check(profileId: string, groupId: string | null, estimate: SendEstimate, at: number): BudgetCheck {
    const caps = this.capsOf(profileId)
    const batchCap = groupId === null ? null : this.groupCap(groupId)
    const applying: { scope: CapScope; cap: number; totals: () => SpendTotals }[] = []
    const currency = estimate.currency
    const sums = (totals: (currency: string) => SpendTotals) => () =>
      currency === null ? { spentMicros: 0, reservedMicros: 0 } : totals(currency)
    if (caps.day !== null)
      applying.push({
        scope: 'day',
        cap: caps.day,
        totals: sums((c) => this.ledger.dayTotals(profileId, c, dayKey(at)))
      })
    if (caps.month !== null)
      applying.push({
        scope: 'month',
        cap: caps.month,
        totals: sums((c) => this.ledger.monthTotals(profileId, c, monthKey(at)))
      })
    if (groupId !== null && batchCap !== null)
      applying.push({
        scope: 'batch',
        cap: batchCap,
        totals: sums((c) => this.ledger.groupTotals(groupId, c))
      })
    for (const { scope, cap, totals } of applying) {
      const { spentMicros, reservedMicros } = totals()
      const verdict = checkCap({
        capMicros: cap,
        spentMicros,
        reservedMicros,
        estimateMicros: estimate.micros
      })
      if (!verdict.allowed)
        return {
          allowed: false,
          scope,
          refused: verdict.refused ?? 'invalid',
          capMicros: cap,
          countedMicros: spentMicros + reservedMicros
        }
    }
    return { allowed: true }
  }

  /** What a profile has spent and reserved today and this month, in `currency`. */
  profileTotals(profileId: string, currency: string, at: number): { day: SpendTotals; month: SpendTotals } {
    return {
      day: this.ledger.dayTotals(profileId, currency, dayKey(at)),
      month: this.ledger.monthTotals(profileId, currency, monthKey(at))
    }
  }

  /** A deleted profile's caps went with it (ON DELETE CASCADE); the copy in memory follows. */
  forgetProfile(profileId: string): void {
    this.caps.delete(profileId)
  }
}
