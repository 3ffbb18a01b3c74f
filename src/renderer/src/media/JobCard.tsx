import { memo, useMemo, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JobView, ResultView } from '@shared/schemas/jobs'
import { billedLine } from '../jobs/billing'
import { announceCancel, cancelPlan } from '../jobs/cancel'
import { jobTone, statusText } from '../jobs/status'
import { useConnection } from '../store/app'
import { useProfilesStore } from '../store/profiles'
import { ErrorNotice } from '../ui/ErrorNotice'
import { jobAppError } from '../ui/errorWords'
import { useFocusStays } from '../ui/useFocusStays'
import { SlotRows } from './JobSlots'
import { endpointLabel, isLive, slotsOf, usageSummary, when } from './slots'
import { refusedStream } from './streamRefusal'
import './media.css'

export interface JobActions {
  onOpen: (job: JobView, result: ResultView) => void
  onRemix: (job: JobView, options?: { withoutStream?: boolean }) => void
  onCopyPrompt: (text: string) => void
}

/** One job of the studio: its prompt and facts, its image grid (live while it runs), its actions. */
export const JobCard = memo(function JobCard({
  job,
  actions
}: {
  job: JobView
  actions: JobActions
}): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const [cancelling, setCancelling] = useState(false)
  const slots = slotsOf(job, t)
  const live = isLive(job)
  const tone = jobTone(job)
  const status = statusText(job, t)
  // Still going: at the gateway, or its images on their way into the library.
  const working = tone === 'active'
  const usage = usageSummary(job.usage, t)
  // Once per card: a streamed group renders its card again for every image that arrives.
  const created = useMemo(() => when(job.createdAt, t), [job.createdAt, t])
  const arrived = slots.filter((s) => s.kind === 'image').length
  const streamRefused = refusedStream(job)
  const profile = useProfilesStore((state) => state.profiles.find((p) => p.id === job.profileId))
  const plan = cancelPlan(job, profile, t)
  // Cancel goes once the job ends: the keyboard stays on the card's actions.
  const actionsRef = useRef<HTMLDivElement>(null)
  useFocusStays(actionsRef)
  const cancel = async (): Promise<void> => {
    setCancelling(true)
    const result = await api.call('jobs.cancel', { id: job.id })
    if (result.ok) announceCancel(job, result.value.cancel, t)
    setCancelling(false)
  }
  return (
    <article
      className="job-card"
      aria-label={t('media.card.label', { prompt: job.prompt.slice(0, 80) })}
      aria-busy={live}
    >
      <header className="job-head">
        <div className="job-title">
          <p className="job-prompt" title={job.prompt}>
            {job.prompt}
          </p>
          <p className="job-meta">
            <span>{job.model}</span>
            <span aria-hidden="true">·</span>
            <span title={job.endpoint}>{endpointLabel(job.endpoint, t)}</span>
            <span aria-hidden="true">·</span>
            <span>{created}</span>
          </p>
        </div>
        <span
          className={`pill job-status tone-${tone}`}
          role={working ? 'status' : undefined}
          aria-label={
            working && slots.length > 1
              ? t('media.card.workingOn', { status, arrived, total: slots.length })
              : status
          }
        >
          {working && <span className="spinner" aria-hidden="true" />}
          {status}
          {working && slots.length > 1 ? ` · ${arrived}/${slots.length}` : ''}
        </span>
      </header>
      {job.error && !live && (
        <ErrorNotice error={jobAppError(job.error)}>
          {streamRefused && (
            <div className="notice-actions">
              <p className="notice-hint">{t('media.card.streamRefused')}</p>
              <button
                type="button"
                className="button"
                onClick={() => actions.onRemix(job, { withoutStream: true })}
              >
                {t('media.card.remixWithoutStream')}
              </button>
            </div>
          )}
        </ErrorNotice>
      )}
      {slots.length > 0 && <SlotRows job={job} slots={slots} actions={actions} />}
      <footer className="job-foot">
        <span className="job-usage">
          {usage ? t('media.card.usage', { usage }) : ''}
          {job.billingUnit ? `${usage ? ' · ' : ''}${billedLine(job.billingUnit, t)}` : ''}
        </span>
        <div ref={actionsRef} className="job-actions">
          {live && (
            <button
              type="button"
              className="button small"
              disabled={cancelling}
              title={plan.effect}
              onClick={() => void cancel()}
            >
              {plan.text}
            </button>
          )}
          <button type="button" className="button small" onClick={() => actions.onCopyPrompt(job.prompt)}>
            {t('media.card.copyPrompt')}
          </button>
          <button type="button" className="button small" onClick={() => actions.onRemix(job)}>
            {t('media.card.remix')}
          </button>
        </div>
      </footer>
      {live && plan.mayStillBill && <p className="job-cancel-note">{t('media.card.noCancelCall')}</p>}
    </article>
  )
})
