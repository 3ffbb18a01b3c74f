import { z } from 'zod'
import type { ModelEndpointKey } from './spec'

/**
 * Names the spec hides ("not shown"), kept editable per connection profile. Defaults are the recommended
 * answers listed in docs/GATEWAY.md; the settings screen edits this object and the client reads it on every call.
 */

const FieldName = z
  .string()
  .trim()
  .min(1, 'A field name cannot be empty')
  .max(100)
  .regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'Use letters, digits, "_", "-" or "." (starting with a letter or "_")')

/** A GET path template relative to the base URL; `{id}` is replaced by the (URL-encoded) task id. */
const TaskPath = z
  .string()
  .trim()
  .regex(
    /^\/[^\s?#]*\{id\}[^\s?#]*$/,
    'Use a path that starts with "/" and contains {id}, e.g. /v1/videos/{id}'
  )

/** A dotted path into a JSON response, with `[n]` for array elements, e.g. `result.videos[0].url`. */
export const JsonPath = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_-]*(\[\d+\])*(\.[A-Za-z_][A-Za-z0-9_-]*(\[\d+\])*)*$/,
    'Use a dotted path such as result.video_url or data[0].url'
  )

export const ImagesV2FieldMap = z.object({
  /** The "ratio/size field" of §4.8 (ratio values like `16:9`). */
  size: FieldName.default('size'),
  resolution: FieldName.default('resolution'),
  referenceImages: FieldName.default('image_urls'),
  /** Tried before the built-in list of result URL names when set. */
  resultUrlPath: JsonPath.optional()
})

export const ImagesV3FieldMap = z.object({
  /** The content-safety policy setting of §4.7. */
  moderation: FieldName.default('moderation'),
  /** The JPEG/WebP compression quality setting of §4.7. */
  compression: FieldName.default('output_compression')
})

export const PartnerBFieldMap = z.object({
  count: FieldName.default('n'),
  size: FieldName.default('size'),
  seed: FieldName.default('seed'),
  watermark: FieldName.default('watermark'),
  referenceImages: FieldName.default('image')
})

export const VideoFieldMap = z.object({
  queryPath: TaskPath.default('/v1/videos/generations/{id}'),
  /** Tried first; the built-in alternatives of docs/GATEWAY.md follow. */
  resultUrlPath: JsonPath.default('result.video_url'),
  /** Absent: the gateway offers no cancel we know of, so the UI hides the button. */
  cancel: z
    .object({
      method: z.enum(['DELETE', 'POST']).default('DELETE'),
      path: TaskPath
    })
    .optional()
})

export const FieldMap = z.object({
  imagesV2: ImagesV2FieldMap.prefault({}),
  imagesV3: ImagesV3FieldMap.prefault({}),
  partnerB: PartnerBFieldMap.prefault({}),
  video: VideoFieldMap.prefault({})
})
export type FieldMap = z.output<typeof FieldMap>
export type FieldMapInput = z.input<typeof FieldMap>

export function defaultFieldMap(): FieldMap {
  return FieldMap.parse({})
}

/**
 * Endpoints whose body the spec leaves open ("other request fields: not shown", or "the body is open").
 * v3 lists every field, so it takes no extras.
 */
export const EXTRA_FIELD_ENDPOINTS = [
  'chatCompletions',
  'messages',
  'responses',
  'imagesV1',
  'imageEdits',
  'imagesV2',
  'partnerA',
  'partnerB',
  'videos'
] as const satisfies readonly ModelEndpointKey[]
export type ExtraFieldEndpoint = (typeof EXTRA_FIELD_ENDPOINTS)[number]

export const ExtraFieldValues = z.record(FieldName, z.json())
export type ExtraFieldValues = z.output<typeof ExtraFieldValues>

/**
 * "Extra JSON fields" per endpoint: merged into the body under the request's own fields, so an extra can
 * add a field the gateway wants but never overrides what the user typed. For the multipart edit endpoint
 * only string, number and boolean values are sent (as form fields).
 */
export const ExtraFields = z.partialRecord(z.enum(EXTRA_FIELD_ENDPOINTS), ExtraFieldValues)
export type ExtraFields = z.output<typeof ExtraFields>
