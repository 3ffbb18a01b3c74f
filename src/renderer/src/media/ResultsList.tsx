import { useCallback, useEffect, useMemo, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppError } from '@shared/result'
import type { JobView } from '@shared/schemas/jobs'
import { useConnection } from '../store/app'
import { useJobsStore } from '../store/jobs'
import { ErrorNotice } from '../ui/ErrorNotice'
import { JobCard, type JobActions } from './JobCard'
import './media.css'

const PAGE = 20

/**
 * The jobs of one kind, newest first, from the shared jobs store (kept live by `jobs.*` events), loaded
 * from the backend on opening and page by page further back; a reload finds everything again here.
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
  const load = (before?: number): void => {
    setLoading(true)
    void fetchPage(before).then(apply)
  }

  useEffect(() => {
    let live = true
    void fetchPage().then((result) => live && apply(result))
    return () => {
      live = false
    }
  }, [fetchPage, apply])

  const running = jobs.filter((job) => job.status === 'pending' || job.status === 'running').length
  return (
    <section className="results" aria-labelledby={`${kind}-results-title`}>
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
      <div className="job-list">
        {jobs.map((job) => (
          <JobCard key={job.id} job={job} actions={actions} />
        ))}
      </div>
      {hasOlder && (
        <button
          type="button"
          className="button results-more"
          disabled={loading}
          onClick={() => load(jobs[jobs.length - 1]?.createdAt)}
        >
          {t('media.results.showOlder')}
        </button>
      )}
    </section>
  )
}
