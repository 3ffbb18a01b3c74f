import { z } from 'zod'

/** The responses answer and its OpenAI Responses stream events (docs/GATEWAY.md §2.2, §4.2). */

export const ResponsesUsage = z.looseObject({
  input_tokens: z.number().optional(),
  output_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
  input_tokens_details: z.looseObject({}).nullish()
})
export type ResponsesUsage = z.output<typeof ResponsesUsage>

export const ResponsesResult = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  status: z.string().optional(),
  model: z.string().optional(),
  output: z.array(z.looseObject({ type: z.string().optional() })),
  usage: ResponsesUsage.nullish(),
  incomplete_details: z.looseObject({ reason: z.string().optional() }).nullish(),
  error: z.unknown().optional()
})
export type ResponsesResult = z.output<typeof ResponsesResult>

/** The `response` carried by created/in_progress events may still lack `output`. */
export const ResponsesSnapshot = ResponsesResult.extend({
  id: z.string().optional(),
  output: z.array(z.looseObject({ type: z.string().optional() })).optional()
})

export const ResponsesStreamEvent = z.looseObject({
  type: z.string(),
  sequence_number: z.number().optional(),
  item_id: z.string().optional(),
  output_index: z.number().optional(),
  content_index: z.number().optional(),
  delta: z.string().optional(),
  arguments: z.string().optional(),
  item: z.looseObject({}).optional(),
  response: ResponsesSnapshot.optional()
})
