/**
 * Test-only crash points. Why this seam exists: the durability promises (RELIABILITY P19, P21,
 * P24, P26–P28) are about what a `kill -9` leaves behind, and some of the windows that matter are too
 * narrow to hit from outside the process: "the gateway's answer is in memory but not committed", "half a
 * download is in its temp file", "the file is renamed into place but its row is not written", "half an
 * export is written". The crash tests (`test/integration/jobs/crashMatrix.test.ts`) and `npm run soak`
 * run the backend as a child process whose probe SIGKILLs the process the k-th time a named point is
 * reached (`test/helpers/backendProcess.ts`).
 *
 * Production passes no probe: every call site is `probe?.(point)`, nothing else. A probe must never
 * change what the backend does; it may only end the process.
 */
export const CRASH_POINTS = [
  /** Engine: the job and its tasks are committed `pending`; nothing has been sent. */
  'job.committed',
  /** Engine: the task is committed `submitting`; its request has not been sent yet. */
  'send.claimed',
  /** Engine: the create request's answer is in memory; nothing of it is committed yet. */
  'send.answered',
  /** Engine: the row of one streamed image is committed (the k-th call: k images of the stream). */
  'stream.partial',
  /** Engine: a poll's answer is in memory, not committed. */
  'poll.answered',
  /** Library: part of a download is in its temp file (called after every chunk written). */
  'download.partial',
  /**
   * Library: the file (and thumbnail) are renamed into place, or a team image's thumbnail alone
   * (`keepRemote`); the `media` row is not committed yet.
   */
  'library.renamed',
  /** Engine: a download's `media` row is committed; the result row still says `pending`. */
  'download.stored',
  /** Export: part of a zip or folder is written under its temp name (called on each progress step). */
  'export.writing',
  /** Chat: the reply row is committed `pending`; its request has not been sent yet. */
  'chat.committed',
  /** Chat: one more streamed event of a reply is applied in memory. */
  'chat.delta',
  /** Chat: the whole reply arrived; its final row is not written yet. */
  'chat.answered',
  /** Sync: a segment is sealed in the journal; nothing of it has been sent. */
  'sync.sealed',
  /** Sync: one image (or thumbnail) of the segment is at the location (called after each object). */
  'sync.objectSent',
  /** Sync: the segment is at the location; the journal does not say so yet. */
  'sync.segmentSent',
  /** Sync: a segment read from another device is merged in memory; the journal does not have it yet. */
  'sync.pulled'
] as const

export type CrashPoint = (typeof CRASH_POINTS)[number]

/** Called at each named point; the test probe may end the process there, production has none. */
export type CrashProbe = (point: CrashPoint) => void

export function isCrashPoint(value: string): value is CrashPoint {
  return (CRASH_POINTS as readonly string[]).includes(value)
}
