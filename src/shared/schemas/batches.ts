import { z } from 'zod'
import { BatchSpec } from '../batches/spec'
import { JobGroupScreen, JobGroupView } from './jobGroups'
import { JobError, JobStatus } from './jobs'
import { CapMicros } from './money'
import { ProfileId } from './profiles'

/**
 * A batch as it is sent: the spec the builder made (the backend expands it again with the same code, so
 * the rows it sends are the rows the preview showed) and the name of the file it came from.
 */
export const BatchSubmitInput = z
  .object({
    profileId: ProfileId.optional(),
    name: z.string().trim().min(1).max(200),
    screen: JobGroupScreen,
    spec: BatchSpec,
    /** The prompts file's name, or null when they were typed. */
    fileName: z.string().trim().min(1).max(255).nullable(),
    /** The batch's own spending cap (micro-units of the profile's currency, P50), set with the group. */
    capMicros: CapMicros.nullable().optional()
  })
  .strict()
export type BatchSubmitInput = z.input<typeof BatchSubmitInput>

export const BatchSubmitted = z.object({
  group: JobGroupView,
  /** Jobs made and queued. */
  sent: z.number().int().nonnegative(),
  /** The rows (by index, from 0) that were not sent, each for an issue the preview shows. */
  refused: z.array(z.number().int().nonnegative())
})
export type BatchSubmitted = z.output<typeof BatchSubmitted>

/** What a batch was made from, to show it, make it again or export it with its rows. */
export const BatchSource = z.object({
  fileName: z.string().nullable(),
  spec: BatchSpec
})
export type BatchSource = z.output<typeof BatchSource>

/** A designer's verdict on a result while culling (null: not looked at yet). */
export const Verdict = z.enum(['kept', 'rejected'])
export type Verdict = z.output<typeof Verdict>

/** One result on a batch's contact sheet: enough to draw its tile and mark it. */
export const SheetResult = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video']),
  /** Null until the file is in the library (still downloading, or it failed). */
  mediaId: z.string().nullable(),
  status: z.enum(['pending', 'stored', 'failed', 'expired', 'rejected']),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  verdict: Verdict.nullable()
})
export type SheetResult = z.output<typeof SheetResult>

/** One job of the batch, in the order the batch asked for them. */
export const SheetJob = z.object({
  id: z.string(),
  /** The prompt as sent, cut to 500 characters. */
  prompt: z.string(),
  model: z.string(),
  endpoint: z.string(),
  status: JobStatus,
  /** What went wrong, in the words the job row shows; null while nothing did. */
  error: JobError.nullable(),
  seed: z.union([z.number(), z.string()]).nullable(),
  size: z.string().nullable(),
  /** What it cost (settled sends at their cost, others at their estimate), null without a price. */
  costMicros: z.number().int().nonnegative().nullable(),
  currency: z.string().nullable(),
  results: z.array(SheetResult)
})
export type SheetJob = z.output<typeof SheetJob>

export const BatchSheet = z.object({
  group: JobGroupView,
  jobs: z.array(SheetJob)
})
export type BatchSheet = z.output<typeof BatchSheet>

/** Keep, reject or clear (null) results, at most a whole batch's worth at once. */
export const VerdictSetInput = z
  .object({
    ids: z.array(z.string().min(1).max(64)).min(1).max(20_000),
    verdict: Verdict.nullable()
  })
  .strict()
export const VerdictSet = z.object({ changed: z.number().int().nonnegative() })
