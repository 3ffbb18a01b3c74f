import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useProfilesStore } from '../../store/profiles'
import {
  ALL_TASKS,
  isFiltered,
  KIND_FILTERS,
  STATUS_FILTERS,
  type KindFilter,
  type StatusFilter
} from './model'
import { useQueueStore } from './store'
import { useGatewayName } from './words'

/** Status as chips (with live counts for what is going on now), kind and gateway as selects. */
export function QueueFilters({ going, attention }: { going: number; attention: number }): ReactElement {
  const { t } = useTranslation()
  const gatewayName = useGatewayName()
  const filter = useQueueStore((state) => state.filter)
  const setFilter = useQueueStore((state) => state.setFilter)
  const profiles = useProfilesStore((state) => state.profiles)
  const counts: Partial<Record<StatusFilter, number>> = { active: going, attention }
  return (
    <div className="tq-toolbar">
      <fieldset className="tq-chips">
        <legend className="tq-sr-only">{t('queue.filters.status')}</legend>
        {(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((status) => (
          <label key={status} className={filter.status === status ? 'tq-chip selected' : 'tq-chip'}>
            <input
              type="radio"
              name="task-status"
              value={status}
              checked={filter.status === status}
              onChange={() => setFilter({ status })}
            />
            {t(`queue.filters.statuses.${status}`)}
            {counts[status] ? (
              <span className={status === 'attention' ? 'tq-count warn' : 'tq-count'}>{counts[status]}</span>
            ) : null}
          </label>
        ))}
      </fieldset>
      <div className="tq-selects">
        <label className="tq-select">
          <span>{t('queue.filters.kind')}</span>
          <select
            value={filter.kind}
            onChange={(event) => setFilter({ kind: event.target.value as KindFilter })}
          >
            {KIND_FILTERS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`queue.filters.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="tq-select">
          <span>{t('queue.filters.gateway')}</span>
          <select value={filter.profileId} onChange={(event) => setFilter({ profileId: event.target.value })}>
            <option value="all">{t('queue.filters.anyGateway')}</option>
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {gatewayName(profile)}
              </option>
            ))}
          </select>
        </label>
        {isFiltered(filter) && (
          <button type="button" className="button tq-btn quiet" onClick={() => setFilter(ALL_TASKS)}>
            {t('queue.filters.clear')}
          </button>
        )}
      </div>
    </div>
  )
}
