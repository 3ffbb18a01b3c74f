import type { ApiClient } from '@shared/client'
import type { Result } from '@shared/result'
import type { SpendSummaryRow } from '@shared/schemas/money'

/** The ledger's sums for the Usage view's period, and the name of each batch in them (null: deleted). */
export type SpendingReport = {
  byDay: SpendSummaryRow[]
  byModel: SpendSummaryRow[]
  byProfile: SpendSummaryRow[]
  byGroup: SpendSummaryRow[]
  batchNames: Record<string, string | null>
}

/** What a currency's sends add up to: summary rows of one currency, summed. */
export type SpendTotal = Omit<SpendSummaryRow, 'key'>

/** The most rows `spend.summary` answers: enough for every day, model and gateway of any period. */
const ALL_ROWS = 2_000
/** Batches are many and each may need its name asked for: the table keeps the ones that spent the most. */
export const BATCH_ROWS = 50
/** Most batches in the table are recent: one list names them, and only older ones are asked for one by one. */
const NAMED_BATCHES = 100

/** A date as the ledger keys its days, `YYYY-MM-DD` in local time. */
export function localDay(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The first day of the last `days` days, today included; undefined for all time. */
export function firstDayOf(days: number | null, today = new Date()): string | undefined {
  if (days === null) return undefined
  return localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1)))
}

/** Each day from `first` to `last` (both `YYYY-MM-DD`), in order. */
export function daysBetween(first: string, last: string): string[] {
  const [y, m, d] = first.split('-').map(Number) as [number, number, number]
  const days: string[] = []
  // By calendar date, not by adding 24 hours: a day that changes the clock is 23 or 25 hours long.
  for (let i = 0; ; i++) {
    const day = localDay(new Date(y, m - 1, d + i))
    if (day > last) break
    days.push(day)
  }
  return days
}

/** Rows summed per currency, in the order each currency first appears. */
export function totalsByCurrency(rows: SpendSummaryRow[]): SpendTotal[] {
  const totals = new Map<string, SpendTotal>()
  for (const { key: _key, currency, ...row } of rows) {
    const sum = totals.get(currency)
    if (!sum) {
      totals.set(currency, { currency, ...row })
      continue
    }
    sum.sends += row.sends
    sum.estimateMicros += row.estimateMicros
    sum.actualMicros += row.actualMicros
    sum.actualSends += row.actualSends
    sum.estimateOfActualMicros += row.estimateOfActualMicros
    sum.reservedMicros += row.reservedMicros
    sum.countedMicros += row.countedMicros
  }
  return [...totals.values()]
}

/** Actual minus estimate of the sends whose actual cost is known; null while none is. */
export const differenceOf = (row: SpendTotal): number | null =>
  row.actualSends === 0 ? null : row.actualMicros - row.estimateOfActualMicros

/**
 * Names the batches in `ids`: the recent ones from one list, any other asked for alone. A batch the backend
 * no longer has is null; one it could not answer for stays unnamed (absent) and shows as its id.
 */
async function batchNamesOf(api: ApiClient, ids: string[]): Promise<Record<string, string | null>> {
  const names: Record<string, string | null> = {}
  if (ids.length === 0) return names
  const listed = await api.call('groups.list', { limit: NAMED_BATCHES })
  if (listed.ok) for (const group of listed.value) names[group.id] = group.name
  await Promise.all(
    ids
      .filter((id) => !Object.hasOwn(names, id))
      .map(async (id) => {
        const got = await api.call('groups.get', { id })
        if (got.ok) names[id] = got.value.name
        else if (got.error.code === 'not_found') names[id] = null
      })
  )
  return names
}

/** The ledger's sums per day, model, gateway and batch from `from` (a local day) on; all time without it. */
export async function loadSpending(
  api: ApiClient,
  from: string | undefined
): Promise<Result<SpendingReport>> {
  const summary = (by: 'day' | 'model' | 'profile' | 'group'): Promise<Result<SpendSummaryRow[]>> =>
    api.call('spend.summary', {
      ...(from === undefined ? {} : { from }),
      by,
      limit: by === 'group' ? BATCH_ROWS : ALL_ROWS
    })
  const [byDay, byModel, byProfile, byGroup] = await Promise.all([
    summary('day'),
    summary('model'),
    summary('profile'),
    summary('group')
  ])
  if (!byDay.ok) return byDay
  if (!byModel.ok) return byModel
  if (!byProfile.ok) return byProfile
  if (!byGroup.ok) return byGroup
  const batchNames = await batchNamesOf(api, [...new Set(byGroup.value.map((row) => row.key))])
  return {
    ok: true,
    value: {
      byDay: byDay.value,
      byModel: byModel.value,
      byProfile: byProfile.value,
      byGroup: byGroup.value,
      batchNames
    }
  }
}
