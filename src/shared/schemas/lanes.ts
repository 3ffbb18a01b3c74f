import { z } from 'zod'
import { ENDPOINT_LIST, type DescriptorKey } from '../gateway/endpoints'
import { JobKind } from './jobKinds'
import { ProfileId } from './profiles'

/**
 * A lane of the send queue: one gateway profile and one endpoint. Each has its own concurrency and rate
 * limit (RELIABILITY P49), so a slow video endpoint, or a gateway that asks one endpoint to slow down,
 * never holds up the others.
 */

export const LANE_ENDPOINTS = ENDPOINT_LIST.map((descriptor) => descriptor.key) as [
  DescriptorKey,
  ...DescriptorKey[]
]
export const LaneEndpoint = z.enum(LANE_ENDPOINTS)

export const MAX_LANE_CONCURRENCY = 32
export const MAX_LANE_PER_MINUTE = 10_000

export const LaneLimits = z
  .object({
    concurrency: z.number().int().min(1).max(MAX_LANE_CONCURRENCY),
    /** Requests started in any 60 s; null: none of ours (the gateway's 429s still slow the lane). */
    perMinute: z.number().int().min(1).max(MAX_LANE_PER_MINUTE).nullable()
  })
  .strict()
export type LaneLimits = z.output<typeof LaneLimits>

export const LaneView = z.object({
  profileId: ProfileId,
  endpoint: LaneEndpoint,
  kind: JobKind,
  limits: LaneLimits,
  /** True when the user set these limits; false while the lane follows the defaults. */
  custom: z.boolean(),
  defaults: LaneLimits,
  /** Requests of the lane in flight now, and waiting to be sent (paused batches not counted). */
  running: z.number().int().min(0),
  waiting: z.number().int().min(0),
  /**
   * After a 429: how many sends at once the lane is down to (one more with each answer that is not a 429,
   * until its concurrency again), and until when (wall-clock ms) it sends nothing at all, as the gateway's
   * Retry-After asked.
   */
  slowedTo: z.number().int().min(1).nullable(),
  holdUntil: z.number().nullable()
})
export type LaneView = z.output<typeof LaneView>

export const LaneQuery = z.object({ profileId: ProfileId }).strict()
export const LaneSetInput = z
  .object({
    profileId: ProfileId,
    endpoint: LaneEndpoint,
    /** null: back to the defaults. */
    limits: LaneLimits.nullable()
  })
  .strict()
export type LaneSetInput = z.output<typeof LaneSetInput>
