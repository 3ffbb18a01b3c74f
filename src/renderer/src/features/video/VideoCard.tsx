import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JobView } from '@shared/schemas/jobs'
import { elapsedMs, formatDuration, isActiveJob, progressOf, statusText, statusTone } from '../../jobs/status'
import { VideoPlayer } from '../../media/VideoPlayer'
import { useAppStore } from '../../store/app'
import { errorLine } from '../../ui/errorWords'
import { ProgressBar } from '../../ui/ProgressBar'

/** One video job: the player once its file is kept, its progress or error until then. */
export function VideoCard({ job, now, fresh }: { job: JobView; now: number; fresh: boolean }): ReactElement {
  const { t } = useTranslation()
  const setScreen = useAppStore((state) => state.setScreen)
  const stored = job.results.find((result) => result.status === 'stored' && result.mediaId)
  const progress = progressOf(job)
  const tone = statusTone(job.status)
  return (
    <li className={fresh ? 'vid-card card fresh' : 'vid-card card'}>
      {stored ? (
        <VideoPlayer result={stored} label={t('video.card.player', { prompt: job.prompt.slice(0, 60) })} />
      ) : (
        <div className={`vid-placeholder tone-${tone}`}>
          <span className={`tq-status tone-${tone}`}>{statusText(job)}</span>
          <ProgressBar
            progress={progress}
            label={t('video.card.progress', { prompt: job.prompt.slice(0, 40) })}
          />
          {progress.type !== 'none' && <span className="tq-progress-label">{progress.label}</span>}
          {job.error && !isActiveJob(job) && <p className="vid-card-error">{errorLine(t, job.error)}</p>}
        </div>
      )}
      <div className="vid-card-text">
        <p className="vid-card-prompt" title={job.prompt}>
          {job.prompt}
        </p>
        <p className="tq-meta">
          <span>{job.model}</span>
          <span>
            {isActiveJob(job)
              ? t('video.card.runningFor', { duration: formatDuration(elapsedMs(job, now)) })
              : formatDuration(elapsedMs(job, now))}
          </span>
        </p>
      </div>
      <button type="button" className="button tq-btn quiet vid-card-link" onClick={() => setScreen('queue')}>
        {t('video.card.showInQueue')}
      </button>
    </li>
  )
}
