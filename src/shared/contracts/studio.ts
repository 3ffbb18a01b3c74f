import type { z } from 'zod'

/** Image studio and edit: library imports, reference images, masks (issue 7). */
export const studioCommands = {} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const studioEvents = {} as const satisfies Record<string, z.ZodType>
