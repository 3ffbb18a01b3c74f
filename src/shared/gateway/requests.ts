import { z } from 'zod'
import { ExtraFieldValues } from './fieldMap'

/**
 * What a caller asks of each endpoint, in the gateway's logical terms. Where the spec hides a field's name
 * the input uses our own name (e.g. `referenceImages`) and the client maps it through the profile's field
 * map; where the spec names the fields (chat, messages, responses, partner-a) the input is the wire body.
 * The schemas only check shapes; every limit the spec states is checked by `preflight.ts`, which names the
 * field and the allowed values.
 */

/** A model entry of the listing (§2.1); unknown keys are kept. */
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

export const ImagesV1Request = z.looseObject({ model: z.string(), prompt: z.string() })
export type ImagesV1Request = z.output<typeof ImagesV1Request>

export const ImagesV3Request = z.object({
  model: z.string(),
  prompt: z.string(),
  n: z.number().optional(),
  size: z.string().optional(),
  background: z.string().optional(),
  output_format: z.string().optional(),
  /** Sent under the field map's `imagesV3.moderation` name. */
  moderation: z.string().optional(),
  /** Sent under the field map's `imagesV3.compression` name. */
  compression: z.number().optional()
})
export type ImagesV3Request = z.output<typeof ImagesV3Request>

export const ImagesV2Request = z.object({
  model: z.string(),
  prompt: z.string(),
  /** Ratio-like value such as `16:9` (the spec's "ratio/size field"). */
  size: z.string().optional(),
  resolution: z.string().optional(),
  referenceImages: z.array(z.string()).optional(),
  extra: ExtraFieldValues.optional()
})
export type ImagesV2Request = z.output<typeof ImagesV2Request>

export const PartnerARequest = z.looseObject({
  model: z.string(),
  prompt: z.string(),
  image: z.union([z.string(), z.array(z.string())]).optional(),
  size: z.string().optional(),
  seed: z.number().optional(),
  guidance_scale: z.number().optional(),
  response_format: z.string().optional(),
  output_format: z.string().optional(),
  watermark: z.boolean().optional(),
  sequential_image_generation: z.string().optional(),
  sequential_image_generation_options: z.looseObject({ max_images: z.number().optional() }).optional(),
  tools: z.array(z.looseObject({})).optional(),
  optimize_prompt_options: z.looseObject({ mode: z.string().optional() }).optional()
})
export type PartnerARequest = z.output<typeof PartnerARequest>

export const PartnerBRequest = z.object({
  model: z.string(),
  prompt: z.string(),
  count: z.number().optional(),
  /** A tier (`1K`/`2K`/`4K`) or `<width>x<height>`. */
  size: z.string().optional(),
  seed: z.number().optional(),
  watermark: z.boolean().optional(),
  referenceImages: z.array(z.string()).optional(),
  extra: ExtraFieldValues.optional()
})
export type PartnerBRequest = z.output<typeof PartnerBRequest>

export const VideoRequest = z.object({
  model: z.string(),
  prompt: z.string(),
  duration: z.number(),
  size: z.string().optional(),
  extra: ExtraFieldValues.optional()
})
export type VideoRequest = z.output<typeof VideoRequest>
