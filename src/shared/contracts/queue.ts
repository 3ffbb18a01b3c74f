import type { z } from 'zod'

/** Task queue, videos and notifications (issue 8). */
export const queueCommands = {} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const queueEvents = {} as const satisfies Record<string, z.ZodType>
