import type { CapsView, GroupCapView, SpendSummaryRow, SpendView } from '../../shared/schemas/money'
import type { Budget } from './budget'
import { dayKey, monthKey } from './calendar'
import type { SpendLedger, SpendListQuery, SpendRow, SpendSummaryKey } from './ledger'
import type { PriceStore } from './priceStore'

/**
 * Money as the renderer reads it: a profile's caps with what counts against them today and this month, a
 * batch's cap, and the ledger's rows and sums. Reads only; every figure is in micros of the currency it
 * names, and the profile's caps and totals are in its price table's currency.
 */
export class MoneyViews {
  constructor(
    private readonly deps: {
      prices: PriceStore
      budget: Budget
      ledger: SpendLedger
      /** A batch's cap and the profile its jobs went to (`JobGroups`). */
      groupCap: (groupId: string) => number | null
      groupProfile: (groupId: string) => string | null
      now: () => number
    }
  ) {}

  caps(profileId: string): CapsView {
    const at = this.deps.now()
    const caps = this.deps.budget.capsOf(profileId)
    const currency = this.deps.prices.get(profileId)?.currency ?? null
    const none = { spentMicros: 0, reservedMicros: 0 }
    const totals = currency
      ? this.deps.budget.profileTotals(profileId, currency, at)
      : { day: none, month: none }
    return {
      profileId,
      currency,
      day: caps.day,
      month: caps.month,
      spentToday: totals.day.spentMicros,
      spentThisMonth: totals.month.spentMicros,
      reservedToday: totals.day.reservedMicros,
      reservedThisMonth: totals.month.reservedMicros,
      today: dayKey(at),
      thisMonth: monthKey(at)
    }
  }

  groupCap(groupId: string): GroupCapView {
    const profileId = this.deps.groupProfile(groupId)
    const currency = profileId === null ? null : (this.deps.prices.get(profileId)?.currency ?? null)
    const totals = currency ? this.deps.ledger.groupTotals(groupId, currency) : null
    return {
      groupId,
      currency,
      capMicros: this.deps.groupCap(groupId),
      spentMicros: totals?.spentMicros ?? 0,
      reservedMicros: totals?.reservedMicros ?? 0
    }
  }

  list(query: SpendListQuery): SpendView[] {
    return this.deps.ledger.list(query).map(spendView)
  }

  summary(by: SpendSummaryKey, query: Omit<SpendListQuery, 'before'>): SpendSummaryRow[] {
    return this.deps.ledger.summary(by, query)
  }
}

function spendView(row: SpendRow): SpendView {
  return {
    taskId: row.task_id,
    jobId: row.job_id,
    groupId: row.group_id,
    profileId: row.profile_id,
    model: row.model,
    currency: row.currency,
    estimateMicros: row.estimate_micros,
    exact: row.exact === 1,
    state: row.state,
    actualMicros: row.actual_micros,
    day: row.day,
    month: row.month,
    createdAt: row.created_at,
    settledAt: row.settled_at
  }
}
