import type { FieldMap, ExtraFields } from './fieldMap'
import { about, intInRange, requireText, type Loose, type PreflightIssue } from './checks'
import {
  ENDPOINT_ALIASES,
  ENDPOINT_LABELS,
  endpointName,
  ENDPOINTS,
  MODEL_ENDPOINT_MISMATCH,
  type ModelEndpointKey
} from './spec'

/**
 * Pre-flight checks of every limit the gateway spec states, run before a byte is sent and, in the renderer,
 * while the user types: here the endpoint check and the chat styles; each image and video endpoint's own
 * checks are in its descriptor (`endpoints/<family>.ts`), built from the pieces in `checks.ts`.
 */

export { parseWxH, preflightMerged, type PreflightIssue } from './checks'

/** The gateway profile's side of a request: what it merges into every body, and its name for the message. */
export interface ProfileExtras {
  name: string
  extraFields: ExtraFields
  fieldMap: FieldMap
}

/** Whether a model entry lists an endpoint, accepting the spec's other spellings and a trailing slash. */
export function modelSupports(
  supportedEndpoints: readonly string[] | undefined,
  endpoint: ModelEndpointKey
): boolean {
  const wanted = new Set([ENDPOINTS[endpoint], ...(ENDPOINT_ALIASES[endpoint] ?? [])])
  return (supportedEndpoints ?? []).some((entry) => wanted.has(entry.trim().replace(/(.)\/+$/, '$1')))
}

/**
 * The local twin of the gateway's `model_endpoint_mismatch`: a model whose listing lacks the endpoint is
 * refused, naming the endpoints it does support. An unknown model (not in the listing) passes; the gateway
 * decides.
 */
export function checkModelEndpoint(
  model: { readonly id: string; readonly supported_endpoints?: readonly string[] } | undefined,
  endpoint: ModelEndpointKey
): PreflightIssue[] {
  if (!model || modelSupports(model.supported_endpoints, endpoint)) return []
  const supported = [...(model.supported_endpoints ?? [])]
  const names = [...new Set(supported.map(endpointName))]
  const where =
    names.length > 0
      ? `"${model.id}" is only on ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}`
      : `"${model.id}" lists no endpoints`
  return [
    {
      field: 'model',
      message: `Pick a model offered on ${ENDPOINT_LABELS[endpoint]}: ${where} ${about('model')}.`,
      code: MODEL_ENDPOINT_MISMATCH,
      supportedEndpoints: supported
    }
  ]
}

function chatLikeMessages(issues: PreflightIssue[], messages: unknown): void {
  if (!Array.isArray(messages) || messages.length === 0) {
    issues.push({ field: 'messages', message: `Add at least one message ${about('messages')}.` })
    return
  }
  messages.forEach((message: unknown, index) => {
    const role =
      typeof message === 'object' && message !== null ? (message as { role?: unknown }).role : undefined
    const content =
      typeof message === 'object' && message !== null ? (message as { content?: unknown }).content : undefined
    if (typeof role !== 'string' || role === '') {
      const field = `messages[${index}].role`
      issues.push({ field, message: `Give every message a role ${about(field)}.` })
    }
    if (content === undefined || content === null) {
      const field = `messages[${index}].content`
      issues.push({ field, message: `Give every message some content ${about(field)}.` })
    }
  })
}

export function preflightChatCompletion(
  input: Loose<{ model: string; messages: unknown[] }>
): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model')
  chatLikeMessages(issues, input['messages'])
  return issues
}

export function preflightMessages(
  input: Loose<{ model: string; max_tokens: number; messages: unknown[] }>
): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model')
  if (input['max_tokens'] === undefined) {
    issues.push({
      field: 'max_tokens',
      message: `Required: a whole number of at least 1 ${about('max_tokens')}.`
    })
  } else {
    intInRange(issues, 'max_tokens', input['max_tokens'], 1)
  }
  chatLikeMessages(issues, input['messages'])
  return issues
}

export function preflightResponses(input: Loose<{ model: string; input: unknown }>): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model')
  const value = input['input']
  const empty =
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  if (empty) {
    issues.push({ field: 'input', message: `Required: a text, a list or a conversation ${about('input')}.` })
  } else if (typeof value !== 'string' && !Array.isArray(value)) {
    issues.push({ field: 'input', message: `Use a text or a list ${about('input', value)}.` })
  }
  return issues
}
