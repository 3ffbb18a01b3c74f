import type { CapsView, PriceTableView } from '@shared/schemas/money'

/** A price table as `prices.get` gives it: amounts in micros. */
export const table = (models: PriceTableView['models'], currency = 'USD'): PriceTableView => ({
  version: 1,
  currency,
  models
})

export const caps = (over: Partial<CapsView> = {}): CapsView => ({
  profileId: 'p1',
  currency: 'USD',
  day: null,
  month: null,
  spentToday: 0,
  spentThisMonth: 0,
  reservedToday: 0,
  reservedThisMonth: 0,
  today: '2026-03-02',
  thisMonth: '2026-03',
  ...over
})
