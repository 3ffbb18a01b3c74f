import type { z } from 'zod'
import { QueueNotice } from '../schemas/queue'

/**
 * Task queue, videos and notifications (issue 8). The queue itself is `jobs.*` (contracts/jobs.ts): the
 * Tasks and Video screens list, submit, cancel, re-send and delete through it; this fragment only adds the
 * finish notice.
 */
export const queueCommands = {} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const queueEvents = {
  'queue.notice': QueueNotice
} as const satisfies Record<string, z.ZodType>
