import { z } from 'zod'

/** The chat-completions answer and stream chunks (docs/GATEWAY.md §2.2, §4.2); all read loosely. */

export const ChatUsage = z.looseObject({
  prompt_tokens: z.number().optional(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
  prompt_tokens_details: z.looseObject({}).nullish()
})
export type ChatUsage = z.output<typeof ChatUsage>

const ToolCall = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.looseObject({ name: z.string().optional(), arguments: z.string().optional() }).optional()
})

export const ChatChoice = z.looseObject({
  index: z.number().catch(0).default(0),
  message: z
    .looseObject({
      role: z.string().optional(),
      content: z.string().nullish(),
      tool_calls: z.array(ToolCall).nullish()
    })
    .optional(),
  finish_reason: z.string().nullish()
})

export const ChatCompletion = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  model: z.string().optional(),
  choices: z.array(ChatChoice),
  usage: ChatUsage.nullish()
})
export type ChatCompletion = z.output<typeof ChatCompletion>

const ToolCallDelta = z.looseObject({
  index: z.number().catch(0).default(0),
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish()
})

/** One `chat.completion.chunk`. Some backends send `choices: null` or omit it, hence the defaults. */
export const ChatChunk = z.looseObject({
  id: z.string().optional(),
  model: z.string().optional(),
  choices: z
    .array(
      z.looseObject({
        index: z.number().catch(0).default(0),
        delta: z
          .looseObject({
            role: z.string().nullish(),
            content: z.string().nullish(),
            reasoning_content: z.string().nullish(),
            tool_calls: z.array(ToolCallDelta).nullish()
          })
          .nullish(),
        finish_reason: z.string().nullish()
      })
    )
    .nullish(),
  usage: ChatUsage.nullish()
})
export type ChatChunk = z.output<typeof ChatChunk>
