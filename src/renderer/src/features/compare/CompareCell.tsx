import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JobView } from '@shared/schemas/jobs'
import { billingLabel } from '../../jobs/billing'
import { endpointInfo } from '../../jobs/imageForm/form'
import { elapsedMs, formatDuration, isActiveJob } from '../../jobs/status'
import { JobCard, type JobActions } from '../../media/JobCard'
import { imagesOf } from '../../media/slots'
import { useConnection } from '../../store/app'
import { useJobsStore } from '../../store/jobs'
import { ErrorNotice } from '../../ui/ErrorNotice'
import { useNow } from '../../ui/useNow'
import type { CompareCell as Cell } from './store'

/** "Keep": stars every image of the column, so it stays among the Gallery's favorites. */
function KeepButton({ job }: { job: JobView }): ReactElement | null {
  const { t } = useTranslation()
  const { api } = useConnection()
  const [busy, setBusy] = useState(false)
  const stored = imagesOf(job)
  if (stored.length === 0) return null
  const kept = stored.every((result) => result.favorite)
  const keep = async (): Promise<void> => {
    setBusy(true)
    const favorite = !kept
    // The stars come back in the job's next update (jobs.updated), as the image's own star does.
    await Promise.all(stored.map((result) => api.call('results.setFavorite', { id: result.id, favorite })))
    setBusy(false)
  }
  return (
    <button
      type="button"
      className={`button small compare-keep ${kept ? 'kept' : ''}`}
      aria-pressed={kept}
      disabled={busy}
      title={t('compare.cell.keepHint')}
      onClick={() => void keep()}
    >
      {kept ? t('compare.cell.kept') : t('compare.cell.keep')}
    </button>
  )
}

/**
 * One model's column: which model on which endpoint and how it bills, how long it has taken, and its job
 * as every screen shows a job (images arriving, status, usage, Remix), or why the backend refused it.
 */
export function CompareCell({ cell, actions }: { cell: Cell; actions: JobActions }): ReactElement {
  const { t } = useTranslation()
  const job = useJobsStore((state) => (cell.jobId ? state.byId[cell.jobId] : undefined))
  const live = job ? isActiveJob(job) : cell.error === null
  const now = useNow(live)
  const billing = job?.billingUnit ?? null
  const elapsed = job ? formatDuration(elapsedMs(job, now), t) : null
  return (
    <li className="compare-cell" aria-label={t('compare.cell.label', { model: cell.model })}>
      <header className="compare-cell-head">
        <div>
          <p className="compare-cell-model">{cell.model}</p>
          <p className="muted compare-cell-facts">
            {endpointInfo(cell.endpoint, t).label}
            {billing && ` · ${billingLabel(billing, t)}`}
            {elapsed && (
              <>
                {' · '}
                <span className="compare-elapsed">
                  {live
                    ? t('compare.cell.running', { time: elapsed })
                    : t('compare.cell.took', { time: elapsed })}
                </span>
              </>
            )}
          </p>
        </div>
        {job && <KeepButton job={job} />}
      </header>
      {cell.error ? (
        <ErrorNotice error={cell.error} model={cell.model} />
      ) : job ? (
        <JobCard job={job} actions={actions} />
      ) : (
        <p className="muted compare-waiting" role="status">
          {t('compare.cell.handing')}
        </p>
      )}
    </li>
  )
}
