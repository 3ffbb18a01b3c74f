import type { ReactElement } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { JobView, ResultView } from '@shared/schemas/jobs'
import { useConnection } from '../../store/app'
import { useJobsStore } from '../../store/jobs'
import { isActiveJob } from '../../jobs/status'
import { mediaFacts } from '../../media/facts'
import { VideoPlayer } from '../../media/VideoPlayer'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Dialog } from '../../ui/Dialog'
import { errorLine } from '../../ui/errorWords'
import { deleteJob, resendJob } from './actions'
import { useQueueStore } from './store'

const short = (prompt: string): string => (prompt.length > 60 ? `${prompt.slice(0, 59)}…` : prompt)
const strong = { strong: <strong /> }

/** The "may charge twice" question, asked before a needs-attention job is ever sent again. */
function ResendDialog({ job, onClose }: { job: JobView; onClose: () => void }): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const waiting = job.tasks.filter((task) => task.status === 'needs_attention').length
  return (
    <ConfirmDialog
      title={t('queue.resend.title')}
      keepLabel={t('queue.resend.keep')}
      confirmLabel={t('queue.resend.confirm')}
      onConfirm={async () => void (await resendJob(api, job))}
      onClose={onClose}
      description={
        <>
          <p>
            {waiting > 1 ? (
              <Trans i18nKey="queue.resend.lostMany" values={{ count: waiting }} components={strong} />
            ) : (
              <Trans i18nKey="queue.resend.lostOne" components={strong} />
            )}
          </p>
          <p className="tq-charge-warning">
            <Trans i18nKey="queue.resend.chargeTwice" components={strong} />
          </p>
          <p className="muted">{t('queue.resend.unsure')}</p>
        </>
      }
    />
  )
}

function DeleteDialog({ job, onClose }: { job: JobView; onClose: () => void }): ReactElement {
  const { t } = useTranslation()
  const { api } = useConnection()
  const files = job.results.filter((result) => result.status === 'stored').length
  return (
    <ConfirmDialog
      title={t('queue.delete.title')}
      keepLabel={t('queue.delete.keep')}
      confirmLabel={t('queue.delete.confirm')}
      onConfirm={async () => void (await deleteJob(api, job))}
      onClose={onClose}
      description={
        <>
          <p>
            {files > 0
              ? t('queue.delete.withFiles', { prompt: short(job.prompt), count: files })
              : t('queue.delete.noFiles', { prompt: short(job.prompt) })}
          </p>
          {isActiveJob(job) && <p className="muted">{t('queue.delete.stillRunning')}</p>}
        </>
      }
    />
  )
}

function ResultItem({ result, prompt }: { result: ResultView; prompt: string }): ReactElement {
  const { t } = useTranslation()
  const { mediaUrl } = useConnection()
  if (result.status !== 'stored' || !result.mediaId) {
    const values = { number: result.index + 1, status: t(`queue.result.statuses.${result.status}`) }
    return (
      <div className="notice notice-warn tq-result-missing">
        <p className="notice-title">
          {result.kind === 'video'
            ? t('queue.result.missingVideo', values)
            : t('queue.result.missingImage', values)}
        </p>
        {result.error && <p>{errorLine(t, result.error)}</p>}
      </div>
    )
  }
  if (result.kind === 'video')
    return <VideoPlayer result={result} label={t('queue.result.player', { prompt: short(prompt) })} />
  return (
    <figure className="tq-image">
      <img
        src={mediaUrl(result.mediaId)}
        alt={result.revisedPrompt ?? prompt}
        width={result.width ?? undefined}
        height={result.height ?? undefined}
      />
      <figcaption className="vid-facts">
        {mediaFacts(result).map((fact) => (
          <span key={fact}>{fact}</span>
        ))}
      </figcaption>
    </figure>
  )
}

function ResultDialog({ job, onClose }: { job: JobView; onClose: () => void }): ReactElement {
  const { t } = useTranslation()
  return (
    <Dialog
      className="wide"
      title={job.kind === 'video' ? t('queue.result.video') : t('queue.result.image')}
      onClose={onClose}
    >
      <p className="tq-viewer-prompt">{job.prompt}</p>
      <div className="tq-viewer">
        {job.results.map((result) => (
          <ResultItem key={result.id} result={result} prompt={job.prompt} />
        ))}
      </div>
    </Dialog>
  )
}

/** Whichever dialog the Queue store has open, for a job that still exists. */
export function JobDialogs(): ReactElement | null {
  const dialog = useQueueStore((state) => state.dialog)
  const openDialog = useQueueStore((state) => state.openDialog)
  const job = useJobsStore((state) => (dialog ? state.byId[dialog.jobId] : undefined))
  if (!dialog || !job) return null
  const close = (): void => openDialog(null)
  if (dialog.type === 'resend') return <ResendDialog job={job} onClose={close} />
  if (dialog.type === 'delete') return <DeleteDialog job={job} onClose={close} />
  return <ResultDialog job={job} onClose={close} />
}
