import { z } from 'zod'
import { JobError, JobStatus } from './jobs'
import { JobKind } from './jobKinds'

const Count = z.number().int().min(0)

/**
 * What a notice says, as a code and its values: the renderer words it in the language the user reads, and
 * the Electron shell's desktop notification (src/main/notices/words.ts) from the same catalog entries
 * (queue.notice.*). A job's error travels whole, so the gateway's own text is shown as it came.
 */
export const NoticeWords = z.discriminatedUnion('code', [
  z.object({ code: z.literal('ready'), model: z.string() }),
  /** Finished on the gateway, but no file could be kept (`saved` is 0) or only some (`saved` < `total`). */
  z.object({ code: z.literal('unsaved'), saved: Count, total: Count, error: JobError.nullable() }),
  z.object({ code: z.literal('partly_saved'), saved: Count, total: Count, error: JobError.nullable() }),
  /** A group of which only some tasks delivered. */
  z.object({ code: z.literal('partly_done'), arrived: Count, expected: Count }),
  z.object({ code: z.literal('failed'), error: JobError.nullable() }),
  z.object({ code: z.literal('expired'), error: JobError.nullable() }),
  z.object({ code: z.literal('needs_attention') }),
  z.object({ code: z.literal('cancelled_by_gateway') }),
  /** A batch (or a compare) whose last job ended: one notice for all of them, never one per job. */
  z.object({ code: z.literal('batch_done'), name: z.string(), done: Count, failed: Count, total: Count })
])
export type NoticeWords = z.output<typeof NoticeWords>
export type NoticeCode = NoticeWords['code']

/**
 * "Your long job is done": sent once per finish of a job the user is likely to have stopped watching (a
 * video, a v2 task group, or anything that ran longer than about ten seconds). The Electron shell also shows
 * it with the OS; the page shows it as an in-app toast in both shells.
 */
export const JobNotice = z.object({
  jobId: z.string(),
  kind: JobKind,
  status: JobStatus,
  /** How the toast is coloured: done, failed (or lost), or waiting for the user's word. */
  tone: z.enum(['ok', 'error', 'attention']),
  words: NoticeWords,
  /** How many of `kind` the notice is about ("3 images"); 1 for a video or an edit. */
  count: Count,
  /** The user's prompt on one line, at most 80 characters: the user's own words, never translated. */
  prompt: z.string(),
  /** At least one result is in the library, so "Open" can show it. */
  hasResult: z.boolean(),
  at: z.number(),
  /** The batch a `batch_done` notice is about (its action opens the batch's contact sheet). */
  groupId: z.string().optional()
})
export type JobNotice = z.output<typeof JobNotice>
