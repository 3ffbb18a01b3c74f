import type { FieldMap, ExtraFields } from './fieldMap'
import { broken, intInRange, requireText, type Loose, type PreflightIssue } from './checks'
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

export { parseWxH, type PreflightIssue } from './checks'
export { preflightMerged } from './extraFields'

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
      ...broken({
        field: 'model',
        rule: names.length > 0 ? 'model_not_on_endpoint' : 'model_lists_no_endpoints',
        words: `Pick a model offered on ${ENDPOINT_LABELS[endpoint]}: ${where}`,
        // The endpoint by its key and the model's by their paths, so the renderer names them in its words.
        values: { endpoint, model: model.id }
      }),
      code: MODEL_ENDPOINT_MISMATCH,
      supportedEndpoints: supported
    }
  ]
}

function chatLikeMessages(issues: PreflightIssue[], messages: unknown): void {
  if (!Array.isArray(messages) || messages.length === 0) {
    issues.push(broken({ field: 'messages', rule: 'messages_required', words: 'Add at least one message' }))
    return
  }
  messages.forEach((message: unknown, index) => {
    const role =
      typeof message === 'object' && message !== null ? (message as { role?: unknown }).role : undefined
    const content =
      typeof message === 'object' && message !== null ? (message as { content?: unknown }).content : undefined
    if (typeof role !== 'string' || role === '') {
      const field = `messages[${index}].role`
      issues.push(broken({ field, rule: 'message_role', words: 'Give every message a role' }))
    }
    if (content === undefined || content === null) {
      const field = `messages[${index}].content`
      issues.push(broken({ field, rule: 'message_content', words: 'Give every message some content' }))
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
    issues.push(
      broken({
        field: 'max_tokens',
        rule: 'required_whole_number_at_least',
        words: 'Required: a whole number of at least 1',
        values: { min: 1 }
      })
    )
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
    issues.push(
      broken({ field: 'input', rule: 'required_input', words: 'Required: a text, a list or a conversation' })
    )
  } else if (typeof value !== 'string' && !Array.isArray(value)) {
    issues.push(broken({ field: 'input', rule: 'text_or_list', words: 'Use a text or a list', value }))
  }
  return issues
}
