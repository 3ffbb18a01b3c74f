import type { z } from 'zod'

/** Chat: conversations, messages, streaming replies (issue 6). */
export const chatCommands = {} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const chatEvents = {} as const satisfies Record<string, z.ZodType>
