/* eslint-disable i18n/no-literal-text -- not yet translated (issue 16) */
import { useState, type ReactElement, type ReactNode } from 'react'
import type { JobView, ResultView } from '@shared/schemas/jobs'
import { useConnection } from '../../store/app'
import { useJobsStore } from '../../store/jobs'
import { isActiveJob } from '../../jobs/status'
import { mediaFacts } from '../../media/facts'
import { VideoPlayer } from '../../media/VideoPlayer'
import { deleteJob, resendJob } from './actions'
import { Modal } from './Modal'
import { useQueueStore } from './store'

const short = (prompt: string): string => (prompt.length > 60 ? `${prompt.slice(0, 59)}…` : prompt)

/** A question with consequences: Escape or the first button keeps things as they are. */
function ConfirmDialog({
  title,
  description,
  keepLabel,
  confirmLabel,
  onConfirm,
  onClose
}: {
  title: string
  description: ReactNode
  keepLabel: string
  confirmLabel: string
  onConfirm: () => Promise<unknown>
  onClose: () => void
}): ReactElement {
  const [busy, setBusy] = useState(false)
  return (
    <Modal alert title={title} onClose={onClose} description={description}>
      <div className="tq-modal-actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          {keepLabel}
        </button>
        <button
          type="button"
          className="button danger"
          disabled={busy}
          onClick={() => {
            setBusy(true)
            void onConfirm().then(onClose)
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  )
}

/** The "may charge twice" question, asked before a needs-attention job is ever sent again. */
function ResendDialog({ job, onClose }: { job: JobView; onClose: () => void }): ReactElement {
  const { api } = useConnection()
  const waiting = job.tasks.filter((task) => task.status === 'needs_attention').length
  return (
    <ConfirmDialog
      title="Send this request again?"
      keepLabel="Don’t send"
      confirmLabel="Send again, it may charge twice"
      onConfirm={() => resendJob(api, job)}
      onClose={onClose}
      description={
        <>
          <p>
            Gateway Studio lost the answer to {waiting > 1 ? `${waiting} of these requests` : 'this request'}:
            the connection dropped or the app stopped while it was being sent. The gateway may already have
            run it <strong>and charged for it</strong>.
          </p>
          <p className="tq-charge-warning">
            Sending again <strong>may charge twice</strong>. It goes out with the same request key, which lets
            a gateway that supports it spot the repeat, but not every gateway does.
          </p>
          <p className="muted">
            If unsure, check your gateway’s usage or billing page first, or cancel this job instead.
          </p>
        </>
      }
    />
  )
}

function DeleteDialog({ job, onClose }: { job: JobView; onClose: () => void }): ReactElement {
  const { api } = useConnection()
  const files = job.results.filter((result) => result.status === 'stored').length
  return (
    <ConfirmDialog
      title="Delete this job?"
      keepLabel="Keep it"
      confirmLabel="Delete"
      onConfirm={() => deleteJob(api, job)}
      onClose={onClose}
      description={
        <>
          <p>
            “{short(job.prompt)}”{' '}
            {files > 0
              ? `and its ${files === 1 ? 'saved file' : `${files} saved files`} will be removed from the library.`
              : 'will be removed from the list.'}{' '}
            This cannot be undone.
          </p>
          {isActiveJob(job) && (
            <p className="muted">
              It is still running: it stops here first. The gateway may still finish it.
            </p>
          )}
        </>
      }
    />
  )
}

function ResultItem({ result, prompt }: { result: ResultView; prompt: string }): ReactElement {
  const { mediaUrl } = useConnection()
  if (result.status !== 'stored' || !result.mediaId) {
    return (
      <div className="notice notice-warn tq-result-missing">
        <p className="notice-title">
          {result.kind === 'video' ? 'Video' : 'Image'} {result.index + 1}:{' '}
          {result.status === 'pending' ? 'still downloading' : result.status}
        </p>
        {result.error && <p>{result.error.message}</p>}
      </div>
    )
  }
  if (result.kind === 'video') return <VideoPlayer result={result} label={`Video: ${short(prompt)}`} />
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
  return (
    <Modal wide title={job.kind === 'video' ? 'Video' : 'Result'} onClose={onClose}>
      <p className="tq-viewer-prompt">{job.prompt}</p>
      <div className="tq-viewer">
        {job.results.map((result) => (
          <ResultItem key={result.id} result={result} prompt={job.prompt} />
        ))}
      </div>
    </Modal>
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
