import { defaultFieldMap, type ExtraFieldEndpoint, type ExtraFields, type FieldMap } from './fieldMap'
import {
  ENDPOINT_ALIASES,
  ENDPOINTS,
  MODEL_ENDPOINT_MISMATCH,
  PARTNER_A_MIN_MAX_IMAGES,
  PARTNER_A_OUTPUT_FORMATS,
  PARTNER_A_RESPONSE_FORMATS,
  PARTNER_B_COUNT,
  PARTNER_B_MAX_ASPECT,
  PARTNER_B_MAX_PIXELS,
  PARTNER_B_MAX_REFERENCE_IMAGES,
  PARTNER_B_MIN_PIXELS,
  PARTNER_B_TEXT_ONLY_TIER,
  PARTNER_B_TIERS,
  SIZE_WXH,
  V2_MAX_REFERENCE_IMAGES,
  V2_RESOLUTIONS,
  V3_BACKGROUNDS,
  V3_COMPRESSION_FORMATS,
  V3_COMPRESSION_MAX,
  V3_COMPRESSION_MIN,
  V3_MODERATION,
  V3_N_MAX,
  V3_N_MIN,
  V3_OUTPUT_FORMATS,
  V3_SIZES,
  V3_TRANSPARENT_FORMATS,
  VIDEO_MIN_DURATION,
  type ModelEndpointKey
} from './spec'

/**
 * Pre-flight checks of every limit the gateway spec states, run before a byte is sent and, in the renderer,
 * while the user types. Inputs are read defensively (a half-filled form may hold anything), so each check
 * looks at the runtime value rather than trusting the declared type.
 */

export interface PreflightIssue {
  /** The request field the issue is about, in the caller's terms (e.g. `referenceImages`, `model`). */
  field: string
  message: string
  /** Set for the endpoint check, so it can be told apart from a plain input issue. */
  code?: typeof MODEL_ENDPOINT_MISMATCH
  supportedEndpoints?: string[]
  /** The endpoint takes no such field at all (e.g. `n` on v2): any value is wrong, so "remove it". */
  notAccepted?: true
  /**
   * Set when the offending value came from extra JSON fields rather than the request's own fields: the
   * request's (the form's extra box) or the gateway profile's (Settings), so the user knows where to fix it.
   */
  source?: 'request' | 'profile'
}

type Loose<T> = { readonly [K in keyof T]?: unknown } & { readonly [key: string]: unknown }

const list = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(', ')
const show = (value: unknown): string => {
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  return Array.isArray(value) ? 'a list' : typeof value
}
const isPresent = (value: unknown): boolean => value !== undefined
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value)

function requireText(issues: PreflightIssue[], input: Loose<object>, field: string, what: string): void {
  const value = input[field]
  if (typeof value !== 'string' || value.trim() === '') {
    issues.push({ field, message: `${what} is required and cannot be empty.` })
  }
}

function oneOf(
  issues: PreflightIssue[],
  field: string,
  value: unknown,
  allowed: readonly string[]
): value is string {
  if (value === undefined) return false
  if (typeof value !== 'string' || !allowed.includes(value)) {
    issues.push({ field, message: `${field} must be one of ${list(allowed)} (got ${show(value)}).` })
    return false
  }
  return true
}

function intInRange(
  issues: PreflightIssue[],
  field: string,
  value: unknown,
  min: number,
  max?: number
): void {
  if (value === undefined) return
  const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`
  if (!isInt(value) || value < min || (max !== undefined && value > max)) {
    issues.push({ field, message: `${field} must be a whole number ${range} (got ${show(value)}).` })
  }
}

function stringList(
  issues: PreflightIssue[],
  field: string,
  value: unknown,
  max: number,
  isValid: (item: string) => boolean,
  kind: string
): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) {
    issues.push({ field, message: `${field} must be a list of ${kind}.` })
    return []
  }
  if (value.length > max) {
    issues.push({ field, message: `${field} allows at most ${max} images (got ${value.length}).` })
  }
  value.forEach((item, index) => {
    if (typeof item !== 'string' || !isValid(item)) {
      issues.push({ field: `${field}[${index}]`, message: `${field}[${index}] must be ${kind}.` })
    }
  })
  return value.filter((item): item is string => typeof item === 'string')
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

const isImageRef = (value: string): boolean => isHttpUrl(value) || /^data:image\/[\w.+-]+;base64,/.test(value)

function refuseN(
  issues: PreflightIssue[],
  input: Loose<object>,
  endpointName: string,
  instead: string
): void {
  const extra = input['extra']
  const inExtra = typeof extra === 'object' && extra !== null && 'n' in extra
  if (isPresent(input['n']) || inExtra) {
    issues.push({ field: 'n', message: `${endpointName} does not accept n; ${instead}`, notAccepted: true })
  }
}

export function parseWxH(value: string): { width: number; height: number } | undefined {
  const match = SIZE_WXH.exec(value)
  if (!match) return undefined
  return { width: Number(match[1]), height: Number(match[2]) }
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
  const where = supported.length > 0 ? `It supports: ${supported.join(', ')}.` : 'It lists no endpoints.'
  return [
    {
      field: 'model',
      message: `Model "${model.id}" cannot be used on ${ENDPOINTS[endpoint]}. ${where}`,
      code: MODEL_ENDPOINT_MISMATCH,
      supportedEndpoints: supported
    }
  ]
}

function chatLikeMessages(issues: PreflightIssue[], messages: unknown): void {
  if (!Array.isArray(messages) || messages.length === 0) {
    issues.push({ field: 'messages', message: 'messages is required: a list with at least one message.' })
    return
  }
  messages.forEach((message: unknown, index) => {
    const role =
      typeof message === 'object' && message !== null ? (message as { role?: unknown }).role : undefined
    const content =
      typeof message === 'object' && message !== null ? (message as { content?: unknown }).content : undefined
    if (typeof role !== 'string' || role === '') {
      issues.push({ field: `messages[${index}].role`, message: `messages[${index}] needs a role.` })
    }
    if (content === undefined || content === null) {
      issues.push({ field: `messages[${index}].content`, message: `messages[${index}] needs content.` })
    }
  })
}

export function preflightChatCompletion(
  input: Loose<{ model: string; messages: unknown[] }>
): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model', 'model')
  chatLikeMessages(issues, input['messages'])
  return issues
}

export function preflightMessages(
  input: Loose<{ model: string; max_tokens: number; messages: unknown[] }>
): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model', 'model')
  if (input['max_tokens'] === undefined) {
    issues.push({ field: 'max_tokens', message: 'max_tokens is required: a whole number of at least 1.' })
  } else {
    intInRange(issues, 'max_tokens', input['max_tokens'], 1)
  }
  chatLikeMessages(issues, input['messages'])
  return issues
}

export function preflightResponses(input: Loose<{ model: string; input: unknown }>): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model', 'model')
  const value = input['input']
  const empty =
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  if (empty) {
    issues.push({ field: 'input', message: 'input is required: a text, a list or a conversation.' })
  } else if (typeof value !== 'string' && !Array.isArray(value)) {
    issues.push({ field: 'input', message: 'input must be a text or a list.' })
  }
  return issues
}

export function preflightImagesV1(input: Loose<{ model: string; prompt: string }>): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model', 'model')
  requireText(issues, input, 'prompt', 'prompt')
  return issues
}

export function preflightImageEdit(input: {
  model?: unknown
  prompt?: unknown
  imageCount: number
  maskCount?: number
}): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model', 'model')
  requireText(issues, input, 'prompt', 'prompt')
  if (input.imageCount < 1)
    issues.push({ field: 'image', message: 'image is required: add at least 1 image.' })
  if ((input.maskCount ?? 0) > 1) issues.push({ field: 'mask', message: 'mask allows at most 1 file.' })
  return issues
}

export function preflightImagesV3(
  input: Loose<{
    model: string
    prompt: string
    n: number
    size: string
    background: string
    output_format: string
    moderation: string
    compression: number
  }>
): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model', 'model')
  requireText(issues, input, 'prompt', 'prompt')
  intInRange(issues, 'n', input['n'], V3_N_MIN, V3_N_MAX)
  oneOf(issues, 'size', input['size'], V3_SIZES)
  const formatOk = oneOf(issues, 'output_format', input['output_format'], V3_OUTPUT_FORMATS)
  // The spec's default format is png, which is what the gateway applies when the field is omitted.
  const format = formatOk ? input['output_format'] : input['output_format'] === undefined ? 'png' : undefined
  if (
    oneOf(issues, 'background', input['background'], V3_BACKGROUNDS) &&
    input['background'] === 'transparent'
  ) {
    if (format !== undefined && !(V3_TRANSPARENT_FORMATS as readonly string[]).includes(format)) {
      issues.push({
        field: 'background',
        message: `background "transparent" needs output_format ${list(V3_TRANSPARENT_FORMATS)} (got "${format}").`
      })
    }
  }
  oneOf(issues, 'moderation', input['moderation'], V3_MODERATION)
  const compression = input['compression']
  if (compression !== undefined) {
    intInRange(issues, 'compression', compression, V3_COMPRESSION_MIN, V3_COMPRESSION_MAX)
    if (format !== undefined && !(V3_COMPRESSION_FORMATS as readonly string[]).includes(format)) {
      issues.push({
        field: 'compression',
        message: `compression only applies to output_format ${list(V3_COMPRESSION_FORMATS)} (got "${format}").`
      })
    }
  }
  return issues
}

export function preflightImagesV2(
  input: Loose<{ model: string; prompt: string; size: string; resolution: string; referenceImages: string[] }>
): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model', 'model')
  requireText(issues, input, 'prompt', 'prompt')
  refuseN(issues, input, 'The asynchronous image endpoint', 'create one task per image instead.')
  const size = input['size']
  if (size !== undefined && (typeof size !== 'string' || size.trim() === '')) {
    issues.push({ field: 'size', message: 'size must be a ratio such as "1:1" or "16:9".' })
  }
  oneOf(issues, 'resolution', input['resolution'], V2_RESOLUTIONS)
  stringList(
    issues,
    'referenceImages',
    input['referenceImages'],
    V2_MAX_REFERENCE_IMAGES,
    isHttpUrl,
    'an http(s) URL'
  )
  return issues
}

export function preflightPartnerA(
  input: Loose<{ model: string; prompt: string }>,
  options: { stream: boolean; modelStreams?: boolean | undefined }
): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model', 'model')
  requireText(issues, input, 'prompt', 'prompt')
  refuseN(issues, input, 'partner-a', 'use sequential_image_generation "auto" with max_images for a group.')
  const seqOptions = input['sequential_image_generation_options']
  if (seqOptions !== undefined) {
    if (typeof seqOptions !== 'object' || seqOptions === null || Array.isArray(seqOptions)) {
      issues.push({ field: 'sequential_image_generation_options', message: 'must be an object.' })
    } else {
      intInRange(
        issues,
        'sequential_image_generation_options.max_images',
        (seqOptions as { max_images?: unknown }).max_images,
        PARTNER_A_MIN_MAX_IMAGES
      )
    }
  }
  oneOf(issues, 'response_format', input['response_format'], PARTNER_A_RESPONSE_FORMATS)
  oneOf(issues, 'output_format', input['output_format'], PARTNER_A_OUTPUT_FORMATS)
  const image = input['image']
  if (image !== undefined && typeof image !== 'string') {
    stringList(issues, 'image', image, Number.MAX_SAFE_INTEGER, isImageRef, 'a URL or a Base64 data URI')
  }
  if (input['seed'] !== undefined && !isInt(input['seed'])) {
    issues.push({ field: 'seed', message: `seed must be a whole number (got ${show(input['seed'])}).` })
  }
  if (input['watermark'] !== undefined && typeof input['watermark'] !== 'boolean') {
    issues.push({ field: 'watermark', message: 'watermark must be true or false.' })
  }
  // Only a known "no" refuses: the listing does not say which models stream, so unknown is left to the gateway.
  if (options.stream && options.modelStreams === false) {
    issues.push({
      field: 'stream',
      message: 'This model does not stream; turn off progressive results (stream) for it.'
    })
  }
  return issues
}

export function preflightPartnerB(
  input: Loose<{
    model: string
    prompt: string
    count: number
    size: string
    seed: number
    watermark: boolean
    referenceImages: string[]
  }>
): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model', 'model')
  requireText(issues, input, 'prompt', 'prompt')
  const count = input['count']
  if (count !== undefined && count !== PARTNER_B_COUNT) {
    issues.push({ field: 'count', message: `count must be exactly ${PARTNER_B_COUNT} (got ${show(count)}).` })
  }
  const refs = stringList(
    issues,
    'referenceImages',
    input['referenceImages'],
    PARTNER_B_MAX_REFERENCE_IMAGES,
    isImageRef,
    'a URL or an image data URI'
  )
  const size = input['size']
  if (size !== undefined) {
    const allowed = `a tier ${list(PARTNER_B_TIERS)} or <width>x<height>`
    if (typeof size !== 'string') {
      issues.push({ field: 'size', message: `size must be ${allowed}.` })
    } else if ((PARTNER_B_TIERS as readonly string[]).includes(size)) {
      if (size === PARTNER_B_TEXT_ONLY_TIER && refs.length > 0) {
        issues.push({
          field: 'size',
          message: `size "${size}" is only for text-to-image; remove the reference images or pick "1K" or "2K".`
        })
      }
    } else {
      const wxh = parseWxH(size)
      if (!wxh) {
        issues.push({ field: 'size', message: `size must be ${allowed} (got ${show(size)}).` })
      } else {
        const pixels = wxh.width * wxh.height
        if (pixels < PARTNER_B_MIN_PIXELS || pixels > PARTNER_B_MAX_PIXELS) {
          issues.push({
            field: 'size',
            message: `size must have between 768×768 (${PARTNER_B_MIN_PIXELS}) and 4096×4096 (${PARTNER_B_MAX_PIXELS}) pixels in total (got ${pixels}).`
          })
        }
        const long = Math.max(wxh.width, wxh.height)
        const short = Math.min(wxh.width, wxh.height)
        if (long > short * PARTNER_B_MAX_ASPECT) {
          issues.push({
            field: 'size',
            message: `size must have an aspect ratio between 1:${PARTNER_B_MAX_ASPECT} and ${PARTNER_B_MAX_ASPECT}:1 (got ${size}).`
          })
        }
      }
    }
  }
  if (input['seed'] !== undefined && !isInt(input['seed'])) {
    issues.push({ field: 'seed', message: `seed must be a whole number (got ${show(input['seed'])}).` })
  }
  if (input['watermark'] !== undefined && typeof input['watermark'] !== 'boolean') {
    issues.push({ field: 'watermark', message: 'watermark must be true or false.' })
  }
  return issues
}

export function preflightVideo(
  input: Loose<{ model: string; prompt: string; duration: number; size: string }>
): PreflightIssue[] {
  const issues: PreflightIssue[] = []
  requireText(issues, input, 'model', 'model')
  requireText(issues, input, 'prompt', 'prompt')
  if (input['duration'] === undefined) {
    issues.push({
      field: 'duration',
      message: `duration is required: a whole number of seconds, at least ${VIDEO_MIN_DURATION}.`
    })
  } else {
    intInRange(issues, 'duration', input['duration'], VIDEO_MIN_DURATION)
  }
  const size = input['size']
  if (size !== undefined && (typeof size !== 'string' || !parseWxH(size))) {
    issues.push({
      field: 'size',
      message: `size must be <width>x<height>, e.g. 1280x720 (got ${show(size)}).`
    })
  }
  return issues
}

// ---- extra JSON fields: the body as the gateway receives it ----

/** The gateway profile's side of a request: what it merges into every body, and its name for the message. */
export interface ProfileExtras {
  name: string
  extraFields: ExtraFields
  fieldMap: FieldMap
}

/**
 * Wire names of the fields whose names the spec hides, by the request's own (logical) name. An extra under
 * one of these names is that field on the wire; everywhere else the wire name is the logical name.
 */
function hiddenNames(endpoint: ExtraFieldEndpoint, fieldMap: FieldMap): Readonly<Record<string, string>> {
  if (endpoint === 'imagesV2') {
    const { size, resolution, referenceImages } = fieldMap.imagesV2
    return { size, resolution, referenceImages }
  }
  if (endpoint === 'partnerB') {
    const { count, size, seed, watermark, referenceImages } = fieldMap.partnerB
    return { count, size, seed, watermark, referenceImages }
  }
  return {}
}

interface Provenance {
  source: 'request' | 'profile'
  wireName: string
  value: unknown
}

/**
 * Runs an endpoint's checks on the body the gateway will receive: the request's fields over the request's
 * extras over the profile's extras, as the client merges them (an extra never overrides a field the request
 * sets). Issues about a value an extra supplied say so; one from the profile's extras names the profile
 * and where in Settings to change it (issue 11, finding 7: a profile `n` went unchecked to v2, partner-a
 * and partner-b). The renderer runs this as the user types, the backend on submit and again before sending.
 */
export function preflightMerged(
  endpoint: ExtraFieldEndpoint,
  input: Readonly<Record<string, unknown>>,
  requestExtra: Readonly<Record<string, unknown>> | undefined,
  profile: ProfileExtras | undefined,
  check: (merged: Record<string, unknown>) => PreflightIssue[]
): PreflightIssue[] {
  // Without a profile the request's extras are read under the default names, as the client would send them.
  const hidden = hiddenNames(endpoint, profile?.fieldMap ?? defaultFieldMap())
  const logicalOf = new Map(Object.entries(hidden).map(([logical, wire]) => [wire, logical]))
  const merged: Record<string, unknown> = { ...input }
  const provenance = new Map<string, Provenance>()
  const layers = [
    { source: 'request', values: requestExtra },
    { source: 'profile', values: profile?.extraFields[endpoint] }
  ] as const
  for (const { source, values } of layers) {
    for (const [wireName, value] of Object.entries(values ?? {})) {
      // `extra` is the request's container for its extras, never judged as one of them.
      if (wireName === 'extra') continue
      // A logical name sent under another wire name is not that field when it appears as an extra.
      const logical = logicalOf.get(wireName) ?? (wireName in hidden ? undefined : wireName)
      if (logical === undefined || merged[logical] !== undefined) continue
      merged[logical] = value
      provenance.set(logical, { source, wireName, value })
    }
  }
  return check(merged).map((issue) => {
    const from = provenance.get(issue.field.split(/[.[]/)[0] ?? issue.field)
    if (!from) return issue
    if (from.source === 'request') return { ...issue, source: 'request' }
    return { ...issue, source: 'profile', message: profileExtraMessage(endpoint, issue, from, profile) }
  })
}

function profileExtraMessage(
  endpoint: ExtraFieldEndpoint,
  issue: PreflightIssue,
  from: Provenance,
  profile: ProfileExtras | undefined
): string {
  const where = `Settings › Gateways › ${profile?.name ? `${profile.name} › ` : ''}Extra JSON fields`
  const field = `\`${from.wireName}\``
  if (issue.notAccepted) {
    return `The gateway profile's extra JSON fields set ${field}, which ${ENDPOINTS[endpoint]} does not accept: remove it in ${where}.`
  }
  return `The gateway profile's extra JSON fields set ${field} to ${show(from.value)}, which ${ENDPOINTS[endpoint]} does not accept: ${issue.message} Change or remove it in ${where}.`
}
