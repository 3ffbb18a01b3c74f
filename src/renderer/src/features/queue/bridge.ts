import type { JobNotice } from '@shared/schemas/notices'
import type { Connection } from '../../api'
import { i18n } from '../../i18n'
import { useAppStore } from '../../store/app'
import { notify } from '../../store/notifications'
import { reviewBatchInGallery } from '../../store/handoff'
import { noticeWords } from './noticeWords'
import { loadBatches, loadLine } from './actions'
import { loadAtStart, loadOpenJobs } from './queries'
import { useQueueStore } from './store'
import { loadTeamWork, useTeamWorkStore } from './teamWork'

/**
 * "Your long job is done" as an app notification, whose action opens it on the Queue screen. The backend
 * sends a code and its values; the title and body are worded here in the language shown when it arrives,
 * the action in the language of the moment it is shown.
 */
export function noticeOfJob(notice: JobNotice): void {
  const { groupId } = notice
  if (groupId !== undefined) {
    // A batch's end: its action opens the batch's contact sheet, where its images are reviewed.
    notify({
      id: `group:${groupId}`,
      tone: notice.tone,
      ...noticeWords(i18n.t, notice),
      at: notice.at,
      action: {
        get label() {
          return i18n.t('gallery.batches.review')
        },
        run: () => reviewBatchInGallery(groupId)
      }
    })
    return
  }
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
  const offNotice = connection.api.on('jobs.notice', noticeOfJob)
  const offLine = connection.api.on('queue.changed', (line) => useQueueStore.getState().setLine(line))
  const offBatch = connection.api.on('groups.updated', (view) => useQueueStore.getState().setBatch(view))
  const offTeam = connection.api.on('team.work', (work) => useTeamWorkStore.getState().set(work))
  void loadAtStart(connection.api)
  void loadTeamWork(connection.api)
  void loadLine(connection.api)
  void loadBatches(connection.api)
  return () => {
    offNotice()
    offLine()
    offBatch()
    offTeam()
  }
}

/** After an outage: every job still going or waiting, read again (their events were missed). */
export async function resyncQueue(connection: Connection): Promise<void> {
  await Promise.all([
    loadOpenJobs(connection.api),
    loadLine(connection.api),
    loadBatches(connection.api),
    loadTeamWork(connection.api)
  ])
}
