/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import type { ReactElement } from 'react'
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

/** Status as chips (with live counts for what is going on now), kind and gateway as selects. */
export function QueueFilters({ running, attention }: { running: number; attention: number }): ReactElement {
  const filter = useQueueStore((state) => state.filter)
  const setFilter = useQueueStore((state) => state.setFilter)
  const profiles = useProfilesStore((state) => state.profiles)
  const counts: Partial<Record<StatusFilter, number>> = { active: running, attention }
  return (
    <div className="tq-toolbar">
      <fieldset className="tq-chips">
        <legend className="tq-sr-only">Status</legend>
        {(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((status) => (
          <label key={status} className={filter.status === status ? 'tq-chip selected' : 'tq-chip'}>
            <input
              type="radio"
              name="task-status"
              value={status}
              checked={filter.status === status}
              onChange={() => setFilter({ status })}
            />
            {STATUS_FILTERS[status].label}
            {counts[status] ? (
              <span className={status === 'attention' ? 'tq-count warn' : 'tq-count'}>{counts[status]}</span>
            ) : null}
          </label>
        ))}
      </fieldset>
      <div className="tq-selects">
        <label className="tq-select">
          <span>Kind</span>
          <select
            value={filter.kind}
            onChange={(event) => setFilter({ kind: event.target.value as KindFilter })}
          >
            {(Object.keys(KIND_FILTERS) as KindFilter[]).map((kind) => (
              <option key={kind} value={kind}>
                {KIND_FILTERS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="tq-select">
          <span>Gateway</span>
          <select value={filter.profileId} onChange={(event) => setFilter({ profileId: event.target.value })}>
            <option value="all">Any gateway</option>
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
        </label>
        {isFiltered(filter) && (
          <button type="button" className="button tq-btn quiet" onClick={() => setFilter(ALL_TASKS)}>
            Clear filters
          </button>
        )}
      </div>
    </div>
  )
}
