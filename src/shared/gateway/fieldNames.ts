import { z } from 'zod'

/**
 * The shapes of names a gateway profile may set: a body field's name, a task path, a path into an answer,
 * and extra JSON fields. Each endpoint descriptor builds its own hidden names from these; `fieldMap.ts`
 * gathers them into the profile's field map.
 */

/** The patterns, exported so a refusal can say which kind of name it wanted (src/main/profiles/inputWords.ts). */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]*$/
export const TASK_PATH_PATTERN = /^\/[^\s?#]*\{id\}[^\s?#]*$/
export const JSON_PATH_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*(\[\d+\])*(\.[A-Za-z_][A-Za-z0-9_-]*(\[\d+\])*)*$/

export const FieldName = z
  .string()
  .trim()
  .min(1, 'A field name cannot be empty')
  .max(100)
  .regex(FIELD_NAME_PATTERN, 'Use letters, digits, "_", "-" or "." (starting with a letter or "_")')

/** A GET path template relative to the base URL; `{id}` is replaced by the (URL-encoded) task id. */
export const TaskPath = z
  .string()
  .trim()
  .regex(TASK_PATH_PATTERN, 'Use a path that starts with "/" and contains {id}, e.g. /v1/videos/{id}')

/** A dotted path into a JSON response, with `[n]` for array elements, e.g. `result.videos[0].url`. */
export const JsonPath = z
  .string()
  .trim()
  .regex(JSON_PATH_PATTERN, 'Use a dotted path such as result.video_url or data[0].url')

export const ExtraFieldValues = z.record(FieldName, z.json())
export type ExtraFieldValues = z.output<typeof ExtraFieldValues>
