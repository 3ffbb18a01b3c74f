import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useShallow } from 'zustand/react/shallow'
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
  // The feed follows which jobs it holds; each card follows its own job (`FeedCard`), so an event about
  // one job (a streamed group sends one per image) renders that card alone, not the feed.
  const ids = useJobsStore(useShallow((state) => state.order.filter((id) => state.byId[id]?.kind === kind)))
  const running = useJobsStore(
    (state) =>
      ids.filter((id) => state.byId[id]?.status === 'pending' || state.byId[id]?.status === 'running').length
  )
  /** A job of the feed as the store holds it now (for estimates and cursors; cards subscribe themselves). */
  const jobAt = (index: number): JobView | undefined => {
    const id = ids[index]
    return id === undefined ? undefined : useJobsStore.getState().byId[id]
  }
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
  const none = ids.length === 0
  useLayoutEffect(() => {
    const top = listRef.current?.offsetTop ?? 0
    if (top !== margin) setMargin(top)
  }, [listRef, margin, error, none, width])
  const rows = useRows(scrollRef, {
    count: ids.length,
    sizeOf: (index) => {
      const job = jobAt(index)
      return (job ? cardHeight(job, width) : 300) + CARD_GAP
    },
    keyOf: (index) => ids[index] ?? index,
    overscan: OVERSCAN,
    measured: true,
    scrollMargin: margin,
    layout: width
  })
  const oldest = jobAt(ids.length - 1)?.createdAt
  const nearEnd = ids.length > 0 && rows.last >= ids.length - 1 - AHEAD
  // Each older page is asked for once, by the cursor it starts at, however often the feed renders near its end.
  const asked = useRef<number | null>(null)
  useEffect(() => {
    if (!nearEnd || !hasOlder || error || oldest === undefined || asked.current === oldest) return
    asked.current = oldest
    void fetchPage(oldest).then(apply)
  }, [nearEnd, hasOlder, error, oldest, fetchPage, apply])

  return (
    <section ref={scrollRef} className="results" aria-labelledby={`${kind}-results-title`}>
      <header className="results-head">
        <h2 id={`${kind}-results-title`}>{title}</h2>
        {running > 0 && (
          <span className="pill pill-accent">{t('media.results.running', { count: running })}</span>
        )}
      </header>
      {error && <ErrorNotice error={error} />}
      {!loading && none && !error && (
        <div className="empty-state results-empty">
          <p className="empty-title">{empty.title}</p>
          <p>{empty.text}</p>
        </div>
      )}
      <div ref={listRef} className="job-list" style={{ height: rows.totalSize }}>
        {rows.shown.flatMap((row) => {
          const id = ids[row.index]
          if (id === undefined) return []
          return [
            <div
              key={id}
              ref={rows.measure}
              data-index={row.index}
              className="job-row"
              style={{ transform: `translateY(${row.start - margin}px)`, paddingBottom: CARD_GAP }}
            >
              <FeedCard id={id} actions={actions} />
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

/** One card of the feed, following its own job in the store. */
const FeedCard = memo(function FeedCard({
  id,
  actions
}: {
  id: string
  actions: JobActions
}): ReactElement | null {
  const job = useJobsStore((state) => state.byId[id])
  return job ? <JobCard job={job} actions={actions} /> : null
})
