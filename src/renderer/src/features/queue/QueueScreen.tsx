import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppStore, useConnection } from '../../store/app'
import { mirrorSum, useJobsMirror, useJobsStore } from '../../store/jobs'
import { useProfilesStore } from '../../store/profiles'
import { isActiveJob, isSaving } from '../../jobs/status'
import { useNow } from '../../ui/useNow'
import { filterKey, isFiltered, matchesFilter, ALL_TASKS, STATUS_FILTERS } from './model'
import { useQueueCounts } from './QueueBadge'
import { loadFirstPage, loadPage } from './queries'
import { useQueueStore } from './store'
import { loadLine, setQueuePaused } from './actions'
import { JobDialogs } from './JobDialogs'
import { QueueFilters } from './QueueFilters'
import { JobRow } from './JobRow'
import { usePlaces } from './places'
import { QueueBatches } from './QueueBatches'
import { QueueTeamWork } from './QueueTeamWork'
import './queue.css'
import { ScreenHeader } from '../../ui/ScreenHeader'

const ROW_ESTIMATE = 86
const ROW_GAP = 8
/** Rows before the end of what is loaded at which the next page is asked for (two screens' worth). */
const PREFETCH_ROWS = 20

/**
 * Ids of the jobs of the current filter that the loaded pages cover, newest first. A job's kind and gateway
 * never change, its status does: only a filter by status follows every update of a job; under the others
 * the list stays the same array while no job comes or goes (a poll's news redraws its row, not the list).
 */
function useVisibleIds(): { ids: string[]; exhausted: boolean; loading: boolean; error: string | null } {
  const filter = useQueueStore((state) => state.filter)
  const page = useQueueStore((state) => state.pages[filterKey(filter)])
  const order = useJobsStore((state) => state.order)
  const byStatus = STATUS_FILTERS[filter.status].statuses !== null
  // Under a status filter the list follows every change of the mirror; under the others, only its order.
  const changes = useJobsStore((state) => (byStatus ? state.version : null))
  const ids = useMemo(() => {
    const { byId } = useJobsStore.getState()
    const oldest = page?.exhausted ? null : (page?.oldest ?? null)
    const shown: string[] = []
    for (const id of order) {
      const job = byId[id]
      if (job && matchesFilter(job, filter) && (oldest === null || job.createdAt >= oldest)) shown.push(id)
    }
    return shown
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the mirror changes in place: `changes` says when
  }, [order, changes, filter, page])
  return {
    ids,
    exhausted: page?.exhausted ?? false,
    loading: page?.loading ?? true,
    error: page?.error ?? null
  }
}

function EmptyState({ filtered }: { filtered: boolean }): ReactElement {
  const { t } = useTranslation()
  const setFilter = useQueueStore((state) => state.setFilter)
  const setScreen = useAppStore((state) => state.setScreen)
  if (filtered) {
    return (
      <div className="empty-state">
        <p className="empty-title">{t('queue.empty.filteredTitle')}</p>
        <p>{t('queue.empty.filteredText')}</p>
        <button type="button" className="button" onClick={() => setFilter(ALL_TASKS)}>
          {t('queue.filters.clear')}
        </button>
      </div>
    )
  }
  return (
    <div className="empty-state tq-empty">
      <p className="empty-title">{t('queue.empty.title')}</p>
      <p>{t('queue.empty.text')}</p>
      <div className="tq-empty-actions">
        <button type="button" className="button primary" onClick={() => setScreen('video')}>
          {t('queue.empty.makeVideo')}
        </button>
        <button type="button" className="button" onClick={() => setScreen('images')}>
          {t('queue.empty.generateImages')}
        </button>
      </div>
    </div>
  )
}

/**
 * How many jobs of the mirror are going or being saved (the rows' clocks tick while any is), followed from
 * each change's jobs: a walk of 10,000 jobs on every event of a running batch was garbage and time while
 * scrolling.
 */
const liveIn = mirrorSum((job) => (isActiveJob(job) || isSaving(job) ? 1 : 0))

/**
 * Pause and resume the whole queue. While paused, a line says so above the list: nothing new is sent,
 * what is already on its way finishes, and the queue stays paused after a restart.
 */
function QueuePause({ waiting }: { waiting: number }): ReactElement | null {
  const { t } = useTranslation()
  const { api } = useConnection()
  const line = useQueueStore((state) => state.line)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  if (!line) return null
  const paused = line.pausedAt !== null
  const toggle = async (): Promise<void> => {
    setBusy(true)
    setFailure(await setQueuePaused(api, !paused))
    setBusy(false)
  }
  return (
    <div className={paused ? 'tq-pause paused' : 'tq-pause'}>
      <p className="tq-pause-text" role="status">
        {paused
          ? t('queue.pause.paused', { count: waiting })
          : waiting === 0
            ? t('queue.pause.idle')
            : t('queue.pause.sending', { count: waiting })}
      </p>
      <button type="button" className="button tq-btn" disabled={busy} onClick={() => void toggle()}>
        {paused ? t('queue.pause.resume') : t('queue.pause.pause')}
      </button>
      {failure && (
        <p className="tq-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  )
}

/**
 * The jobs of the current filter, drawn as they come into view. Its own component: the virtualizer
 * redraws it on every scroll frame, and nothing else of the screen (the bands, the pause line, the
 * filters) has anything new to draw then.
 */
function QueueList(): ReactElement {
  const { t, i18n } = useTranslation()
  const { api } = useConnection()
  const filter = useQueueStore((state) => state.filter)
  const profiles = useProfilesStore((state) => state.profiles)
  const { ids, exhausted, loading, error } = useVisibleIds()
  const { byId } = useJobsMirror()
  const places = usePlaces()
  const now = useNow(useJobsStore((state) => liveIn(state, null) > 0))
  const scrollRef = useRef<HTMLDivElement>(null)
  // The same function while the list is the same: the virtualizer measures every row again (10,000 of
  // them) whenever it is handed a new one, which was every scroll frame.
  const keyOf = useCallback((index: number) => ids[index] ?? index, [ids])

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's API is used as documented
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: keyOf,
    // One row a side: a fling draws every row anew each frame, and each row drawn ahead is one more to
    // style and lay out in it (a traced fling: frames' p90 19.6 → 16.4 ms, p99 27.1 → 22.4 ms, from 3).
    overscan: 1,
    gap: ROW_GAP,
    // New rows are drawn as a normal update, not inside the scroll event: a fling brings a screen of them
    // every frame, and no frame should wait for them (as the gallery's rows).
    useFlushSync: false
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? -1
  useEffect(() => {
    // Scrolled near the end of what is loaded: fetch the next page, early enough that it is there by the
    // time the end is.
    if (!exhausted && !loading && ids.length > 0 && lastIndex >= ids.length - PREFETCH_ROWS)
      void loadPage(api, filter)
  }, [api, filter, exhausted, loading, ids.length, lastIndex])

  return (
    // The frame takes the screen's leftover height; the scroller fills it out of the flow. A flex item is
    // never a relayout boundary in Chromium, so with the scroller as the flex item each frame of a fling
    // laid out and painted the whole document (a trace: 1,321 objects, 647 dirty, 25 ms); out of the
    // flow, its `contain: strict` holds and a frame lays out the list alone.
    <div className="tq-scroll-frame">
      <div className="tq-scroll" ref={scrollRef}>
        {error && (
          <div className="notice notice-error tq-load-error" role="alert">
            <p className="notice-title">{t('queue.loadFailed')}</p>
            <p>{error}</p>
          </div>
        )}
        {ids.length === 0 && !loading && !error ? (
          <EmptyState filtered={isFiltered(filter)} />
        ) : (
          <ul className="tq-list" aria-label={t('queue.list')} style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const id = ids[item.index]
              const job = id === undefined ? undefined : byId[id]
              if (!job) return null
              return (
                <JobRow
                  key={job.id}
                  job={job}
                  now={now}
                  profile={profiles.find((profile) => profile.id === job.profileId)}
                  index={item.index}
                  // How many there are in all is known once the last page is in (-1: not known yet); a
                  // count of the pages so far would be wrong, and would draw every row again per page.
                  count={exhausted ? ids.length : -1}
                  measureRef={virtualizer.measureElement}
                  place={places.get(job.id) ?? 0}
                  style={{ transform: `translateY(${item.start}px)` }}
                  t={t}
                  language={i18n.language}
                />
              )
            })}
          </ul>
        )}
        {!exhausted && ids.length > 0 && (
          <div className="tq-more">
            <button
              type="button"
              className="button"
              disabled={loading}
              onClick={() => void loadPage(api, filter)}
            >
              {loading ? t('queue.loading') : t('queue.older')}
            </button>
          </div>
        )}
      </div>
    </div>
  )
}

export function QueueScreen(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const filter = useQueueStore((state) => state.filter)
  const { running, waiting, attention } = useQueueCounts()

  useEffect(() => {
    void loadFirstPage(api, filter)
  }, [api, filter])
  useEffect(() => {
    void loadLine(api)
  }, [api])

  const summary =
    running + waiting + attention === 0
      ? t('queue.summary.nothing')
      : [
          running > 0 ? t('queue.summary.running', { count: running }) : '',
          waiting > 0 ? t('queue.summary.waiting', { count: waiting }) : '',
          attention > 0 ? t('queue.summary.attention', { count: attention }) : ''
        ]
          .filter(Boolean)
          .join(' · ')

  return (
    <section className="screen tq-screen" aria-labelledby="screen-title">
      <ScreenHeader title={t('queue.title')} subtitle={summary} live />
      <QueuePause waiting={waiting} />
      <QueueBatches />
      <QueueTeamWork />
      <QueueFilters going={running + waiting} attention={attention} />
      <QueueList />
      <JobDialogs />
    </section>
  )
}
