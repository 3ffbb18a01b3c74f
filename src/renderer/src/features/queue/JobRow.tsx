import type { TFunction } from 'i18next'
import { memo, useRef, type CSSProperties, type ReactElement, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { ENDPOINTS } from '@shared/gateway/spec'
import type { JobView } from '@shared/schemas/jobs'
import type { ProfileView } from '@shared/schemas/profiles'
import { useConnection } from '../../store/app'
import { errorLine } from '../../ui/errorWords'
import { Icon, type IconName } from '../../ui/icons'
import { MediaThumb } from '../../ui/MediaThumb'
import {
  elapsedMs,
  formatDuration,
  isActiveJob,
  isActiveTask,
  isWaitingForBudget,
  progressOf,
  jobTone,
  statusText,
  TASK_STATUS_LABELS
} from '../../jobs/status'
import { ProgressBar } from '../../ui/ProgressBar'
import { useFocusStays } from '../../ui/useFocusStays'
import { usageSummary } from '../../media/slots'
import { cancelPlan, type CancelPlan } from '../../jobs/cancel'
import { cancelJob, moveBefore, moveByOne, moveToFront, retryJob } from './actions'
import {
  canCancel,
  cancelEffect,
  canOpen,
  canResend,
  endpointParts,
  formatAgo,
  formatIn,
  isUnsent,
  pollFacts,
  retryRequest
} from './model'
import { useQueueStore } from './store'
import { gatewayNameOf } from './words'
import { dateFormat, numberFormat } from '../../ui/intl'

/** Each kind's icon; a kind without one of its own shows the image icon. */
const kindIcon: Partial<Record<JobView['kind'], IconName>> = { image: 'images', edit: 'edit', video: 'video' }
/** The cancel button's words: "Cancel", or "Stop tracking" where the gateway keeps the task. */
const cancelWords = {
  cancel: 'queue.row.cancel',
  stopTracking: 'queue.row.stopTracking'
} as const satisfies Record<CancelPlan['action'], string>

/** Today: the time; earlier: the date and time; as the current language writes them. */
function clock(at: number, now: number, language: string): string {
  const today = new Date(now).toDateString() === new Date(at).toDateString()
  return dateFormat(
    language,
    today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }
  ).format(at)
}

/** A row-action glyph (trash, chevron), drawn like the navigation icons. */
function Glyph({ d, size }: { d: string; size: number }): ReactElement {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** What the poll column says of a job that was never polled. */
function noPollText(t: TFunction, job: JobView): string {
  if (job.status === 'needs_attention') {
    const stillRunning = job.tasks.some((task) => task.error?.view?.kind === 'in_progress')
    return stillRunning ? t('queue.row.stillProcessed') : t('queue.row.noAnswer')
  }
  // Nothing of it has gone out yet: there is no reply to wait for.
  if (job.tasks.length > 0 && job.tasks.every((task) => task.status === 'pending'))
    return t('queue.row.notSent')
  if (isActiveJob(job)) return t('queue.row.waitingReply')
  const async = job.kind === 'video' || job.tasks.some((task) => task.remoteId !== null)
  return async || job.endpoint === ENDPOINTS.imagesV2 ? t('queue.row.neverPolled') : t('queue.row.oneRequest')
}

/** How the job bills, after its usage. */
const billedPer = (t: TFunction, unit: string): string =>
  unit === 'token' || unit === 'image'
    ? t(`queue.details.billedPer.${unit}`)
    : t('queue.details.billedPer.other', { unit })

function Thumb({ job }: { job: JobView }): ReactElement {
  const stored = job.results.find((result) => result.status === 'stored' && result.mediaId)
  if (stored?.mediaId) {
    return (
      <span className="tq-thumb">
        <MediaThumb mediaId={stored.mediaId} alt="" />
      </span>
    )
  }
  return (
    <span className={`tq-thumb tq-thumb-icon kind-${job.kind}`} aria-hidden="true">
      <Icon name={kindIcon[job.kind] ?? 'images'} size={22} />
    </span>
  )
}

function TaskLines({
  job,
  now,
  profile
}: {
  job: JobView
  now: number
  profile: ProfileView | undefined
}): ReactElement {
  const { t, i18n } = useTranslation()
  const percent = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 })
  const usage = usageSummary(job.usage)
  // A task's own figure only where the job has several: one task's usage is the job's, said once.
  const perTask = job.tasks.length > 1
  return (
    <div className="tq-details">
      {usage && (
        <p className="muted tq-job-usage">
          {/* The usage figure is media's summary of the gateway's own numbers. */}
          {t('queue.details.usage', { usage })}
          {job.billingUnit ? ` · ${billedPer(t, job.billingUnit)}` : ''}
        </p>
      )}
      <ol className="tq-task-lines" aria-label={t('queue.details.tasks')}>
        {job.tasks.map((task) => (
          <li key={task.id}>
            <span className="tq-task-name">{t('queue.details.task', { number: task.seq + 1 })}</span>
            <span className="tq-task-status">{TASK_STATUS_LABELS[task.status]}</span>
            {perTask && usageSummary(task.usage) && (
              <span className="muted tq-task-usage">{usageSummary(task.usage)}</span>
            )}
            {task.remoteStatus && (
              <span className="muted">
                {t('queue.details.gatewayStatus')}
                <span className="tq-gateway-words">{task.remoteStatus}</span>
              </span>
            )}
            {task.progress !== null && isActiveTask(task) && (
              <span className="muted">{percent.format(task.progress)}</span>
            )}
            {task.pollCount > 0 && (
              <span className="muted">
                {task.lastPolledAt !== null
                  ? t('queue.details.pollsLast', {
                      polls: t('queue.row.polls', { count: task.pollCount }),
                      ago: formatAgo(task.lastPolledAt, now, t)
                    })
                  : t('queue.row.polls', { count: task.pollCount })}
              </span>
            )}
            {task.nextPollAt !== null && isActiveTask(task) && (
              <span className="muted">{formatIn(task.nextPollAt, now, t)}</span>
            )}
            {task.remoteId && <code className="tq-remote-id">{task.remoteId}</code>}
            {task.error && <span className="tq-task-error">{errorLine(t, task.error)}</span>}
          </li>
        ))}
      </ol>
      {canCancel(job) && (
        <p className="muted">
          {t('queue.details.cancel')}
          <span className="tq-cancel-effect">{cancelEffect(job, profile)}</span>
        </p>
      )}
    </div>
  )
}

/** The drag's data type: a waiting job's id, dropped on another waiting row to go just before it. */
const DRAGGED_JOB = 'application/x-gateway-studio-job'

function JobRowView({
  job,
  now,
  profile,
  index,
  count,
  measureRef,
  style,
  place,
  t,
  language
}: {
  job: JobView
  now: number
  profile: ProfileView | undefined
  index: number
  count: number
  measureRef: Ref<HTMLLIElement>
  style: CSSProperties
  /** Its place among the jobs waiting to be sent (1 = next), or 0 when it is not waiting. */
  place: number
  /**
   * The list's words, handed down: a row of its own asking for them (`useTranslation`) cost a copy of the
   * i18n instance and two listeners per row mounted, and a fling through the Queue mounts thousands.
   */
  t: TFunction
  language: string
}): ReactElement {
  const { api } = useConnection()
  const expanded = useQueueStore((state) => state.expanded[job.id] ?? false)
  const actionError = useQueueStore((state) => state.actionErrors[job.id])
  const toggleExpanded = useQueueStore((state) => state.toggleExpanded)
  const openDialog = useQueueStore((state) => state.openDialog)
  const progress = progressOf(job)
  const polls = pollFacts(job)
  const tone = jobTone(job)
  const group = job.tasks.length > 1
  const retry = retryRequest(job) !== null
  const active = isActiveJob(job)
  const status = statusText(job)
  // Our words for the failure in the language shown, the gateway's own text as it came.
  const jobError = job.error && job.status !== 'succeeded' ? errorLine(t, job.error) : null
  // Held for budget is no failure being retried: its sentence says which cap, and what raises it.
  const errorText =
    actionError ??
    (jobError && active && !isWaitingForBudget(job)
      ? t('queue.row.stillTrying', { error: jobError })
      : jobError)
  const endpoint = endpointParts(job, t)
  const cancel = canCancel(job) ? cancelPlan(job, profile) : null
  const cancelNoteId = `cancel-note-${job.id}`
  // Nothing of it has gone out: its clock counts waiting, not running.
  const unsent = isUnsent(job)
  // Cancel, Retry or Send again go once used: the keyboard stays on this row's actions.
  const actionsRef = useRef<HTMLDivElement>(null)
  useFocusStays(actionsRef)
  return (
    <li
      ref={measureRef}
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      className={unsent ? `tq-row tone-${tone} waiting` : `tq-row tone-${tone}`}
      style={style}
      // A job waiting to be sent is dragged to its new place, or moved with Alt+↑ / Alt+↓.
      draggable={place > 0}
      onDragStart={(event) => {
        if (place === 0) return
        event.dataTransfer.setData(DRAGGED_JOB, job.id)
        event.dataTransfer.effectAllowed = 'move'
      }}
      onDragOver={(event) => {
        if (place > 0 && event.dataTransfer.types.includes(DRAGGED_JOB)) event.preventDefault()
      }}
      onDrop={(event) => {
        const dragged = event.dataTransfer.getData(DRAGGED_JOB)
        if (!dragged || place === 0) return
        event.preventDefault()
        void moveBefore(api, dragged, job.id)
      }}
      onKeyDown={(event) => {
        if (place === 0 || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return
        event.preventDefault()
        void moveByOne(api, job.id, event.key === 'ArrowUp' ? -1 : 1)
      }}
    >
      <div className="tq-row-main">
        <Thumb job={job} />
        <div className="tq-text">
          <p className="tq-prompt" title={job.prompt}>
            {job.prompt || <span className="muted">{t('queue.row.noPrompt')}</span>}
          </p>
          <p className="tq-meta">
            <span>
              <span className="tq-endpoint-name">{endpoint.name}</span>
              {endpoint.how}
            </span>
            <span>{job.model}</span>
            {profile && <span>{gatewayNameOf(profile, t)}</span>}
            <span>{clock(job.createdAt, now, language)}</span>
          </p>
        </div>
        <div className="tq-state">
          <div className="tq-state-line">
            <span className={unsent ? `tq-status tone-${tone} waiting` : `tq-status tone-${tone}`}>
              {status}
            </span>
            <span
              className="tq-elapsed"
              title={
                unsent ? t('queue.row.waitingFor') : active ? t('queue.row.runningFor') : t('queue.row.took')
              }
            >
              {formatDuration(elapsedMs(job, now))}
            </span>
          </div>
          {/* Nothing of it is under way: no bar sweeps (its place in line says where it stands). */}
          {!unsent && (
            <ProgressBar
              progress={progress}
              label={t('queue.row.progress', { prompt: job.prompt.slice(0, 40) })}
            />
          )}
          {place > 0 ? (
            <span className="tq-progress-label tq-place">{t('queue.row.place', { place })}</span>
          ) : (
            progress.type !== 'none' &&
            progress.label !== status && <span className="tq-progress-label">{progress.label}</span>
          )}
        </div>
        <div className="tq-poll">
          {polls ? (
            <>
              <span>
                {polls.lastPolledAt !== null
                  ? t('queue.row.lastPoll', { ago: formatAgo(polls.lastPolledAt, now, t) })
                  : t('queue.row.notPolled')}
              </span>
              <span className="muted">
                {t('queue.row.polls', { count: polls.polls })}
                {active && polls.nextPollAt !== null ? ` · ${formatIn(polls.nextPollAt, now, t)}` : ''}
              </span>
            </>
          ) : (
            <span className="muted">{noPollText(t, job)}</span>
          )}
        </div>
        <div ref={actionsRef} className="tq-actions">
          {canOpen(job) && (
            <button
              type="button"
              className="button tq-btn primary"
              onClick={() => openDialog({ type: 'view', jobId: job.id })}
            >
              {job.kind === 'video' ? t('queue.row.play') : t('queue.row.open')}
            </button>
          )}
          {canResend(job) && (
            <button
              type="button"
              className="button tq-btn warn"
              onClick={() => openDialog({ type: 'resend', jobId: job.id })}
            >
              {t('queue.row.sendAgain')}
            </button>
          )}
          {place > 1 && (
            <button type="button" className="button tq-btn" onClick={() => void moveToFront(api, job)}>
              {t('queue.row.toFront')}
            </button>
          )}
          {place > 0 && (
            <span className="tq-move" role="group" aria-label={t('queue.row.placeGroup')}>
              <button
                type="button"
                className="button tq-btn"
                aria-keyshortcuts="Alt+ArrowUp"
                disabled={place === 1}
                onClick={() => void moveByOne(api, job.id, -1)}
              >
                {t('queue.row.earlier')}
              </button>
              <button
                type="button"
                className="button tq-btn"
                aria-keyshortcuts="Alt+ArrowDown"
                onClick={() => void moveByOne(api, job.id, 1)}
              >
                {t('queue.row.later')}
              </button>
            </span>
          )}
          {retry && (
            <button
              type="button"
              className="button tq-btn"
              title={t('queue.row.retryHint')}
              onClick={() => void retryJob(api, job)}
            >
              {t('queue.row.retry')}
            </button>
          )}
          {cancel && (
            <button
              type="button"
              className="button tq-btn tq-cancel"
              title={cancel.effect}
              aria-describedby={cancel.mayStillBill ? cancelNoteId : undefined}
              onClick={() => void cancelJob(api, job)}
            >
              {t(cancelWords[cancel.action])}
            </button>
          )}
          <button
            type="button"
            className="tq-icon-button tq-delete"
            aria-label={t('queue.row.delete')}
            title={t('queue.row.deleteHint')}
            onClick={() => openDialog({ type: 'delete', jobId: job.id })}
          >
            <Glyph d="M4 7h16 M9 7V4h6v3 M6 7l1 13h10l1-13 M10 11v6 M14 11v6" size={16} />
          </button>
          <button
            type="button"
            className="tq-icon-button tq-expand"
            aria-expanded={expanded}
            aria-label={
              group ? t('queue.row.showTasks', { count: job.tasks.length }) : t('queue.row.showDetails')
            }
            onClick={() => toggleExpanded(job.id)}
          >
            {group && <span aria-hidden="true">{t('queue.row.tasks', { count: job.tasks.length })}</span>}
            <Glyph d="M6 9l6 6 6-6" size={14} />
          </button>
        </div>
      </div>
      {cancel?.mayStillBill && (
        <p className="tq-cancel-note" id={cancelNoteId}>
          {t('queue.row.mayStillBill')}
        </p>
      )}
      {errorText && (
        <p className={active ? 'tq-error soft' : 'tq-error'} role={actionError ? 'alert' : undefined}>
          {errorText}
        </p>
      )}
      {expanded && <TaskLines job={job} now={now} profile={profile} />}
    </li>
  )
}

type JobRowProps = Parameters<typeof JobRowView>[0]

/**
 * A row draws again only when what it shows changed: scrolling the Queue moves the rows already on screen
 * (their `style` a new object each time, the same transform), and a trace of a 10,000-job queue spent
 * 9 s of 40 redrawing those rows on every scroll frame.
 */
export const JobRow = memo(
  JobRowView,
  (a: JobRowProps, b: JobRowProps) =>
    a.job === b.job &&
    a.now === b.now &&
    a.profile === b.profile &&
    a.index === b.index &&
    a.count === b.count &&
    a.place === b.place &&
    a.t === b.t &&
    a.language === b.language &&
    a.measureRef === b.measureRef &&
    a.style.transform === b.style.transform
)
