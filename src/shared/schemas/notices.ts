import { z } from 'zod'
import { JobStatus } from './jobs'

/**
 * "Your long job is done": sent once per finish of a job the user is likely to have stopped watching (a
 * video, a v2 task group, or anything that ran longer than about ten seconds). The Electron shell also shows
 * it with the OS; the page shows it as an in-app toast in both shells.
 */
export const JobNotice = z.object({
  jobId: z.string(),
  kind: z.enum(['image', 'edit', 'video']),
  status: JobStatus,
  /** How the toast is coloured: done, failed (or lost), or waiting for the user's word. */
  tone: z.enum(['ok', 'error', 'attention']),
  title: z.string(),
  body: z.string(),
  /** At least one result is in the library, so "Open" can show it. */
  hasResult: z.boolean(),
  at: z.number()
})
export type JobNotice = z.output<typeof JobNotice>
