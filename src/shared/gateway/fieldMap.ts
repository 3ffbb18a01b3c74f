import { z } from 'zod'
import { EXTRA_FIELD_DESCRIPTOR_KEYS, FIELD_MAP_SHAPE } from './endpoints'
import { ExtraFieldValues } from './fieldNames'

export { ExtraFieldValues, FieldName, JsonPath, TaskPath } from './fieldNames'

/**
 * Names the spec hides ("not shown"), kept editable per connection profile: one entry per endpoint that has
 * any, declared by its descriptor (`endpoints/<family>.ts`, `names`). Defaults are the recommended answers
 * listed in docs/GATEWAY.md §6; the settings screen edits this object and the client reads it on every call.
 */
export const FieldMap = z.object(FIELD_MAP_SHAPE)
export type FieldMap = z.output<typeof FieldMap>
export type FieldMapInput = z.input<typeof FieldMap>

export function defaultFieldMap(): FieldMap {
  return FieldMap.parse({})
}

/**
 * Endpoints whose body the spec leaves open ("other request fields: not shown", or "the body is open"):
 * the chat styles, and every image and video endpoint whose descriptor says `extras` (v3 lists every field,
 * so it takes no extras).
 */
export const EXTRA_FIELD_ENDPOINTS = [
  'chatCompletions',
  'messages',
  'responses',
  ...EXTRA_FIELD_DESCRIPTOR_KEYS
] as const
export type ExtraFieldEndpoint = (typeof EXTRA_FIELD_ENDPOINTS)[number]

/**
 * "Extra JSON fields" per endpoint: merged into the body under the request's own fields, so an extra can
 * add a field the gateway wants but never overrides what the user typed. For the multipart edit endpoint
 * only string, number and boolean values are sent (as form fields).
 */
export const ExtraFields = z.partialRecord(z.enum(EXTRA_FIELD_ENDPOINTS), ExtraFieldValues)
export type ExtraFields = z.output<typeof ExtraFields>
