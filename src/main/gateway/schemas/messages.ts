import { z } from 'zod'

/** The messages answer and its Anthropic stream events (docs/GATEWAY.md §2.2, §4.2). */

export const MessagesUsage = z.looseObject({
  input_tokens: z.number().nullish(),
  output_tokens: z.number().nullish(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish()
})
export type MessagesUsage = z.output<typeof MessagesUsage>

export const MessagesResult = z.looseObject({
  id: z.string(),
  type: z.string().optional(),
  role: z.string().optional(),
  model: z.string().optional(),
  content: z.array(z.looseObject({ type: z.string() })),
  stop_reason: z.string().nullish(),
  usage: MessagesUsage.nullish()
})
export type MessagesResult = z.output<typeof MessagesResult>

export const MessageStart = z.looseObject({
  type: z.literal('message_start'),
  message: z.looseObject({
    id: z.string().optional(),
    model: z.string().optional(),
    usage: MessagesUsage.nullish()
  })
})

export const ContentBlockStart = z.looseObject({
  type: z.literal('content_block_start'),
  index: z.number(),
  content_block: z.looseObject({
    type: z.string(),
    id: z.string().optional(),
    name: z.string().optional(),
    text: z.string().optional(),
    thinking: z.string().optional()
  })
})

export const ContentBlockDelta = z.looseObject({
  type: z.literal('content_block_delta'),
  index: z.number(),
  delta: z.looseObject({
    type: z.string(),
    text: z.string().optional(),
    partial_json: z.string().optional(),
    thinking: z.string().optional(),
    signature: z.string().optional()
  })
})

export const ContentBlockStop = z.looseObject({ type: z.literal('content_block_stop'), index: z.number() })

export const MessageDelta = z.looseObject({
  type: z.literal('message_delta'),
  delta: z.looseObject({ stop_reason: z.string().nullish(), stop_sequence: z.string().nullish() }).optional(),
  usage: MessagesUsage.nullish()
})
