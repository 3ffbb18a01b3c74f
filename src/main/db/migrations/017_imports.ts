import type { Migration } from '../migrate'

/**
 * Images brought in from outside (issue 26) live in the gallery as every image does: a finished job with
 * one task and one stored result. `imported` marks such a job and keeps what its file said: the file's
 * name and the settings read from it (JSON; NULL for every job the app sent). The Queue lists only jobs
 * the app sent; nothing of the engine ever touches a finished job.
 */
export const migration017Imports: Migration = {
  version: 17,
  name: '017_imports',
  up(db) {
    db.exec(`ALTER TABLE jobs ADD COLUMN imported TEXT;`)
  }
}
