import { z } from 'zod'
import { GatewayErrorView } from '../gateway/errors'
import { ExtraFieldValues } from '../gateway/fieldMap'
import {
  ImagesV2Request,
  ImagesV3Request,
  PartnerARequest,
  PartnerBRequest,
  VideoRequest
} from '../gateway/requests'
import { ProfileId } from './profiles'

/**
 * A reference image as the renderer names it: a library item (turned into a data URI by the backend, so no
 * bytes cross the contract twice) or an address the gateway can fetch itself.
 */
export const ImageRef = z.union([
  z.object({ mediaId: z.string().regex(/^[a-f0-9]{32}$/) }).strict(),
  z.object({ url: z.string().url().max(4096) }).strict()
])
export type ImageRef = z.output<typeof ImageRef>

const refs = (max: number) => z.array(ImageRef).max(max)

/** One user action, per endpoint, in the gateway's logical terms (see src/shared/gateway/requests.ts). */
export const JobRequest = z.discriminatedUnion('endpoint', [
  z.object({
    endpoint: z.literal('imagesV1'),
    body: z.looseObject({ model: z.string(), prompt: z.string() })
  }),
  z.object({ endpoint: z.literal('imagesV3'), body: ImagesV3Request }),
  z.object({
    endpoint: z.literal('imagesV2'),
    body: ImagesV2Request.omit({ referenceImages: true }),
    references: refs(8).optional(),
    /** "Images: N": the spec refuses `n`, so N tasks are created and grouped under this job. */
    count: z.number().int().min(1).max(10).default(1)
  }),
  z.object({
    endpoint: z.literal('partnerA'),
    body: PartnerARequest.omit({ image: true }),
    references: refs(14).optional(),
    stream: z.boolean().default(false)
  }),
  z.object({
    endpoint: z.literal('partnerB'),
    body: PartnerBRequest.omit({ referenceImages: true }),
    references: refs(9).optional()
  }),
  z.object({
    endpoint: z.literal('imageEdits'),
    body: z.object({
      model: z.string(),
      prompt: z.string(),
      fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional()
    }),
    images: z
      .array(z.object({ mediaId: z.string().regex(/^[a-f0-9]{32}$/) }))
      .min(1)
      .max(16),
    mask: z.object({ mediaId: z.string().regex(/^[a-f0-9]{32}$/) }).optional()
  }),
  z.object({
    endpoint: z.literal('videos'),
    body: VideoRequest.extend({ extra: ExtraFieldValues.optional() }),
    /** A first frame picked from the library (or an address): sent as the `image` field (docs/GATEWAY.md). */
    firstFrame: ImageRef.optional()
  })
])
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

export const TASK_LOCAL_STATUSES = [
  'pending',
  'submitting',
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'needs_attention',
  'incomplete'
] as const
export const TaskLocalStatus = z.enum(TASK_LOCAL_STATUSES)
export type TaskLocalStatus = z.output<typeof TaskLocalStatus>

/** Failures as the renderer shows them: the gateway's mapped view, or our own code and words. */
export const JobError = z.object({
  code: z.string(),
  message: z.string(),
  view: GatewayErrorView.optional()
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
  error: JobError.nullable()
})
export type TaskView = z.output<typeof TaskView>

export const JobView = z.object({
  id: z.string(),
  kind: z.enum(['image', 'edit', 'video']),
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
  tasks: z.array(TaskView),
  results: z.array(ResultView)
})
export type JobView = z.output<typeof JobView>

export const JobSubmitInput = z.object({ profileId: ProfileId.optional(), request: JobRequest }).strict()

export const JobQuery = z
  .object({
    status: z.array(JobStatus).optional(),
    kind: z.array(z.enum(['image', 'edit', 'video'])).optional(),
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

export const JobPartial = z.object({ jobId: z.string(), result: ResultView })
