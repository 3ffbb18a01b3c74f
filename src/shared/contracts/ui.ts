import type { z } from 'zod'
import { Empty } from '../schemas/app'
import { LastUsed, RememberLastUsedInput } from '../schemas/lastUsed'

/**
 * What the renderer remembers about its own screens, kept by the backend: the web host's origin (its port)
 * changes per launch, so browser storage would forget it at every restart.
 */
export const uiCommands = {
  'ui.lastUsed.get': { input: Empty, output: LastUsed },
  'ui.lastUsed.remember': { input: RememberLastUsedInput, output: LastUsed }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
