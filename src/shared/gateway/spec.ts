import { ENDPOINT_LIST, type Descriptor } from './endpoints'

/**
 * The gateway's paths (draft 0.1.0; summarised in docs/GATEWAY.md): the listing and the chat styles here,
 * every image and video endpoint from its descriptor (`endpoints/`, where its limits live too). Constants
 * common to every endpoint are in `common.ts`; numbers we chose ourselves live next to the code that uses
 * them and say "(ours)".
 */

export {
  MODEL_ENDPOINT_MISMATCH,
  SIZE_WXH,
  TASK_STATUSES,
  TERMINAL_TASK_STATUSES,
  type TaskStatus
} from './common'

const BASE_ENDPOINTS = {
  models: '/v1/models',
  chatCompletions: '/v1/chat/completions',
  messages: '/v1/messages',
  responses: '/v1/responses'
} as const

export const ENDPOINTS = {
  ...BASE_ENDPOINTS,
  ...(Object.fromEntries(ENDPOINT_LIST.map((d) => [d.key, d.path])) as {
    readonly [D in Descriptor as D['key']]: string
  })
}

export type EndpointKey = keyof typeof ENDPOINTS

/** Every endpoint's name in a designer's words: the chat styles here, the rest from their descriptors. */
export const ENDPOINT_LABELS: Readonly<Record<EndpointKey, string>> = {
  models: 'Model list',
  chatCompletions: 'Chat completions',
  messages: 'Messages',
  responses: 'Responses',
  ...(Object.fromEntries(ENDPOINT_LIST.map((d) => [d.key, d.label])) as {
    readonly [D in Descriptor as D['key']]: string
  })
}

/** Endpoints a model is called on; the listing and task polls are not model calls. */
export const MODEL_ENDPOINT_KEYS = [
  'chatCompletions',
  'messages',
  'responses',
  ...ENDPOINT_LIST.map((d) => d.key)
] as const satisfies readonly EndpointKey[]
export type ModelEndpointKey = Exclude<EndpointKey, 'models'>

/** Other spellings a `supported_endpoints` entry may use for the same endpoint (see each descriptor). */
export const ENDPOINT_ALIASES: Readonly<Partial<Record<ModelEndpointKey, readonly string[]>>> =
  Object.fromEntries(ENDPOINT_LIST.flatMap((d) => ('aliases' in d && d.aliases ? [[d.key, d.aliases]] : [])))

/**
 * The name a designer knows an endpoint by, from its path or another spelling of it ("Streaming groups",
 * not `/partner-a/v3/images/generations`); a path no endpoint has is shown as it is.
 */
export function endpointName(path: string): string {
  const wanted = path.trim().replace(/(.)\/+$/, '$1')
  for (const key of Object.keys(ENDPOINTS) as EndpointKey[]) {
    const aliases: readonly string[] = key === 'models' ? [] : (ENDPOINT_ALIASES[key] ?? [])
    if (ENDPOINTS[key] === wanted || aliases.includes(wanted)) return ENDPOINT_LABELS[key]
  }
  return path
}
