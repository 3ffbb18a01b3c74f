import { z } from 'zod'

/**
 * What a caller asks of the listing and the chat endpoints: the spec names their fields, so the input is the
 * wire body. The schemas only check shapes; every limit the spec states is checked by `preflight.ts`. The
 * image and video requests are declared by their descriptors (`endpoints/<family>.ts`).
 */

/** A model entry of the listing (docs/GATEWAY.md §2.1); unknown keys are kept. */
export const ModelEntry = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  owned_by: z.string().optional(),
  supported_endpoints: z.array(z.string()).catch([]).default([]),
  billing_unit: z.string().optional()
})
export type ModelEntry = z.output<typeof ModelEntry>

export const ChatMessage = z.looseObject({ role: z.string(), content: z.unknown() })
export const ChatCompletionRequest = z.looseObject({
  model: z.string(),
  messages: z.array(ChatMessage)
})
export type ChatCompletionRequest = z.output<typeof ChatCompletionRequest>

export const MessagesRequest = z.looseObject({
  model: z.string(),
  max_tokens: z.number(),
  messages: z.array(ChatMessage)
})
export type MessagesRequest = z.output<typeof MessagesRequest>

export const ResponsesRequest = z.looseObject({
  model: z.string(),
  input: z.union([z.string(), z.array(z.unknown())])
})
export type ResponsesRequest = z.output<typeof ResponsesRequest>
