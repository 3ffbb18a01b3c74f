import type { Connection } from '../../api'
import { loadAtStart, loadOpenJobs } from './queries'
import { useTasksStore } from './store'

/** Feeds this feature's stores from contract events; returns the unsubscribe. */
export function bridgeTasks(connection: Connection): () => void {
  const off = connection.api.on('jobs.notice', (notice) => useTasksStore.getState().pushToast(notice))
  void loadAtStart(connection.api)
  return off
}

/** After an outage: every job still going or waiting, read again (their events were missed). */
export function resyncTasks(connection: Connection): Promise<void> {
  return loadOpenJobs(connection.api)
}
