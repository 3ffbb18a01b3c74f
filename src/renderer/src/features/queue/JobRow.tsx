/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import type { CSSProperties, ReactElement, Ref } from 'react'
import { ENDPOINTS } from '@shared/gateway/spec'
import type { JobView } from '@shared/schemas/jobs'
import type { ProfileView } from '@shared/schemas/profiles'
import { useConnection } from '../../store/app'
import { Icon } from '../../ui/icons'
import { MediaThumb } from '../../ui/MediaThumb'
import {
  elapsedMs,
  formatDuration,
  isActiveJob,
  isActiveTask,
  progressOf,
  jobTone,
  statusText,
  TASK_STATUS_LABELS
} from '../../jobs/status'
import { ProgressBar } from '../../ui/ProgressBar'
import { usageSummary } from '../../media/slots'
import { cancelPlan } from '../../jobs/cancel'
import { cancelJob, retryJob } from './actions'
import {
  canCancel,
  cancelEffect,
  canOpen,
  canResend,
  endpointLabel,
  formatAgo,
  formatIn,
  pollFacts,
  retryRequest
} from './model'
import { useQueueStore } from './store'

const kindIcon = { image: 'images', edit: 'edit', video: 'video' } as const
/** Today: the time; earlier: the date and time. */
function clock(at: number, now: number): string {
  const date = new Date(at)
  const today = new Date(now).toDateString() === date.toDateString()
  return today
    ? date.toLocaleTimeString(undefined, { timeStyle: 'short' })
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
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
function noPollText(job: JobView): string {
  if (job.status === 'needs_attention') {
    const stillRunning = job.tasks.some((task) => task.error?.view?.kind === 'in_progress')
    return stillRunning ? 'Still being processed' : 'No answer received'
  }
  if (isActiveJob(job)) return 'Waiting for the reply'
  const async = job.kind === 'video' || job.tasks.some((task) => task.remoteId !== null)
  return async || job.endpoint === ENDPOINTS.imagesV2 ? 'Never polled' : 'One request, no polling'
}

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
      <Icon name={kindIcon[job.kind]} size={22} />
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
  const usage = usageSummary(job.usage)
  // A task's own figure only where the job has several: one task's usage is the job's, said once.
  const perTask = job.tasks.length > 1
  return (
    <div className="tq-details">
      {usage && (
        <p className="muted">
          Usage of this job: {usage}
          {job.billingUnit ? ` · billed per ${job.billingUnit}` : ''}
        </p>
      )}
      <ol className="tq-task-lines" aria-label="Tasks of this job">
        {job.tasks.map((task) => (
          <li key={task.id}>
            <span className="tq-task-name">Task {task.seq + 1}</span>
            <span>{TASK_STATUS_LABELS[task.status]}</span>
            {perTask && usageSummary(task.usage) && <span className="muted">{usageSummary(task.usage)}</span>}
            {task.remoteStatus && <span className="muted">gateway: {task.remoteStatus}</span>}
            {task.progress !== null && isActiveTask(task) && (
              <span className="muted">{Math.round(task.progress * 100)} %</span>
            )}
            {task.pollCount > 0 && (
              <span className="muted">
                {task.pollCount} {task.pollCount === 1 ? 'poll' : 'polls'}
                {task.lastPolledAt !== null && `, last ${formatAgo(task.lastPolledAt, now)}`}
              </span>
            )}
            {task.nextPollAt !== null && isActiveTask(task) && (
              <span className="muted">{formatIn(task.nextPollAt, now)}</span>
            )}
            {task.remoteId && <code className="tq-remote-id">{task.remoteId}</code>}
            {task.error && <span className="tq-task-error">{task.error.message}</span>}
          </li>
        ))}
      </ol>
      {canCancel(job) && <p className="muted">Cancel: {cancelEffect(job, profile)}</p>}
    </div>
  )
}

export function JobRow({
  job,
  now,
  profile,
  index,
  count,
  measureRef,
  style
}: {
  job: JobView
  now: number
  profile: ProfileView | undefined
  index: number
  count: number
  measureRef: Ref<HTMLLIElement>
  style: CSSProperties
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
  const jobError =
    job.error && job.status !== 'succeeded'
      ? [job.error.view?.title, job.error.message].filter(Boolean).join(': ')
      : null
  const errorText = actionError ?? (jobError && active ? `Still trying after: ${jobError}` : jobError)
  const cancel = canCancel(job) ? cancelPlan(job, profile) : null
  const cancelNoteId = `cancel-note-${job.id}`
  return (
    <li
      ref={measureRef}
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      className={`tq-row tone-${tone}`}
      style={style}
    >
      <div className="tq-row-main">
        <Thumb job={job} />
        <div className="tq-text">
          <p className="tq-prompt" title={job.prompt}>
            {job.prompt || <span className="muted">(no prompt)</span>}
          </p>
          <p className="tq-meta">
            <span>{endpointLabel(job)}</span>
            <span>{job.model}</span>
            {profile && <span>{profile.name}</span>}
            <span>{clock(job.createdAt, now)}</span>
          </p>
        </div>
        <div className="tq-state">
          <div className="tq-state-line">
            <span className={`tq-status tone-${tone}`}>{status}</span>
            <span className="tq-elapsed" title={active ? 'Running for' : 'Took'}>
              {formatDuration(elapsedMs(job, now))}
            </span>
          </div>
          <ProgressBar progress={progress} label={`Progress of “${job.prompt.slice(0, 40)}”`} />
          {progress.type !== 'none' && progress.label !== status && (
            <span className="tq-progress-label">{progress.label}</span>
          )}
        </div>
        <div className="tq-poll">
          {polls ? (
            <>
              <span>
                {polls.lastPolledAt !== null
                  ? `Last poll ${formatAgo(polls.lastPolledAt, now)}`
                  : 'Not polled yet'}
              </span>
              <span className="muted">
                {polls.polls} {polls.polls === 1 ? 'poll' : 'polls'}
                {active && polls.nextPollAt !== null ? ` · ${formatIn(polls.nextPollAt, now)}` : ''}
              </span>
            </>
          ) : (
            <span className="muted">{noPollText(job)}</span>
          )}
        </div>
        <div className="tq-actions">
          {canOpen(job) && (
            <button
              type="button"
              className="button tq-btn primary"
              onClick={() => openDialog({ type: 'view', jobId: job.id })}
            >
              {job.kind === 'video' ? 'Play' : 'Open'}
            </button>
          )}
          {canResend(job) && (
            <button
              type="button"
              className="button tq-btn warn"
              onClick={() => openDialog({ type: 'resend', jobId: job.id })}
            >
              Send again…
            </button>
          )}
          {retry && (
            <button
              type="button"
              className="button tq-btn"
              title="Send the same request as a new job"
              onClick={() => void retryJob(api, job)}
            >
              Retry
            </button>
          )}
          {cancel && (
            <button
              type="button"
              className="button tq-btn"
              title={cancel.effect}
              aria-describedby={cancel.mayStillBill ? cancelNoteId : undefined}
              onClick={() => void cancelJob(api, job)}
            >
              {cancel.label}
            </button>
          )}
          <button
            type="button"
            className="tq-icon-button tq-delete"
            aria-label="Delete…"
            title="Delete"
            onClick={() => openDialog({ type: 'delete', jobId: job.id })}
          >
            <Glyph d="M4 7h16 M9 7V4h6v3 M6 7l1 13h10l1-13 M10 11v6 M14 11v6" size={16} />
          </button>
          <button
            type="button"
            className="tq-icon-button tq-expand"
            aria-expanded={expanded}
            aria-label={group ? `Show the ${job.tasks.length} tasks` : 'Show details'}
            onClick={() => toggleExpanded(job.id)}
          >
            {group && <span aria-hidden="true">{job.tasks.length} tasks</span>}
            <Glyph d="M6 9l6 6 6-6" size={14} />
          </button>
        </div>
      </div>
      {cancel?.mayStillBill && (
        <p className="tq-cancel-note" id={cancelNoteId}>
          No cancel call is set for this gateway: “Stop tracking” stops following the task here, and the
          gateway may still run and bill it.
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
