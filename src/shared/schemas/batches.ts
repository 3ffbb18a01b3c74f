import { z } from 'zod'
import { BatchSpec } from '../batches/spec'
import { JobGroupScreen, JobGroupView } from './jobGroups'
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
