import type { z } from 'zod'

/** Gallery, export and usage (issue 8). */
export const galleryCommands = {} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const galleryEvents = {} as const satisfies Record<string, z.ZodType>
