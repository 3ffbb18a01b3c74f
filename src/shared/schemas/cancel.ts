import { z } from 'zod'

/** What the gateway said to one cancel call: shown to the user as it came. */
export const GatewayCancelAnswer = z.object({
  remoteId: z.string(),
  /** The gateway accepted the cancel. */
  ok: z.boolean(),
  /** The HTTP status of a refusal; null when the gateway accepted it or never answered. */
  status: z.number().int().nullable(),
  message: z.string()
})
export type GatewayCancelAnswer = z.output<typeof GatewayCancelAnswer>

/**
 * What a Cancel did beyond this app: whether the job had tasks the gateway holds, whether the profile knows
 * a cancel call for them (then it was sent, and `answers` says what came back), or not (then the app only
 * stopped following them, and the gateway may still run and bill them).
 */
export const JobCancelOutcome = z.object({
  remote: z.boolean(),
  sent: z.boolean(),
  answers: z.array(GatewayCancelAnswer)
})
export type JobCancelOutcome = z.output<typeof JobCancelOutcome>
