import type { PriceImport } from '../../shared/money'
import { say } from '../../shared/sentences'
import type { CommandHandlers } from '../contract/dispatch'
import { AppFailure } from '../contract/failure'
import type { JobGroups } from '../jobs/groups'
import { safeNameStem } from '../library'
import type { Budget } from '../money/budget'
import type { PriceStore } from '../money/priceStore'
import type { MoneyViews } from '../money/views'

type MoneyCommands =
  | 'prices.get'
  | 'prices.set'
  | 'prices.import'
  | 'prices.export'
  | 'caps.get'
  | 'caps.set'
  | 'groups.cap'
  | 'groups.setCap'
  | 'spend.list'
  | 'spend.summary'

/**
 * Money's commands (RELIABILITY P50): price tables, caps and the ledger's reads. A change to a price or a
 * cap is committed, then every job waiting for budget is tried again, before the command answers: a cap
 * raised sends what now fits at once, and a cap lowered holds the next send.
 */
export function createMoneyHandlers(deps: {
  prices: PriceStore
  budget: Budget
  groups: JobGroups
  views: MoneyViews
  profileName: (profileId: string) => string | null
  /** Jobs waiting for budget are tried again (`JobEngine.budgetChanged`). */
  budgetChanged: () => void
  /** A profile's caps or prices changed: its totals are announced (`spend.changed`). */
  profileChanged: (profileId: string) => void
}): Pick<CommandHandlers, MoneyCommands> {
  const profileNamed = (profileId: string): string => {
    const name = deps.profileName(profileId)
    if (name === null) throw new AppFailure('not_found', say('profileGone'))
    return name
  }
  const changed = (profileId: string): void => {
    deps.profileChanged(profileId)
    deps.budgetChanged()
  }
  const imported = (profileId: string, read: PriceImport) => {
    if (!read.ok) return { ok: false as const, issues: read.issues }
    changed(profileId)
    return { ok: true as const, table: read.table }
  }
  return {
    'prices.get': ({ profileId }) => {
      profileNamed(profileId)
      return { table: deps.prices.get(profileId) }
    },
    'prices.set': ({ profileId, table }) => {
      profileNamed(profileId)
      deps.prices.set(profileId, table)
      changed(profileId)
      return { table }
    },
    'prices.import': ({ profileId, text, format, currency }) => {
      profileNamed(profileId)
      return imported(profileId, deps.prices.import(profileId, text, format, currency))
    },
    'prices.export': ({ profileId, format }) => {
      const name = profileNamed(profileId)
      const text = deps.prices.export(profileId, format)
      if (text === null) throw new AppFailure('prices.none', say('pricesNone'))
      return { text, fileName: `${safeNameStem(`${name} prices`) || 'prices'}.${format}` }
    },
    'caps.get': ({ profileId }) => {
      profileNamed(profileId)
      return deps.views.caps(profileId)
    },
    'caps.set': ({ profileId, scope, capMicros }) => {
      profileNamed(profileId)
      deps.budget.setCap(profileId, scope, capMicros)
      changed(profileId)
      return deps.views.caps(profileId)
    },
    'groups.cap': ({ id }) => {
      if (!deps.groups.view(id)) throw new AppFailure('not_found', say('groupGone'))
      return deps.views.groupCap(id)
    },
    'groups.setCap': ({ id, capMicros }) => {
      if (!deps.groups.setCap(id, capMicros)) throw new AppFailure('not_found', say('groupGone'))
      deps.budgetChanged()
      return deps.views.groupCap(id)
    },
    'spend.list': ({ before, beforeTaskId, ...query }) =>
      deps.views.list({
        ...query,
        before: before === undefined ? undefined : { createdAt: before, taskId: beforeTaskId ?? '' }
      }),
    'spend.summary': ({ by, ...query }) => deps.views.summary(by, query)
  }
}
