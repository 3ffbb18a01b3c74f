import type { z } from 'zod'
import { BatchSource, BatchSubmitInput, BatchSubmitted } from '../schemas/batches'
import { JobGroupRef } from '../schemas/jobGroups'

export const batchCommands = {
  /**
   * Expands the spec again (the preview's code), makes a group of the rows that pass their checks, keeps
   * the spec beside it, and queues them. Rows with an issue are never sent.
   */
  'batches.submit': { input: BatchSubmitInput, output: BatchSubmitted },
  /** What a batch was made from. */
  'batches.source': { input: JobGroupRef, output: BatchSource }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
