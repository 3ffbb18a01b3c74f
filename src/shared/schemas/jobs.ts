import { z } from 'zod'
import { TASK_STATUSES } from '../gateway/common'
import { GatewayErrorView } from '../gateway/errors'
import { ErrorWordsSchema } from '../result'
import { JOB_SCHEMAS } from '../gateway/endpoints'
import { JobKind } from './jobKinds'
import { ProfileId } from './profiles'

export { ImageRef } from '../gateway/endpoints/media'

/**
 * One user action, per endpoint, in the gateway's logical terms: each endpoint's descriptor declares its own
 * (src/shared/gateway/endpoints/<family>.ts, `job`).
 */
export const JobRequest = z.discriminatedUnion('endpoint', JOB_SCHEMAS)
export type JobRequest = z.output<typeof JobRequest>

export const JOB_STATUSES = [
  'pending',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'needs_attention',
  'incomplete'
] as const
export const JobStatus = z.enum(JOB_STATUSES)
export type JobStatus = z.output<typeof JobStatus>

/** A task's status here: the gateway's task statuses, and ours before it is sent and after it is cut. */
export const TASK_LOCAL_STATUSES = [
  'pending',
  'submitting',
  ...TASK_STATUSES,
  'needs_attention',
  'incomplete'
] as const
export const TaskLocalStatus = z.enum(TASK_LOCAL_STATUSES)
export type TaskLocalStatus = z.output<typeof TaskLocalStatus>

/** Failures as the renderer shows them: the gateway's mapped view, or our own code and words. */
export const JobError = z.object({
  code: z.string(),
  message: z.string(),
  view: GatewayErrorView.optional(),
  /** A sentence of the backend's own (a job waiting for budget), by its code and values, as failures carry one. */
  words: ErrorWordsSchema.optional()
})
export type JobError = z.output<typeof JobError>

export const ResultView = z.object({
  id: z.string(),
  jobId: z.string(),
  taskId: z.string(),
  index: z.number().int(),
  kind: z.enum(['image', 'video']),
  status: z.enum(['pending', 'stored', 'failed', 'expired', 'rejected']),
  mediaId: z.string().nullable(),
  mime: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  sizeLabel: z.string().nullable(),
  revisedPrompt: z.string().nullable(),
  sourceExpiresAt: z.number().nullable(),
  error: JobError.nullable(),
  favorite: z.boolean(),
  createdAt: z.number()
})
export type ResultView = z.output<typeof ResultView>

export const TaskView = z.object({
  id: z.string(),
  seq: z.number().int(),
  status: TaskLocalStatus,
  remoteId: z.string().nullable(),
  remoteStatus: z.string().nullable(),
  pollCount: z.number().int(),
  lastPolledAt: z.number().nullable(),
  nextPollAt: z.number().nullable(),
  progress: z.number().nullable(),
  error: JobError.nullable(),
  /** This request's own usage as the gateway reported it (a v2 task: one image's); null when it said none. */
  usage: z.unknown().nullable()
})
export type TaskView = z.output<typeof TaskView>

export const JobView = z.object({
  id: z.string(),
  kind: JobKind,
  endpoint: z.string(),
  profileId: z.string(),
  model: z.string(),
  prompt: z.string(),
  request: z.unknown(),
  status: JobStatus,
  error: JobError.nullable(),
  usage: z.unknown().nullable(),
  billingUnit: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  finishedAt: z.number().nullable(),
  /** The group it was asked for in (a compare, a batch), or null. */
  groupId: z.string().nullable(),
  tasks: z.array(TaskView),
  results: z.array(ResultView)
})
export type JobView = z.output<typeof JobView>

export const JobSubmitInput = z.object({ profileId: ProfileId.optional(), request: JobRequest }).strict()

export const JobQuery = z
  .object({
    status: z.array(JobStatus).optional(),
    kind: z.array(JobKind).optional(),
    profileId: ProfileId.optional(),
    limit: z.number().int().min(1).max(500).default(100),
    /** Jobs created strictly before this time (paging, newest first). */
    before: z.number().optional(),
    /** With `before`: jobs created at exactly that time whose id sorts below this one (keyset paging). */
    beforeId: z.string().max(64).optional()
  })
  .strict()

export const JobRef = z.object({ id: z.string().min(1).max(64) }).strict()

export const JobResendInput = z
  .object({
    id: z.string().min(1).max(64),
    /** The user read "this may charge twice" and chose to send again. */
    confirmMayChargeTwice: z.literal(true)
  })
  .strict()

/**
 * A streamed image is in: the result, and its job as it is now (in place of a `jobs.updated` of its own,
 * so a page shows the image and the job's news in one render, not two a frame apart).
 */
export const JobPartial = z.object({ jobId: z.string(), result: ResultView, job: JobView })
