import { z } from 'zod'

/** §2.5: the image result set shared by v1, edits, v3, partner-a and partner-b answers. */

export const ImageItem = z.looseObject({
  url: z.string().optional(),
  b64_json: z.string().optional(),
  size: z.string().optional(),
  revised_prompt: z.string().optional(),
  /** Ark may put a per-image failure in place of the image (docs/GATEWAY.md). */
  error: z.looseObject({ code: z.string().optional(), message: z.string().optional() }).optional()
})
export type ImageItem = z.output<typeof ImageItem>

/** Ark's SDK says `created_at` where its docs say `created`; both are read into `created`. */
const withCreated = <T extends { created?: number | undefined; created_at?: number | undefined }>(
  value: T
) => ({
  ...value,
  created: value.created ?? value.created_at
})

export const ImageResultSet = z
  .looseObject({
    created: z.number().optional(),
    created_at: z.number().optional(),
    data: z.array(ImageItem),
    usage: z.looseObject({}).nullish()
  })
  .transform(withCreated)
export type ImageResultSet = z.output<typeof ImageResultSet>

/** §4.7: v3 adds the settings actually used and detailed usage. */
export const ImagesV3Result = z.looseObject({
  created: z.number().optional(),
  background: z.string().optional(),
  output_format: z.string().optional(),
  quality: z.string().optional(),
  size: z.string().optional(),
  data: z.array(ImageItem),
  usage: z
    .looseObject({
      total_tokens: z.number().optional(),
      input_tokens: z.number().optional(),
      output_tokens: z.number().optional(),
      input_tokens_details: z
        .looseObject({ text_tokens: z.number().optional(), image_tokens: z.number().optional() })
        .optional()
    })
    .nullish()
})
export type ImagesV3Result = z.output<typeof ImagesV3Result>

/** §6 and docs/GATEWAY.md: partner-a stream events; their objects are open. */
export const PartnerAEvent = z
  .looseObject({
    type: z.string(),
    image_index: z.number().optional(),
    b64_json: z.string().optional(),
    url: z.string().optional(),
    size: z.string().optional(),
    model: z.string().optional(),
    created: z.number().optional(),
    created_at: z.number().optional(),
    error: z.looseObject({ code: z.string().optional(), message: z.string().optional() }).optional(),
    data: z.array(ImageItem).optional(),
    usage: z.looseObject({}).nullish()
  })
  .transform(withCreated)
export type PartnerAEvent = z.output<typeof PartnerAEvent>
