import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { JobView } from '@shared/schemas/jobs'
import { useConnection } from '../store/app'
import { useJobsStore } from '../store/jobs'
import { ErrorNotice } from '../ui/ErrorNotice'
import { CARD_GAP, cardHeight } from './feedLayout'
import { JobCard, type JobActions } from './JobCard'
import { useRows } from './useRows'
import { useWidth } from './useWidth'
import './media.css'

const PAGE = 20
/** Job cards kept either side of the screen: a card is tall, so a few cover a screen's worth of scrolling. */
const OVERSCAN = 4
/** Load the next older page while this many cards are still below the screen. */
const AHEAD = 3

/**
 * The jobs of one kind, newest first, from the shared jobs store (kept live by `jobs.*` events), loaded
 * from the backend on opening and page by page further back as one scrolls (or asks); a reload finds
 * everything again here. Virtualized by card, as the Gallery is by row (`useRows`): only the cards on
 * screen and a few either side exist, each first placed at the height its justified image rows will
 * take and then measured where it lands, so a feed of hundreds of jobs scrolls as lightly as one of ten.
 */
export function ResultsList({
  kind,
  title,
  empty,
  actions
}: {
  kind: JobView['kind']
  title: string
  empty: { title: string; text: string }
  actions: JobActions
}): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const byId = useJobsStore((state) => state.byId)
  const order = useJobsStore((state) => state.order)
  const jobs = useMemo(
    () => order.flatMap((id) => (byId[id]?.kind === kind ? [byId[id]] : [])),
    [byId, order, kind]
  )
  const [loading, setLoading] = useState(true)
  const [hasOlder, setHasOlder] = useState(false)
  const [error, setError] = useState<AppError | null>(null)

  const fetchPage = useCallback(
    (before?: number) => api.call('jobs.list', { kind: [kind], limit: PAGE, ...(before ? { before } : {}) }),
    [api, kind]
  )
  const apply = useCallback((result: Awaited<ReturnType<typeof fetchPage>>): void => {
    setLoading(false)
    if (!result.ok) {
      setError(result.error)
      return
    }
    setError(null)
    useJobsStore.getState().upsertMany(result.value)
    setHasOlder(result.value.length === PAGE)
  }, [])
  const load = useCallback(
    (before?: number): void => {
      setLoading(true)
      void fetchPage(before).then(apply)
    },
    [fetchPage, apply]
  )

  useEffect(() => {
    let live = true
    void fetchPage().then((result) => live && apply(result))
    return () => {
      live = false
    }
  }, [fetchPage, apply])

  const scrollRef = useRef<HTMLElement>(null)
  const [listRef, width] = useWidth<HTMLDivElement>()
  // Where the list starts under the header (and any notice): the cards' offsets are the list's own.
  const [margin, setMargin] = useState(0)
  const none = jobs.length === 0
  useLayoutEffect(() => {
    const top = listRef.current?.offsetTop ?? 0
    if (top !== margin) setMargin(top)
  }, [listRef, margin, error, none, width])
  const rows = useRows(scrollRef, {
    count: jobs.length,
    sizeOf: (index) => (jobs[index] ? cardHeight(jobs[index], width) : 300) + CARD_GAP,
    keyOf: (index) => jobs[index]?.id ?? index,
    overscan: OVERSCAN,
    measured: true,
    scrollMargin: margin,
    layout: width
  })
  const oldest = jobs[jobs.length - 1]?.createdAt
  const nearEnd = jobs.length > 0 && rows.last >= jobs.length - 1 - AHEAD
  // Each older page is asked for once, by the cursor it starts at, however often the feed renders near its end.
  const asked = useRef<number | null>(null)
  useEffect(() => {
    if (!nearEnd || !hasOlder || error || oldest === undefined || asked.current === oldest) return
    asked.current = oldest
    void fetchPage(oldest).then(apply)
  }, [nearEnd, hasOlder, error, oldest, fetchPage, apply])

  const running = jobs.filter((job) => job.status === 'pending' || job.status === 'running').length
  return (
    <section ref={scrollRef} className="results" aria-labelledby={`${kind}-results-title`}>
      <header className="results-head">
        <h2 id={`${kind}-results-title`}>{title}</h2>
        {running > 0 && (
          <span className="pill pill-accent">{t('media.results.running', { count: running })}</span>
        )}
      </header>
      {error && <ErrorNotice error={error} />}
      {!loading && jobs.length === 0 && !error && (
        <div className="empty-state results-empty">
          <p className="empty-title">{empty.title}</p>
          <p>{empty.text}</p>
        </div>
      )}
      <div ref={listRef} className="job-list" style={{ height: rows.totalSize }}>
        {rows.shown.flatMap((row) => {
          const job = jobs[row.index]
          if (!job) return []
          return [
            <div
              key={job.id}
              ref={rows.measure}
              data-index={row.index}
              className="job-row"
              style={{ transform: `translateY(${row.start - margin}px)`, paddingBottom: CARD_GAP }}
            >
              <JobCard job={job} actions={actions} />
            </div>
          ]
        })}
      </div>
      {hasOlder && (
        <button type="button" className="button results-more" disabled={loading} onClick={() => load(oldest)}>
          {t('media.results.showOlder')}
        </button>
      )}
    </section>
  )
}
