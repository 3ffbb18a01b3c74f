import type { z } from 'zod'
import {
  BatchSheet,
  BatchSource,
  BatchSubmitInput,
  BatchSubmitted,
  VerdictSet,
  VerdictSetInput
} from '../schemas/batches'
import { JobGroupRef } from '../schemas/jobGroups'

export const batchCommands = {
  /**
   * Expands the spec again (the preview's code), makes a group of the rows that pass their checks, keeps
   * the spec beside it, and queues them. Rows with an issue are never sent.
   */
  'batches.submit': { input: BatchSubmitInput, output: BatchSubmitted },
  /** What a batch was made from. */
  'batches.source': { input: JobGroupRef, output: BatchSource },
  /** A batch's contact sheet: every job in the batch's order, with its results and their verdicts. */
  'batches.sheet': { input: JobGroupRef, output: BatchSheet },
  /** Keep, reject or clear results (of any batch, or none). */
  'results.setVerdict': { input: VerdictSetInput, output: VerdictSet }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
