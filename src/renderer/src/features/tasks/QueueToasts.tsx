import { useEffect, type ReactElement } from 'react'
import { createPortal } from 'react-dom'
import type { JobNotice } from '@shared/schemas/notices'
import { useAppStore } from '../../store/app'
import { useTasksStore } from './store'
import './tasks.css'

/** Good news fades by itself; failures and "needs attention" stay until dismissed. */
export const TOAST_MS = 12_000

function Toast({ notice }: { notice: JobNotice }): ReactElement {
  const dismiss = useTasksStore((state) => state.dismissToast)
  const openDialog = useTasksStore((state) => state.openDialog)
  const setScreen = useAppStore((state) => state.setScreen)
  useEffect(() => {
    if (notice.tone !== 'ok') return
    const timer = setTimeout(() => dismiss(notice.jobId, notice.at), TOAST_MS)
    return () => clearTimeout(timer)
  }, [notice, dismiss])
  const show = (): void => {
    setScreen('tasks')
    if (notice.hasResult) openDialog({ type: 'view', jobId: notice.jobId })
    dismiss(notice.jobId, notice.at)
  }
  return (
    <div className={`tq-toast tone-${notice.tone}`} role={notice.tone === 'ok' ? 'status' : 'alert'}>
      <div className="tq-toast-text">
        <p className="tq-toast-title">{notice.title}</p>
        <p className="tq-toast-body">{notice.body}</p>
      </div>
      <div className="tq-toast-actions">
        <button type="button" className="button tq-btn" onClick={show}>
          {notice.hasResult ? (notice.kind === 'video' ? 'Play' : 'Open') : 'Show in Tasks'}
        </button>
        <button
          type="button"
          className="tq-icon-button"
          aria-label="Dismiss"
          onClick={() => dismiss(notice.jobId, notice.at)}
        >
          ×
        </button>
      </div>
    </div>
  )
}

/**
 * In-app toasts for `jobs.notice`: what the web host shows instead of a desktop notification (and what
 * the desktop app shows as well). Rendered into <body> so they float above any screen.
 */
export function QueueToasts(): ReactElement {
  const toasts = useTasksStore((state) => state.toasts)
  return createPortal(
    <section className="tq-toasts" aria-label="Notifications">
      {toasts.map((notice) => (
        <Toast key={`${notice.jobId}:${notice.at}`} notice={notice} />
      ))}
    </section>,
    document.body
  )
}
