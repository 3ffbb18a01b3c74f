import type { z } from 'zod'
import type { AnyDescriptor, NamesSpec } from './descriptor'
import { imageEdits } from './imageEdits'
import { imagesV1 } from './imagesV1'
import { imagesV2 } from './imagesV2'
import { imagesV3 } from './imagesV3'
import { partnerA } from './partnerA'
import { partnerB } from './partnerB'
import { videos } from './videos'

/**
 * Every image and video endpoint of the gateway, one descriptor each, in the order docs/GATEWAY.md lists
 * them. Adding an endpoint is adding its descriptor here; the paths, the field map, the extra-field
 * endpoints, the job request, the client, the task engine and the Images form all follow from this list.
 * (Chat endpoints have their own modules: src/main/gateway/endpoints and src/main/chat.)
 */
export const ENDPOINT_LIST = [imagesV1, imageEdits, imagesV3, imagesV2, partnerA, partnerB, videos] as const

type List = typeof ENDPOINT_LIST
export type Descriptor = List[number]
export type DescriptorKey = Descriptor['key']
export type DescriptorOf<K extends DescriptorKey> = Extract<Descriptor, { key: K }>

export const DESCRIPTORS = Object.fromEntries(ENDPOINT_LIST.map((d) => [d.key, d])) as {
  readonly [D in Descriptor as D['key']]: D
}

/** The descriptor of an endpoint key, typed loosely for code that runs any of them. */
export const descriptorOf = (key: DescriptorKey): AnyDescriptor => DESCRIPTORS[key]

export type TaskDescriptorKey = Extract<Descriptor, { kind: 'task' }>['key']

/** The endpoint family a stored job names by its path (or one of the path's other spellings). */
export function descriptorAt(path: string): AnyDescriptor | undefined {
  return ENDPOINT_LIST.find((d) => d.path === path || ('aliases' in d && d.aliases?.includes(path)))
}

/** The task endpoint a job row names by its path (a job stores the path it was sent to). */
export function taskEndpointAt(path: string): TaskDescriptorKey | undefined {
  const descriptor = ENDPOINT_LIST.find((d) => d.path === path)
  return descriptor?.kind === 'task' ? descriptor.key : undefined
}

/** The job schemas, as the tuple a discriminated union takes. */
export const JOB_SCHEMAS = ENDPOINT_LIST.map((d) => d.job) as unknown as JobsOf<List>
type JobsOf<T extends readonly unknown[]> = { [I in keyof T]: T[I] extends { job: infer J } ? J : never }

type WithNames = Extract<Descriptor, { names: NamesSpec }>
/** The field map's entries: each endpoint's hidden names, filled with their defaults when absent. */
export type FieldMapShape = {
  [D in WithNames as D['names']['key']]: z.ZodPrefault<D['names']['schema']>
}
export const FIELD_MAP_SHAPE = Object.fromEntries(
  ENDPOINT_LIST.flatMap((d) =>
    d.names ? [[d.names.key, (d.names.schema as z.ZodType).prefault({})] as const] : []
  ).sort(([a], [b]) => a.localeCompare(b))
) as FieldMapShape

/** The endpoints whose body takes extra JSON fields (the profile's, and the request's own). */
type ExtraKey = Extract<Descriptor, { extras: true }>['key']
export const EXTRA_FIELD_DESCRIPTOR_KEYS = ENDPOINT_LIST.flatMap((d): ExtraKey[] => (d.extras ? [d.key] : []))

/** The hidden names of an endpoint under a profile's field map, or their defaults. */
export function namesOf(
  descriptor: AnyDescriptor,
  fieldMap: Readonly<Record<string, unknown>> | undefined
): Record<string, never> {
  if (!descriptor.names) return {}
  const names = fieldMap?.[descriptor.names.key] ?? descriptor.names.schema.parse({})
  return names as Record<string, never>
}

export type { AnyDescriptor } from './descriptor'
export { imageEdits, imagesV1, imagesV2, imagesV3, partnerA, partnerB, videos }
