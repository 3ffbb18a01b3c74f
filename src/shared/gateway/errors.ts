import { z } from 'zod'
import { PREFLIGHT_RULES, type PreflightIssue } from './checks'
import { MODEL_ENDPOINT_MISMATCH } from './spec'

/**
 * A pre-flight issue as it crosses to the renderer (in an error view, or a refused job's details): its
 * English message and what another language words it from (`PreflightIssue`). Read tolerantly: an issue
 * stored before rules had codes, or with a rule this build does not know, still has its message.
 */
export const IssueView = z.object({
  field: z.string(),
  message: z.string(),
  rule: z.enum(PREFLIGHT_RULES).optional().catch(undefined),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])).optional(),
  about: z
    .object({
      field: z.string(),
      value: z
        .object({ text: z.string(), kind: z.enum(['text', 'empty', 'nothing', 'list', 'object']) })
        .optional()
    })
    .optional(),
  supportedEndpoints: z.array(z.string()).optional(),
  notAccepted: z.literal(true).optional(),
  source: z.enum(['request', 'profile']).optional(),
  profile: z.object({ wireName: z.string(), name: z.string().optional() }).optional()
})
export type IssueView = z.output<typeof IssueView>

/**
 * What the UI shows for a gateway failure: words a designer understands and the one action that helps.
 * Built from the plain facts of a failure (`GatewayErrorInfo`) so the renderer never sees an exception.
 */
export const GatewayErrorView = z.object({
  kind: z.enum([
    'auth',
    'balance',
    'permission',
    'unavailable',
    'mismatch',
    'invalid',
    'rate_limited',
    'in_progress',
    'server_error',
    'network',
    'timeout',
    'outcome_unknown',
    'stream_incomplete',
    'cancelled',
    'unknown'
  ]),
  title: z.string(),
  message: z.string(),
  action: z.enum([
    're_enter_key',
    'check_balance',
    'check_permission',
    'retry_later',
    'pick_model',
    'fix_input',
    'confirm_resend',
    'none'
  ]),
  /** Where the failure happened (`GatewayFailureReason`), which words an unknown outcome more precisely. */
  reason: z.string().optional(),
  status: z.number().int().optional(),
  code: z.string().optional(),
  supportedEndpoints: z.array(z.string()).optional(),
  /** The gateway's own message (or envelope), kept so nothing the gateway said is lost. Never holds the key. */
  raw: z.string().optional(),
  /**
   * The gateway's own message as it came (its envelope's `message`), set only when the gateway answered:
   * shown beside our words in every language, never translated.
   */
  said: z.string().optional(),
  /** Our own pre-flight's issues, when the failure is one: each words itself in the reader's language. */
  issues: z.array(IssueView).optional()
})
export type GatewayErrorView = z.output<typeof GatewayErrorView>
export type GatewayErrorKind = GatewayErrorView['kind']
export type GatewayErrorAction = GatewayErrorView['action']

/** Where a failure happened; decides the words when no HTTP status tells more. */
export type GatewayFailureReason =
  | 'http'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'preflight'
  | 'stream_incomplete'
  | 'stream_error'
  | 'invalid_response'

/**
 * `failed`: the gateway certainly did not run the job (nothing to pay, safe to send again).
 * `unknown`: it may have run and billed it; sending again needs the user's "may double-charge" consent.
 */
export type GatewayOutcome = 'failed' | 'unknown'

export interface GatewayErrorInfo {
  reason: GatewayFailureReason
  status?: number | undefined
  type?: string | undefined
  code?: string | undefined
  message: string
  outcome?: GatewayOutcome | undefined
  supportedEndpoints?: string[] | undefined
  issues?: PreflightIssue[] | undefined
  raw?: string | undefined
}

const QUOTA_WORDS = /quota|balance|credit|billing|insufficient_funds|payment/i

/** 402, and 403/429 whose type or code talks about money (new-api answers 403, OpenAI 429). */
export function isQuotaError(info: Pick<GatewayErrorInfo, 'status' | 'type' | 'code'>): boolean {
  if (info.status === 402) return true
  const words = `${info.type ?? ''} ${info.code ?? ''}`
  return (info.status === 403 || info.status === 429) && QUOTA_WORDS.test(words)
}

function byStreamType(type: string | undefined, code: string | undefined): GatewayErrorKind {
  const words = `${type ?? ''} ${code ?? ''}`.toLowerCase()
  if (QUOTA_WORDS.test(words)) return 'balance'
  if (words.includes('authentication') || words.includes('unauthorized')) return 'auth'
  if (words.includes('permission') || words.includes('forbidden')) return 'permission'
  if (words.includes('rate_limit')) return 'rate_limited'
  if (words.includes('overloaded') || words.includes('unavailable')) return 'unavailable'
  if (words.includes('invalid') || words.includes('sensitive')) return 'invalid'
  return 'unknown'
}

const COPY: Record<GatewayErrorKind, { title: string; message: string; action: GatewayErrorAction }> = {
  auth: {
    title: 'The gateway rejected this key',
    message:
      'It may be wrong, revoked or disabled. Check it in Settings › Gateways; if it is right, ask the ' +
      'gateway owner whether it was revoked or disabled.',
    action: 're_enter_key'
  },
  balance: {
    title: 'Not enough balance',
    message: 'The account behind this key has run out of balance or quota. Top it up, then try again.',
    action: 'check_balance'
  },
  permission: {
    title: 'No access to this model',
    message:
      'This key may not use this model, or the model needs a higher tier. Ask the gateway owner for access.',
    action: 'check_permission'
  },
  unavailable: {
    title: 'Model unavailable right now',
    message:
      'The gateway cannot serve this model on this endpoint at the moment. Nothing was charged. ' +
      'Try again later, or pick another model.',
    action: 'retry_later'
  },
  mismatch: {
    title: 'This model cannot do that',
    message: 'The model does not support this kind of request. Pick a model that does.',
    action: 'pick_model'
  },
  invalid: {
    title: 'The request needs a fix',
    message: 'The gateway refused the request as sent. Check the highlighted settings.',
    action: 'fix_input'
  },
  rate_limited: {
    title: 'Too many requests',
    message: 'The gateway asked us to slow down. Wait a moment and try again.',
    action: 'retry_later'
  },
  in_progress: {
    title: 'Still being processed',
    message:
      'The gateway is still working on this same request, sent earlier with the same request key. ' +
      'Wait for it to finish and check the results before sending it again.',
    action: 'none'
  },
  server_error: {
    title: 'The gateway had a problem',
    message: 'The gateway answered with a server error. Try again in a little while.',
    action: 'retry_later'
  },
  network: {
    title: 'Cannot reach the gateway',
    message: 'The connection failed. Check the network and the gateway address, then try again.',
    action: 'retry_later'
  },
  timeout: {
    title: 'The gateway took too long',
    message: 'No answer came in time. Try again later.',
    action: 'retry_later'
  },
  outcome_unknown: {
    title: 'Not sure whether this ran',
    message:
      'The connection broke after the request was sent, so the gateway may have run (and billed) it. ' +
      'Check the results before sending again: sending again may charge twice.',
    action: 'confirm_resend'
  },
  stream_incomplete: {
    title: 'The result stopped early',
    message:
      'The stream ended before the gateway said it was done. What arrived is kept. ' +
      'Sending again may charge twice.',
    action: 'confirm_resend'
  },
  cancelled: { title: 'Cancelled', message: 'The request was cancelled.', action: 'none' },
  unknown: {
    title: 'The gateway reported a problem',
    message: 'The gateway returned an error we do not recognise; its message is shown below.',
    action: 'none'
  }
}

function kindOf(info: GatewayErrorInfo): GatewayErrorKind {
  if (info.reason === 'cancelled') return 'cancelled'
  if (info.code === MODEL_ENDPOINT_MISMATCH || info.issues?.some((i) => i.code === MODEL_ENDPOINT_MISMATCH)) {
    return 'mismatch'
  }
  if (info.reason === 'preflight') return 'invalid'
  if (info.reason === 'stream_incomplete') return 'stream_incomplete'
  if (info.reason === 'stream_error') return byStreamType(info.type, info.code)
  const status = info.status
  if (status !== undefined) {
    if (status === 401) return 'auth'
    if (isQuotaError(info)) return 'balance'
    if (status === 403) return 'permission'
    if (status === 429) return 'rate_limited'
    // A billed POST that got a 5xx the gateway did not sign with its envelope may have run (P17).
    if (status >= 500 && info.outcome === 'unknown') return 'outcome_unknown'
    if (status === 503) return 'unavailable'
    if (status >= 500) return 'server_error'
    // On a billed POST a 409 means the same request (same Idempotency-Key) is still in flight.
    if (status === 409 && info.outcome !== undefined) return 'in_progress'
    if (status === 408) return info.outcome === 'unknown' ? 'outcome_unknown' : 'timeout'
    if (status >= 400) return 'invalid'
  }
  if (info.outcome === 'unknown' && info.reason !== 'http') return 'outcome_unknown'
  if (info.reason === 'network') return 'network'
  if (info.reason === 'timeout') return 'timeout'
  return 'unknown'
}

/** Says what actually happened: an answer with a server error is not a broken connection. */
function unknownOutcomeWords(info: GatewayErrorInfo): string {
  const after =
    info.reason === 'http' && info.status !== undefined
      ? `The gateway answered with a server error (HTTP ${info.status}) after it received the request`
      : info.reason === 'timeout'
        ? 'No answer came in time after the request was sent'
        : info.reason === 'invalid_response'
          ? 'The gateway accepted the request but its answer could not be read'
          : 'The connection broke after the request was sent'
  return (
    `${after}, so it may have run (and billed) it. ` +
    'Check the results before sending again: sending again may charge twice.'
  )
}

/** A plain copy of an issue, with only what the renderer reads. */
function issueView(issue: PreflightIssue): IssueView {
  const { field, message, rule, values, about, supportedEndpoints, notAccepted, source, profile } = issue
  return {
    field,
    message,
    rule,
    ...(values ? { values: values as IssueView['values'] } : {}),
    about,
    ...(supportedEndpoints ? { supportedEndpoints } : {}),
    ...(notAccepted ? { notAccepted } : {}),
    ...(source ? { source } : {}),
    ...(profile ? { profile } : {})
  }
}

export function toErrorView(info: GatewayErrorInfo): GatewayErrorView {
  const kind = kindOf(info)
  const copy = COPY[kind]
  let message = copy.message
  const action = copy.action
  if (kind === 'outcome_unknown') message = unknownOutcomeWords(info)
  if (
    (kind === 'invalid' || kind === 'mismatch' || kind === 'unknown') &&
    info.issues &&
    info.issues.length > 0
  ) {
    message = info.issues.map((issue) => issue.message).join(' ')
  } else if ((kind === 'invalid' || kind === 'unknown' || kind === 'mismatch') && info.message) {
    message = info.message
  }
  const view: GatewayErrorView = { kind, title: copy.title, message, action, reason: info.reason }
  if (info.status !== undefined) view.status = info.status
  if (info.code !== undefined) view.code = info.code
  if (info.supportedEndpoints !== undefined) view.supportedEndpoints = info.supportedEndpoints
  const raw =
    info.raw ?? (info.reason === 'http' || info.reason === 'stream_error' ? info.message : undefined)
  if (raw !== undefined) view.raw = raw
  if ((info.reason === 'http' || info.reason === 'stream_error') && info.message) view.said = info.message
  if (info.issues && info.issues.length > 0) view.issues = info.issues.map(issueView)
  return view
}
