import type { Migration } from '../migrate'

/**
 * The Images, Edit and Video screens list their own kind of job, newest first. With no index starting with
 * the kind, SQLite read every job and sorted them: about a second per page at a million jobs. The index
 * holds the jobs the lists show (not imported images), in the lists' order.
 */
export const migration030JobsByKind: Migration = {
  version: 30,
  name: '030_jobs_by_kind',
  up(db) {
    db.exec(`CREATE INDEX jobs_by_kind ON jobs (kind, created_at DESC, id DESC) WHERE imported IS NULL;`)
  }
}
