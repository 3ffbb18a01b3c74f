import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JobView } from '@shared/schemas/jobs'
import { useAppStore, useConnection } from '../../store/app'
import { useJobsStore } from '../../store/jobs'
import { useProfilesStore } from '../../store/profiles'
import { isActiveJob, isSaving } from '../../jobs/status'
import { useNow } from '../../ui/useNow'
import { filterKey, isFiltered, matchesFilter, ALL_TASKS } from './model'
import { useQueueCounts } from './QueueBadge'
import { loadPage } from './queries'
import { useQueueStore } from './store'
import { loadLine, setQueuePaused } from './actions'
import { JobDialogs } from './JobDialogs'
import { QueueFilters } from './QueueFilters'
import { isUnsent, JobRow } from './JobRow'
import { QueueBatches } from './QueueBatches'
import './queue.css'
import { ScreenHeader } from '../../ui/ScreenHeader'

const ROW_ESTIMATE = 92
const ROW_GAP = 8

/** Jobs of the current filter that the loaded pages cover, newest first. */
function useVisibleJobs(): { jobs: JobView[]; exhausted: boolean; loading: boolean; error: string | null } {
  const filter = useQueueStore((state) => state.filter)
  const page = useQueueStore((state) => state.pages[filterKey(filter)])
  const byId = useJobsStore((state) => state.byId)
  const order = useJobsStore((state) => state.order)
  const jobs = useMemo(() => {
    const oldest = page?.exhausted ? null : (page?.oldest ?? null)
    return order
      .map((id) => byId[id])
      .filter(
        (job): job is JobView =>
          job !== undefined && matchesFilter(job, filter) && (oldest === null || job.createdAt >= oldest)
      )
  }, [order, byId, filter, page])
  return {
    jobs,
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
 * Pause and resume the whole queue. While paused, a line says so above the list: nothing new is sent,
 * what is already on its way finishes, and the queue stays paused after a restart.
 */
/**
 * Each waiting job's place in line (1 = sent next). The backend says the order when it changes (a pause,
 * a move); jobs sent since then have left the line, which the jobs mirror already knows, so places are
 * counted over the jobs still unsent rather than read stale from the last order.
 */
function usePlaces(): Map<string, number> {
  const line = useQueueStore((state) => state.line)
  const byId = useJobsStore((state) => state.byId)
  return useMemo(() => {
    const places = new Map<string, number>()
    for (const id of line?.waiting ?? []) {
      const job = byId[id]
      // A job the mirror has not loaded is taken as still waiting.
      if (!job || isUnsent(job)) places.set(id, places.size + 1)
    }
    return places
  }, [line, byId])
}

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

export function QueueScreen(): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const filter = useQueueStore((state) => state.filter)
  const profiles = useProfilesStore((state) => state.profiles)
  const { jobs, exhausted, loading, error } = useVisibleJobs()
  const places = usePlaces()
  const { running, attention } = useQueueCounts()
  const live = jobs.some((job) => isActiveJob(job) || isSaving(job))
  const now = useNow(live)
  const scrollRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    void loadPage(api, filter)
  }, [api, filter])
  useEffect(() => {
    void loadLine(api)
  }, [api])

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's API is used as documented
  const virtualizer = useVirtualizer({
    count: jobs.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => jobs[index]?.id ?? index,
    overscan: 6,
    gap: ROW_GAP
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? -1
  useEffect(() => {
    // Scrolled near the end of what is loaded: fetch the next page.
    if (!exhausted && !loading && jobs.length > 0 && lastIndex >= jobs.length - 3) void loadPage(api, filter)
  }, [api, filter, exhausted, loading, jobs.length, lastIndex])

  const summary =
    running + attention === 0
      ? t('queue.summary.nothing')
      : [
          running > 0 ? t('queue.summary.running', { count: running }) : '',
          attention > 0 ? t('queue.summary.attention', { count: attention }) : ''
        ]
          .filter(Boolean)
          .join(' · ')

  return (
    <section className="screen tq-screen" aria-labelledby="screen-title">
      <ScreenHeader title={t('queue.title')} subtitle={summary} live />
      <QueuePause waiting={places.size} />
      <QueueBatches />
      <QueueFilters running={running} attention={attention} />
      <div className="tq-scroll" ref={scrollRef}>
        {error && (
          <div className="notice notice-error tq-load-error" role="alert">
            <p className="notice-title">{t('queue.loadFailed')}</p>
            <p>{error}</p>
          </div>
        )}
        {jobs.length === 0 && !loading && !error ? (
          <EmptyState filtered={isFiltered(filter)} />
        ) : (
          <ul className="tq-list" aria-label={t('queue.list')} style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const job = jobs[item.index]
              if (!job) return null
              return (
                <JobRow
                  key={job.id}
                  job={job}
                  now={now}
                  profile={profiles.find((profile) => profile.id === job.profileId)}
                  index={item.index}
                  count={jobs.length}
                  measureRef={virtualizer.measureElement}
                  place={places.get(job.id) ?? 0}
                  style={{ transform: `translateY(${item.start}px)` }}
                />
              )
            })}
          </ul>
        )}
        {!exhausted && jobs.length > 0 && (
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
      <JobDialogs />
    </section>
  )
}
