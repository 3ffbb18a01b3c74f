import type { JobError, JobRequest, JobStatus, ResultView, TaskLocalStatus } from '../../shared/schemas/jobs'

/** The rows of the engine's tables as SQLite returns them, and the shapes the repository writes. */

export type { JobKind } from '../../shared/schemas/jobKinds'
import type { JobKind } from '../../shared/schemas/jobKinds'

export interface JobRow {
  id: string
  kind: JobKind
  endpoint: string
  profile_id: string
  model: string
  prompt: string
  params: string
  /** The aggregate of the job's tasks, stored by every write that changes them (see `aggregateOf`). */
  status: JobStatus
  error: string | null
  usage: string | null
  billing_unit: string | null
  created_at: number
  updated_at: number
  finished_at: number | null
  group_id: string | null
  /** Its place among the jobs waiting to be sent, lowest first (migration 012); null once it never waits. */
  queue_order: number | null
}

export interface TaskRow {
  id: string
  job_id: string
  seq: number
  idempotency_key: string
  request: string
  request_hash: string
  status: TaskLocalStatus
  remote_id: string | null
  remote_status: string | null
  attempts: number
  poll_count: number
  next_poll_at: number | null
  last_polled_at: number | null
  remote_created_at: number | null
  deadline_at: number | null
  progress: number | null
  error: string | null
  usage: string | null
  created_at: number
  updated_at: number
}

/** A result row joined with its media row (the `media` columns are null until the file is stored). */
export interface ResultRow {
  id: string
  job_id: string
  task_id: string
  idx: number
  kind: 'image' | 'video'
  status: ResultView['status']
  partial: number
  source_url: string | null
  source_expires_at: number | null
  media_id: string | null
  size_label: string | null
  revised_prompt: string | null
  error: string | null
  favorite: number
  download_attempts: number
  next_download_at: number | null
  created_at: number
  updated_at: number
  mime: string | null
  width: number | null
  height: number | null
  bytes: number | null
  duration_ms: number | null
}

export interface NewJob {
  kind: JobKind
  endpoint: string
  profileId: string
  model: string
  prompt: string
  request: JobRequest
  billingUnit: string | null
  taskCount: number
  requestHash: (seq: number) => string
  /** The group the job was asked for in, if any (a compare, a batch). */
  groupId?: string
  /** Its place in the send queue (`JobRow.queue_order`); after every other job's when not given. */
  queueOrder?: number
}

/** An image brought in from outside, as its job row keeps it (`JobRepository.insertImported`). */
export interface ImportedJob {
  /** The endpoint's path as the file named it; '' when it named none. */
  endpoint: string
  model: string
  prompt: string
  /** The stored request (`{ endpoint, body }` when the file carried one), or `{}`. */
  request: unknown
  /** What the gallery keeps of the file (JSON): its name and the settings read from it. */
  imported: string
  mediaId: string
  revisedPrompt: string | null
}

export interface NewResult {
  taskId: string
  jobId: string
  index: number
  kind: 'image' | 'video'
  status: ResultView['status']
  sourceUrl?: string | undefined
  sourceExpiresAt?: number | undefined
  mediaId?: string | undefined
  sizeLabel?: string | undefined
  revisedPrompt?: string | undefined
  error?: JobError | undefined
}

/** The columns of a task the engine changes; `undefined` leaves a column as it is, `null` clears it. */
export type TaskPatch = Partial<{
  status: TaskLocalStatus
  remoteId: string
  remoteStatus: string
  remoteCreatedAt: number
  deadlineAt: number
  nextPollAt: number | null
  lastPolledAt: number
  pollCount: number
  progress: number | null
  error: JobError | null
  usage: unknown
}>
