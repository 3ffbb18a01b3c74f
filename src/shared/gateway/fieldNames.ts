import { z } from 'zod'

/**
 * The shapes of names a gateway profile may set: a body field's name, a task path, a path into an answer,
 * and extra JSON fields. Each endpoint descriptor builds its own hidden names from these; `fieldMap.ts`
 * gathers them into the profile's field map.
 */

export const FieldName = z
  .string()
  .trim()
  .min(1, 'A field name cannot be empty')
  .max(100)
  .regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'Use letters, digits, "_", "-" or "." (starting with a letter or "_")')

/** A GET path template relative to the base URL; `{id}` is replaced by the (URL-encoded) task id. */
export const TaskPath = z
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

export const ExtraFieldValues = z.record(FieldName, z.json())
export type ExtraFieldValues = z.output<typeof ExtraFieldValues>
