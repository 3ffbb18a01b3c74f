import { memo, useState, type ReactElement } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { TeamWork } from '@shared/schemas/locations'
import { formatBytes } from '../../media/facts'
import { useConnection } from '../../store/app'
import { failureLine } from '../../ui/errorWords'
import { dateFormat } from '../../ui/intl'
import { ProgressBar, type Progress } from '../../ui/ProgressBar'
import { isShown, useTeamWorkStore } from './teamWork'

/** What one location's work is at: its step's progress, or "reaching it" before the first step. */
function stepLine(t: TFunction, work: TeamWork): string {
  if (work.step === null) return t('queue.team.starting', { name: work.name })
  if (work.step === 'sending' && work.bytesTotal > 0)
    return t('queue.team.sendingBytes', {
      done: work.done,
      total: work.total,
      sent: formatBytes(work.bytesDone, t),
      size: formatBytes(work.bytesTotal, t)
    })
  return t(`queue.team.${work.step}`, { done: work.done, total: work.total })
}

/**
 * The step's bar: by bytes where they are known (a large video moves it part by part, a resumed upload
 * starts where it left off), else by the count. None before the first step or for a step of nothing.
 */
function stepProgress(work: TeamWork, line: string): Progress {
  if (work.step === null) return { type: 'none' }
  if (work.bytesTotal > 0)
    return { type: 'determinate', value: work.bytesDone / work.bytesTotal, label: line }
  if (work.total > 0) return { type: 'determinate', value: work.done / work.total, label: line }
  return { type: 'none' }
}

/**
 * One location's band, as a batch's: what it is doing with a progress bar, or why its last try failed,
 * with Sync now. A failed automatic sync is otherwise seen by nobody.
 */
const TeamBand = memo(function TeamBand({ work }: { work: TeamWork }): ReactElement {
  const { t, i18n } = useTranslation()
  const { api } = useConnection()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const syncNow = async (): Promise<void> => {
    setBusy(true)
    const result = await api.call('team.sync', { id: work.locationId })
    setBusy(false)
    // The band itself says a failure of the sync (its event comes first); only a refusal of the command
    // that never reached the location is said here.
    setFailure(result.ok || result.error.code.startsWith('location.') ? null : failureLine(t, result.error))
  }
  const line = stepLine(t, work)
  const title =
    work.doing === null
      ? t('queue.team.failed', { name: work.name })
      : t(`queue.team.${work.doing}`, { name: work.name })
  return (
    <li className={work.doing === null ? 'tq-batch paused' : 'tq-batch'} aria-label={title}>
      <div className="tq-batch-main">
        <p className="tq-batch-name">{title}</p>
        {work.doing !== null ? (
          <>
            <p className="tq-batch-facts" role="status">
              {line}
            </p>
            <ProgressBar
              progress={stepProgress(work, line)}
              label={t('queue.team.progressLabel', { name: work.name })}
            />
          </>
        ) : (
          work.failure && (
            <>
              <p className="tq-batch-state warn" role="status">
                {failureLine(t, work.failure)}
              </p>
              <p className="tq-batch-facts">
                {t('queue.team.failedAt', {
                  time: dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                    work.failedAt ?? 0
                  )
                })}
              </p>
            </>
          )
        )}
      </div>
      {work.doing === null && (
        <div className="tq-batch-actions">
          <button type="button" className="button small" disabled={busy} onClick={() => void syncNow()}>
            {busy ? t('queue.team.syncing') : t('queue.team.syncNow')}
          </button>
        </div>
      )}
      {failure && (
        <p className="tq-error" role="alert">
          {failure}
        </p>
      )}
    </li>
  )
})

/** Team sync beside the jobs: each location's publish or sync under way, or its last failure. */
export function QueueTeamWork(): ReactElement | null {
  const { t } = useTranslation()
  const byLocation = useTeamWorkStore((state) => state.byLocation)
  const shown = Object.values(byLocation)
    .filter(isShown)
    .sort((a, b) => a.name.localeCompare(b.name))
  if (shown.length === 0) return null
  return (
    <section className="tq-batches" aria-label={t('queue.team.title')}>
      <ul>
        {shown.map((work) => (
          <TeamBand key={work.locationId} work={work} />
        ))}
      </ul>
    </section>
  )
}
