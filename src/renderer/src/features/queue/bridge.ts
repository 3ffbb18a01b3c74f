import type { JobNotice } from '@shared/schemas/notices'
import type { Connection } from '../../api'
import { i18n } from '../../i18n'
import { useAppStore } from '../../store/app'
import { notify } from '../../store/notifications'
import { noticeWords } from './noticeWords'
import { loadAtStart, loadOpenJobs } from './queries'
import { useQueueStore } from './store'

/**
 * "Your long job is done" as an app notification, whose action opens it on the Queue screen. The backend
 * sends a code and its values; the title and body are worded here in the language shown when it arrives,
 * the action in the language of the moment it is shown.
 */
export function noticeOfJob(notice: JobNotice): void {
  notify({
    id: `job:${notice.jobId}`,
    tone: notice.tone,
    ...noticeWords(i18n.t, notice),
    at: notice.at,
    action: {
      // Read when shown, so the name follows a change of language.
      get label() {
        return i18n.t(
          notice.hasResult
            ? notice.kind === 'video'
              ? 'queue.notice.play'
              : 'queue.notice.open'
            : 'queue.notice.show'
        )
      },
      run: () => {
        useAppStore.getState().setScreen('queue')
        if (notice.hasResult) useQueueStore.getState().openDialog({ type: 'view', jobId: notice.jobId })
      }
    }
  })
}

/** Feeds this feature's stores from contract events; returns the unsubscribe. */
export function bridgeQueue(connection: Connection): () => void {
  const off = connection.api.on('jobs.notice', noticeOfJob)
  void loadAtStart(connection.api)
  return off
}

/** After an outage: every job still going or waiting, read again (their events were missed). */
export function resyncQueue(connection: Connection): Promise<void> {
  return loadOpenJobs(connection.api)
}
